// What people write on a vessel: handover, cascade and widget memos and the next dry-dock plan. The writes run
// inside the caller's transaction (the routes' mutate(): Idempotency-Key and audit row).
import type { AuthUser } from '../auth/user.ts';
import type { Sql } from '../db/db.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { parseTime } from '../http/params.ts';
import { isoRequired } from '../http/rows.ts';
import type { RoleGroup } from '../../src/core/role.ts';
import type {
  Memo,
  MemoListResponse,
  MemoSaveResponse,
  NextDock,
  NextDockBody,
} from '../../src/core/contract/vessel-memos.ts';
import { assertVesselWriter, loadVessel } from './access.ts';

const MEMO_LIMIT = 200;

export type MemoTp = 'HANDOVER' | 'CASCADE' | 'WIDGET';

/** Who may write each kind of memo (never types 5 and 6; a vessel user only on its own vessel). */
const WRITERS: Record<MemoTp, readonly RoleGroup[]> = {
  HANDOVER: ['vessel', 'operator'],
  CASCADE: ['vessel', 'operator', 'agent'],
  WIDGET: ['vessel', 'operator', 'agent'],
};

interface MemoRow {
  memo_seq: number;
  vsl_cd: string;
  wdgt_id: string | null;
  memo: string;
  cre_usr_id: string;
  usr_nm: string | null;
  cre_dt: Date;
}

async function listMemos(sql: Sql, vslCd: string, memoTp: MemoTp, wdgtId?: string): Promise<Memo[]> {
  const rows = await sql.query<MemoRow>(
    `SELECT m.memo_seq, m.vsl_cd, m.wdgt_id, m.memo, m.cre_usr_id, u.usr_nm, m.cre_dt
       FROM vessel_memos m LEFT JOIN users u ON u.usr_id = m.cre_usr_id
      WHERE m.vsl_cd = $1 AND m.memo_tp = $2 AND ($3::text IS NULL OR m.wdgt_id = $3)
      ORDER BY m.cre_dt DESC, m.memo_seq DESC LIMIT ${MEMO_LIMIT}`,
    [vslCd, memoTp, wdgtId ?? null],
  );
  return rows.map((r) => ({
    memoSeq: r.memo_seq,
    vslCd: r.vsl_cd,
    wdgtId: r.wdgt_id,
    memo: r.memo,
    creUsrId: r.cre_usr_id,
    creUsrNm: r.usr_nm ?? r.cre_usr_id,
    creDt: isoRequired(r.cre_dt),
  }));
}

async function assertWidget(sql: Sql, wdgtId: string): Promise<void> {
  const w = await sql.query('SELECT 1 FROM widgets WHERE wdgt_id = $1', [wdgtId]);
  if (!w[0]) throw notFound(`wdgtId ${wdgtId} was not found`);
}

/** The vessel's memos of one kind (of one widget when wdgtId is given), newest first. */
export async function memos(
  sql: Sql,
  user: AuthUser,
  vslCd: string,
  memoTp: MemoTp,
  wdgtId?: string,
): Promise<MemoListResponse> {
  const v = await loadVessel(sql, user, vslCd);
  if (wdgtId !== undefined) await assertWidget(sql, wdgtId);
  return { memoList: await listMemos(sql, v.vsl_cd, memoTp, wdgtId) };
}

export interface MemoInput {
  vslCd: string;
  memo: string;
  wdgtId?: string;
}

/** The write rule of a memo and its text trimmed, checked before the transaction; 400 when blank. */
export function memoText(user: AuthUser, memoTp: MemoTp, body: MemoInput): string {
  assertVesselWriter(user, body.vslCd, WRITERS[memoTp]);
  const memo = body.memo.trim();
  if (!memo) throw badRequest('body.memo must not be blank');
  return memo;
}

