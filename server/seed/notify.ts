// Notifications as the simulator makes them: for a user and a type, pick a vessel and call that fit
// the user, build the detail from the database and insert. Used by the seed and by the dev API.
import type { Sql } from '../db/db.ts';
import { buildDetail, type AlertNote, type CallRow } from './notify-detail.ts';
import {
  candidateVessels,
  loadPort,
  loadUser,
  loadVessel,
  type PortCtx,
  type UserCtx,
  type VesselCtx,
} from './notify-load.ts';
import { rng } from './rng.ts';
import { recordChanges } from '../sync/changes.ts';
import { recordEvent } from '../domain/events.ts';
import { distanceNm } from './world/geo.ts';
import { isVesselUser } from '../../src/core/role.ts';

export const NOTIFICATION_TYPES: readonly { notId: string; notNm: string }[] = [
  { notId: 'N001', notNm: 'ETA Change' },
  { notId: 'N002', notNm: 'ETA Notice' },
  { notId: 'N003', notNm: 'Delay' },
  { notId: 'N004', notNm: 'Berth Plan' },
  { notId: 'N005', notNm: 'Arrival' },
  { notId: 'N006', notNm: 'Departure' },
  { notId: 'N007', notNm: 'Vessel Notice' },
  { notId: 'N008', notNm: 'Port Arrival' },
  { notId: 'N009', notNm: 'Port Status' },
  { notId: 'N010', notNm: 'My Alert' },
  { notId: 'N020', notNm: 'ETA Reminder' },
  { notId: 'N101', notNm: 'System Notice' },
];

export interface CreateNotificationsOptions {
  usrId: string;
  notId: string;
  vslCd?: string;
  portCd?: string;
  count?: number;
  now?: Date;
  /** The call of the vessel's current voyage it is about (call_seq); default: picked by type. */
  callSeq?: number;
  /** N001/N003: the ETA before the change; default: a plausible one made up. */
  prevEta?: Date;
  /** N010: what the user's alert rule saw (product.md#my-alerts); default: an ETA change. */
  alert?: AlertNote;
}

/** A notification as inserted. */
interface NotificationRow {
  not_id: string;
  usr_id: string;
  vsl_cd: string | null;
  port_cd: string | null;
  cre_dt: string;
  detail: unknown;
}

const ACTUAL_TYPES = ['N005', 'N006', 'N008', 'N010'];

/** The call a notification is about: the latest actual for arrival/departure types, else the next call. */
function pickCall(
  calls: CallRow[],
  notId: string,
  portCd: string | null,
  now: number,
  callSeq?: number,
): CallRow | null {
  const exact = callSeq === undefined ? undefined : calls.find((c) => c.call_seq === callSeq);
  if (exact) return exact;
  const live = calls.filter((c) => c.skip_yn !== 'Y' && (!portCd || c.port_cd === portCd));
  if (ACTUAL_TYPES.includes(notId)) {
    const actual = (c: CallRow) => (notId === 'N006' ? c.atd : c.ata);
    const done = live.filter((c) => (actual(c)?.getTime() ?? Infinity) <= now);
    if (done.length) return done[done.length - 1] as CallRow;
  }
  return live.find((c) => !c.atd) ?? live[live.length - 1] ?? null;
}

/**
 * Inserts `count` notifications for the user and returns their not_seq in insertion order.
 * Throws an Error (a 400 for the caller) for an unknown user, type, vessel or port, or a count outside 1..500.
 */
export async function createNotifications(sql: Sql, opts: CreateNotificationsOptions): Promise<number[]> {
  const [seqs] = await createNotificationBatch(sql, [opts]);
  return seqs ?? [];
}

/**
 * createNotifications for several requests at once (the seed's history): the same checks and details,
 * with reads shared between requests and one INSERT. Returns the not_seqs of each request, in order.
 */
