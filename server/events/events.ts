// Events and their remarks: the list behind GET /common/event, /vessel/event and /vessel/daily/event, the rule of
// who sees which event (a vessel user only its own vessel's), and adding a remark.
import type { AuthUser } from '../auth/user.ts';
import type { Sql } from '../db/db.ts';
import { badRequest, forbidden, notFound } from '../http/errors.ts';
import { parseRange } from '../http/params.ts';
import { isoRequired } from '../http/rows.ts';
import { isRestricted, isVesselUser } from '../../src/core/role.ts';
import type { EventItem, EventRemark } from '../../src/core/contract/common.ts';

const EVENT_LIMIT = 500;

export interface EventFilter {
  vslCd?: string | undefined;
  portCd?: string | undefined;
  from?: Date | null;
  to?: Date | null;
}

interface EventRow {
  evnt_seq: number;
  vsl_cd: string | null;
  vsl_nm: string | null;
  port_cd: string | null;
  port_nm: string | null;
  evnt_tp_cd: string;
  evnt_nm: string;
  evnt_dt: Date;
  evnt_desc: string;
}

interface RemarkRow {
  rmk_seq: number;
  evnt_seq: number;
  usr_id: string;
  usr_nm: string;
  remark: string;
  cre_dt: Date;
}

/** A vessel user may only look at its own vessel; everyone else at any. */
function assertEventScope(user: AuthUser, vslCd: string | null | undefined): void {
  if (isVesselUser(user) && vslCd !== user.ofcId) {
    throw forbidden(`A vessel user sees only the events of its own vessel ${user.ofcId}`);
  }
}

/** 404 naming the field when a filter code is not a known vessel or port. */
async function assertKnown(sql: Sql, filter: EventFilter): Promise<void> {
  if (filter.vslCd !== undefined) {
    const v = await sql.query('SELECT 1 FROM vessels WHERE vsl_cd = $1', [filter.vslCd]);
    if (!v[0]) throw notFound(`vslCd ${filter.vslCd} was not found`);
  }
  if (filter.portCd !== undefined) {
    const p = await sql.query('SELECT 1 FROM ports WHERE port_cd = $1', [filter.portCd]);
    if (!p[0]) throw notFound(`portCd ${filter.portCd} was not found`);
  }
}

/** Events the caller may see that match the filter, newest first, each with its remarks oldest first. */
export async function listEvents(sql: Sql, user: AuthUser, filter: EventFilter): Promise<EventItem[]> {
  const where: string[] = [];
  const params: unknown[] = [];
  const add = (cond: string, value: unknown) => {
    params.push(value);
    where.push(cond.replace('?', `$${params.length}`));
  };
  if (isVesselUser(user)) add('e.vsl_cd = ?', user.ofcId);
  if (filter.vslCd !== undefined) add('e.vsl_cd = ?', filter.vslCd);
  if (filter.portCd !== undefined) add('e.port_cd = ?', filter.portCd);
  if (filter.from) add('e.evnt_dt >= ?', filter.from);
  if (filter.to) add('e.evnt_dt <= ?', filter.to);
  params.push(EVENT_LIMIT);
  const rows = await sql.query<EventRow>(
    `SELECT e.evnt_seq, e.vsl_cd, v.vsl_nm, e.port_cd, p.port_nm, e.evnt_tp_cd, e.evnt_nm, e.evnt_dt, e.evnt_desc
       FROM events e LEFT JOIN vessels v ON v.vsl_cd = e.vsl_cd LEFT JOIN ports p ON p.port_cd = e.port_cd
      ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
      ORDER BY e.evnt_dt DESC, e.evnt_seq DESC LIMIT $${params.length}`,
    params,
  );
  if (rows.length === 0) return [];
  const remarks = await sql.query<RemarkRow>(
    `SELECT r.rmk_seq, r.evnt_seq, r.usr_id, u.usr_nm, r.remark, r.cre_dt
       FROM event_remarks r JOIN users u ON u.usr_id = r.usr_id
      WHERE r.evnt_seq = ANY($1::int[]) ORDER BY r.cre_dt, r.rmk_seq`,
    [rows.map((r) => r.evnt_seq)],
  );
  const byEvent = new Map<number, EventRemark[]>();
  for (const r of remarks) {
    const list = byEvent.get(r.evnt_seq) ?? [];
    list.push({
      rmkSeq: r.rmk_seq,
      usrId: r.usr_id,
      usrNm: r.usr_nm,
      remark: r.remark,
      creDt: isoRequired(r.cre_dt),
    });
    byEvent.set(r.evnt_seq, list);
  }
  return rows.map((r) => ({
    evntSeq: r.evnt_seq,
    vslCd: r.vsl_cd,
    vslNm: r.vsl_nm,
    portCd: r.port_cd,
    portNm: r.port_nm,
    evntTpCd: r.evnt_tp_cd,
    evntNm: r.evnt_nm,
    evntDt: isoRequired(r.evnt_dt),
    evntDesc: r.evnt_desc,
    remarkList: byEvent.get(r.evnt_seq) ?? [],
  }));
}

/** GET /common/event: the events a filter names (a vessel user's own vessel only), 404 for an unknown code. */
export async function findEvents(
  sql: Sql,
  user: AuthUser,
  q: {
    vslCd?: string | undefined;
    portCd?: string | undefined;
    fromDt?: string | undefined;
    toDt?: string | undefined;
  },
): Promise<EventItem[]> {
  if (q.vslCd !== undefined) assertEventScope(user, q.vslCd);
  const range = parseRange(q.fromDt, q.toDt);
  const filter = { vslCd: q.vslCd, portCd: q.portCd, ...range };
  await assertKnown(sql, filter);
  return listEvents(sql, user, filter);
}

/** The text of a new remark, trimmed, after the write rule (never types 5 and 6); 400 when blank. */
export function remarkText(user: AuthUser, remark: string): string {
  if (isRestricted(user)) throw forbidden('Users of type 5 and 6 are read-only');
  const text = remark.trim();
  if (!text) throw badRequest('body.remark must not be blank');
  return text;
}

/** Adds a remark (text from remarkText) to an event the caller may see; its rmkSeq. */
export async function addRemark(sql: Sql, user: AuthUser, evntSeq: number, remark: string): Promise<number> {
  const ev = await sql.query<{ vsl_cd: string | null }>('SELECT vsl_cd FROM events WHERE evnt_seq = $1', [
    evntSeq,
  ]);
  if (!ev[0]) throw notFound(`evntSeq ${evntSeq} was not found`);
  assertEventScope(user, ev[0].vsl_cd);
  const ins = await sql.query<{ rmk_seq: number }>(
    'INSERT INTO event_remarks (evnt_seq, usr_id, remark) VALUES ($1, $2, $3) RETURNING rmk_seq',
    [evntSeq, user.usrId, remark],
  );
  return ins[0]?.rmk_seq ?? 0;
}