/** Saves one memo (text from memoText); the same shape for every kind. */
export async function saveMemo(
  sql: Sql,
  user: AuthUser,
  memoTp: MemoTp,
  body: MemoInput,
  memo: string,
): Promise<MemoSaveResponse> {
  await loadVessel(sql, user, body.vslCd, 'write');
  if (body.wdgtId !== undefined) await assertWidget(sql, body.wdgtId);
  const ins = await sql.query<{ memo_seq: number }>(
    'INSERT INTO vessel_memos (vsl_cd, memo_tp, wdgt_id, memo, cre_usr_id) VALUES ($1, $2, $3, $4, $5) RETURNING memo_seq',
    [body.vslCd, memoTp, body.wdgtId ?? null, memo, user.usrId],
  );
  return { success: true, msg: 'Memo saved', memoSeq: ins[0]?.memo_seq ?? 0 };
}

async function readDock(sql: Sql, vslCd: string): Promise<NextDock | null> {
  const rows = await sql.query<{
    vsl_cd: string;
    yard_nm: string;
    port_cd: string;
    port_nm: string;
    fm_dt: Date;
    to_dt: Date;
    remark: string;
    upd_usr_id: string;
    upd_dt: Date;
  }>('SELECT d.*, p.port_nm FROM next_docks d JOIN ports p ON p.port_cd = d.port_cd WHERE d.vsl_cd = $1', [
    vslCd,
  ]);
  const r = rows[0];
  if (!r) return null;
  return {
    vslCd: r.vsl_cd,
    yardNm: r.yard_nm,
    portCd: r.port_cd,
    portNm: r.port_nm,
    fmDt: isoRequired(r.fm_dt),
    toDt: isoRequired(r.to_dt),
    remark: r.remark,
    updUsrId: r.upd_usr_id,
    updDt: isoRequired(r.upd_dt),
  };
}

/** The vessel's next dry-dock plan, or null. */
export async function nextDock(sql: Sql, user: AuthUser, vslCd: string): Promise<NextDock | null> {
  const v = await loadVessel(sql, user, vslCd);
  return readDock(sql, v.vsl_cd);
}

export interface DockPlan {
  fm: Date;
  to: Date;
  yardNm: string;
}

/** The write rule of a dry-dock plan (operators only) and its times and yard checked, before the transaction. */
export function dockPlan(user: AuthUser, b: NextDockBody): DockPlan {
  assertVesselWriter(user, b.vslCd, ['operator']);
  const fm = parseTime(b.fmDt, 'body.fmDt');
  const to = parseTime(b.toDt, 'body.toDt');
  if (!(fm.getTime() < to.getTime())) throw badRequest('body.fmDt must be earlier than body.toDt');
  const yardNm = b.yardNm.trim();
  if (!yardNm) throw badRequest('body.yardNm must not be blank');
  return { fm, to, yardNm };
}

/** Replaces the vessel's next dry-dock plan with the checked one and answers it as now stored. */
export async function saveNextDock(
  sql: Sql,
  user: AuthUser,
  b: NextDockBody,
  plan: DockPlan,
): Promise<{ success: boolean; msg: string; nextDock: NextDock }> {
  const { fm, to, yardNm } = plan;
  await loadVessel(sql, user, b.vslCd, 'write');
  const port = await sql.query('SELECT 1 FROM ports WHERE port_cd = $1', [b.portCd]);
  if (!port[0]) throw badRequest(`body.portCd: unknown port ${b.portCd}`);
  await sql.query(
    `INSERT INTO next_docks (vsl_cd, yard_nm, port_cd, fm_dt, to_dt, remark, upd_usr_id, upd_dt)
           VALUES ($1, $2, $3, $4, $5, $6, $7, now())
           ON CONFLICT (vsl_cd) DO UPDATE SET yard_nm = EXCLUDED.yard_nm, port_cd = EXCLUDED.port_cd, fm_dt = EXCLUDED.fm_dt,
             to_dt = EXCLUDED.to_dt, remark = EXCLUDED.remark, upd_usr_id = EXCLUDED.upd_usr_id, upd_dt = now()`,
    [b.vslCd, yardNm, b.portCd, fm, to, b.remark ?? '', user.usrId],
  );
  const dock = await readDock(sql, b.vslCd);
  if (!dock) throw new Error('next dock vanished');
  return { success: true, msg: 'Next dock saved', nextDock: dock };
}