export async function createNotificationBatch(
  sql: Sql,
  requests: readonly CreateNotificationsOptions[],
): Promise<number[][]> {
  const users = new Map<string, UserCtx | null>();
  const vessels = new Map<string, VesselCtx | null>();
  const ports = new Map<string, PortCtx | null>();
  const cached = async <T>(
    map: Map<string, T | null>,
    key: string,
    load: (sql: Sql, key: string) => Promise<T | null>,
  ) => {
    if (!map.has(key)) map.set(key, await load(sql, key));
    return map.get(key) ?? null;
  };
  const rows: NotificationRow[] = [];
  const counts: number[] = [];
  for (const opts of requests) {
    const count = opts.count ?? 1;
    if (!Number.isInteger(count) || count < 1 || count > 500) {
      throw new Error(`count must be an integer from 1 to 500 (got ${String(opts.count)})`);
    }
    if (!NOTIFICATION_TYPES.some((t) => t.notId === opts.notId))
      throw new Error(`Unknown notId: ${opts.notId}`);
    const user = await cached(users, opts.usrId, loadUser);
    if (!user) throw new Error(`Unknown usrId: ${opts.usrId}`);
    if (opts.vslCd !== undefined && !(await cached(vessels, opts.vslCd, loadVessel)))
      throw new Error(`Unknown vslCd: ${opts.vslCd}`);
    if (opts.portCd !== undefined && !(await cached(ports, opts.portCd, loadPort)))
      throw new Error(`Unknown portCd: ${opts.portCd}`);

    const now = (opts.now ?? new Date()).getTime();
    const system = opts.notId === 'N101';
    const candidates = opts.vslCd || system ? [] : await candidateVessels(sql, user);
    // A system notice is addressed to the vessel when the user is a vessel user, else to nobody's vessel.
    const own =
      system && isVesselUser(user.usr_tp_cd) && (await cached(vessels, user.ofc_id, loadVessel))
        ? user.ofc_id
        : null;
    for (let i = 0; i < count; i++) {
      const r = rng('notify', opts.usrId, opts.notId, opts.vslCd ?? '', opts.portCd ?? '', now, i);
      const cand = candidates.length ? r.pick(candidates) : null;
      const vslCd = opts.vslCd ?? own ?? cand?.vslCd ?? null;
      const ctx = vslCd ? await cached(vessels, vslCd, loadVessel) : null;
      let portCd = opts.portCd ?? cand?.portCd ?? null;
      const call =
        ctx && !(system && !opts.portCd) ? pickCall(ctx.calls, opts.notId, portCd, now, opts.callSeq) : null;
      if (!portCd && !system) portCd = call?.port_cd ?? null;
      const port = portCd ? await cached(ports, portCd, loadPort) : null;
      const nextCall =
        ctx && call ? (ctx.calls.find((c) => c.call_seq > call.call_seq && c.skip_yn !== 'Y') ?? null) : null;
      const detail = buildDetail({
        notId: opts.notId,
        now,
        rng: r,
        vessel: ctx?.vessel ?? null,
        voyage: ctx?.voyage ?? null,
        call,
        nextCall,
        portCd,
        status: port?.status ?? null,
        distanceNm: ctx?.pos && port ? distanceNm(ctx.pos, [port.lat, port.lon]) * 1.15 : null,
        algsdNm: rng('algsd', vslCd ?? '', portCd ?? '', call?.call_seq ?? 0).chance(0.5)
          ? 'Port side'
          : 'Starboard side',
        creUsrId: opts.notId === 'N007' ? (ctx?.follower ?? 'SYSTEM') : 'SYSTEM',
        prevEta: opts.prevEta?.getTime() ?? null,
        alert: opts.alert ?? null,
      });
      rows.push({
        not_id: opts.notId,
        usr_id: opts.usrId,
        vsl_cd: vslCd,
        port_cd: portCd,
        cre_dt: new Date(now).toISOString(),
        detail,
      });
    }
    counts.push(count);
  }
  const inserted = await sql.query<{ not_seq: number }>(
    `INSERT INTO notifications (not_id, usr_id, vsl_cd, port_cd, cre_dt, detail)
     SELECT not_id, usr_id, vsl_cd, port_cd, cre_dt, detail
       FROM ROWS FROM (jsonb_to_recordset($1::jsonb)
              AS (not_id text, usr_id text, vsl_cd text, port_cd text, cre_dt timestamptz, detail jsonb))
            WITH ORDINALITY AS x(not_id, usr_id, vsl_cd, port_cd, cre_dt, detail, ord)
      ORDER BY ord
     RETURNING not_seq`,
    [JSON.stringify(rows)],
  );
  // Serial values are drawn in row order, so sorting restores insertion order.
  const seqs = inserted.map((x) => x.not_seq).sort((a, b) => a - b);
  // Each addressee's sync change log, for the notifications it sees (a vessel user: its own vessel's only).
  const seen = new Map<string, string[]>();
  rows.forEach((row, i) => {
    const user = users.get(row.usr_id);
    const seq = seqs[i];
    if (!user || seq === undefined || (isVesselUser(user.usr_tp_cd) && row.vsl_cd !== user.ofc_id)) return;
    seen.set(user.usr_id, [...(seen.get(user.usr_id) ?? []), String(seq)]);
  });
  for (const [usrId, keys] of seen) await recordChanges(sql, usrId, 'notifications', keys);
  // Made: after the commit they go to the users' devices (Web Push).
  recordEvent(sql, {
    type: 'notificationsMade',
    notifications: rows.map((row, i) => ({
      notSeq: seqs[i] ?? 0,
      notId: row.not_id,
      usrId: row.usr_id,
      vslCd: row.vsl_cd,
      portCd: row.port_cd,
    })),
  });
  let at = 0;
  return counts.map((n) => seqs.slice(at, (at += n)));
}
