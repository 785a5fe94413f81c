// Who hears of what happened in a tick: events become notifications for the vessel's users and followers and
// the port's agents and followers, minus types switched off, made as the seed and dev API make them.
import type { Sql } from '../db/db.ts';
import { createNotificationBatch, type CreateNotificationsOptions } from '../seed/notify.ts';
import { alertRequests, type Happening } from '../notifications/alert-rules.ts';
import { HOUR, LIMITS, type CallRec, type NotifyRequest } from './types.ts';
import { USER_TYPE } from '../../src/core/role.ts';

export type SimEvent =
  | { kind: 'arrival' | 'berthing' | 'departure' | 'berthPlan'; vslCd: string; call: CallRec; at: number }
  | { kind: 'eta'; vslCd: string; call: CallRec; at: number; prevEta: number; auto: boolean }
  | { kind: 'portStatus'; portCd: string; vslCd: string | null; at: number };

/**
 * One ETA change per call and tick: several (a slip, then a push from the call before) collapse into the
 * first previous ETA and the final one; a change that came back to where it was is dropped.
 */
export function mergeEtaChanges(events: readonly SimEvent[]): SimEvent[] {
  const first = new Map<CallRec, Extract<SimEvent, { kind: 'eta' }>>();
  const out: SimEvent[] = [];
  for (const e of events) {
    if (e.kind !== 'eta') {
      out.push(e);
      continue;
    }
    const seen = first.get(e.call);
    if (seen) {
      seen.auto &&= e.auto;
      continue;
    }
    const merged = { ...e };
    first.set(e.call, merged);
    out.push(merged);
  }
  return out.filter((e) => e.kind !== 'eta' || Math.abs(e.call.eta - e.prevEta) >= 60_000);
}

interface Audience {
  vesselUsers: Map<string, string[]>;
  /** By relation type, then code: the users. */
  rel: Map<string, Map<string, string[]>>;
  off: Set<string>;
}

async function loadAudience(sql: Sql): Promise<Audience> {
  const users = await sql.query<{ usr_id: string; ofc_id: string }>(
    `SELECT usr_id, ofc_id FROM users WHERE usr_tp_cd = '${USER_TYPE.vessel}' ORDER BY usr_id`,
  );
  const rels = await sql.query<{ usr_id: string; rel_tp_cd: string; rel_cd: string }>(
    `SELECT usr_id, rel_tp_cd, rel_cd FROM user_relations
      WHERE rel_tp_cd IN ('REL_USR_VSL', 'AGT_PORT', 'REL_USR_PORT') ORDER BY usr_id`,
  );
  const off = await sql.query<{ usr_id: string; not_id: string }>(
    "SELECT usr_id, not_id FROM notification_settings WHERE not_use_yn = 'N'",
  );
  const add = (m: Map<string, string[]>, k: string, u: string) => m.set(k, [...(m.get(k) ?? []), u]);
  const vesselUsers = new Map<string, string[]>();
  for (const u of users) add(vesselUsers, u.ofc_id, u.usr_id);
  const rel = new Map<string, Map<string, string[]>>();
  for (const r of rels) {
    const m = rel.get(r.rel_tp_cd) ?? new Map<string, string[]>();
    add(m, r.rel_cd, r.usr_id);
    rel.set(r.rel_tp_cd, m);
  }
  return { vesselUsers, rel, off: new Set(off.map((o) => `${o.usr_id}|${o.not_id}`)) };
}

function requestsFor(e: SimEvent, a: Audience): NotifyRequest[] {
  const of = (tp: string, cd: string) => a.rel.get(tp)?.get(cd) ?? [];
  const out: NotifyRequest[] = [];
  const to = (notId: string, users: string[], extra: Partial<NotifyRequest>) => {
    for (const usrId of new Set(users))
      if (!a.off.has(`${usrId}|${notId}`)) out.push({ usrId, notId, ...extra });
  };
  if (e.kind === 'portStatus') {
    to('N009', [...of('AGT_PORT', e.portCd), ...of('REL_USR_PORT', e.portCd)], {
      portCd: e.portCd,
      ...(e.vslCd ? { vslCd: e.vslCd } : {}),
    });
    return out;
  }
  const c = e.call;
  const vesselSide = [...(a.vesselUsers.get(e.vslCd) ?? []), ...of('REL_USR_VSL', e.vslCd)];
  const agents = of('AGT_PORT', c.portCd);
  const about = { vslCd: e.vslCd, portCd: c.portCd, callSeq: c.callSeq };
  switch (e.kind) {
    case 'eta': {
      const prevEta = new Date(e.prevEta);
      to('N001', [...vesselSide, ...agents], { ...about, prevEta });
      if (Math.abs(c.eta - e.prevEta) >= 3 * HOUR)
        to('N003', [...vesselSide, ...agents], { ...about, prevEta });
      break;
    }
    case 'berthPlan':
      to('N004', [...vesselSide, ...agents], about);
      break;
    case 'arrival':
      to('N005', vesselSide, about);
      to('N008', agents, about);
      break;
    case 'departure':
      to('N006', [...vesselSide, ...agents], about);
      break;
    case 'berthing':
      break;
  }
  return out;
}

const ALERT_EVENT = { arrival: 'ATA', berthing: 'ATB', departure: 'ATD', eta: 'ETA' } as const;

/** What the users' own alert rules see of an event (product.md §4 "My alerts"); null for what they do not watch. */
function happeningOf(e: SimEvent): Happening | null {
  if (e.kind === 'portStatus' || e.kind === 'berthPlan') return null;
  const at = { vslCd: e.vslCd, portCd: e.call.portCd, callSeq: e.call.callSeq, event: ALERT_EVENT[e.kind] };
  return e.kind === 'eta' ? { ...at, prevEta: e.prevEta, eta: e.call.eta } : at;
}

/**
 * Creates the notifications of recent events (at most LIMITS.notificationsPerTick), stamped `now`; returns
 * each request with the not_seq it got.
 */
export async function notify(
  sql: Sql,
  events: readonly SimEvent[],
  now: number,
): Promise<(NotifyRequest & { notSeq: number })[]> {
  const recent = events.filter((e) => now - e.at <= LIMITS.notifyWithinMs);
  if (!recent.length) return [];
  const audience = await loadAudience(sql);
  const requests = [
    ...recent.flatMap((e) => requestsFor(e, audience)),
    ...(await alertRequests(
      sql,
      recent.map(happeningOf).filter((h) => h !== null),
    )),
  ].slice(0, LIMITS.notificationsPerTick);
  if (!requests.length) return [];
  const at = new Date(now);
  const seqs = await createNotificationBatch(
    sql,
    requests.map((q): CreateNotificationsOptions => ({ ...q, now: at })),
  );
  return requests.map((q, i) => ({ ...q, notSeq: seqs[i]?.[0] ?? 0 }));
}
