// What happened in a tick, told to the domain: each event is recorded as a happening in the tick's transaction, and
// the notification rules that every source shares make the notifications (server/notifications/rules.ts).
import type { Sql } from '../db/db.ts';
import { recordEvent, settleEvents, type Happening, type MadeNotification } from '../domain/events.ts';
import type { CallRec } from './types.ts';

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

const HAPPENING = {
  arrival: 'callArrived',
  berthing: 'callBerthed',
  departure: 'callDeparted',
  berthPlan: 'berthPlanChanged',
} as const;

/** What a tick's event is in the domain's words, seen by the simulator's clock `now`. */
function happeningOf(e: SimEvent, now: number): Happening {
  if (e.kind === 'portStatus')
    return { type: 'portStatusChanged', portCd: e.portCd, vslCd: e.vslCd, at: e.at, seen: now };
  const at = { vslCd: e.vslCd, portCd: e.call.portCd, callSeq: e.call.callSeq, at: e.at, seen: now };
  if (e.kind === 'eta') return { type: 'etaMoved', ...at, prevEta: e.prevEta, eta: e.call.eta };
  return { type: HAPPENING[e.kind], ...at };
}

/**
 * Records the tick's events in its transaction and lets the domain's reactions make the notifications they call for
 * (server/notifications/rules.ts, the same rules as for any other source); answers the notifications made.
 */
export async function recordHappenings(
  sql: Sql,
  events: readonly SimEvent[],
  now: number,
): Promise<MadeNotification[]> {
  for (const e of events) recordEvent(sql, happeningOf(e, now));
  const all = await settleEvents(sql);
  return all.flatMap((e) => (e.type === 'notificationsMade' ? e.notifications : []));
}
