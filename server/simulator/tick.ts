// One simulator tick in the caller's transaction: the stalest vessels move, ETAs, berth plans and port
// statuses change at random per simulated hour, notifications and chat follow. Bounded work per tick.
import type { Sql } from '../db/db.ts';
import { hashString } from '../seed/rng.ts';
import { CHAT_LANES } from '../seed/world/lanes.ts';
import { chatLine } from './chat.ts';
import { mergeEtaChanges, recordHappenings, type SimEvent } from './events.ts';
import { moveVessel } from './move.ts';
import { changePortStatus } from './port-status.ts';
import { writeFixes } from './positions.ts';
import { changeBerthPlan, slipEta } from './slips.ts';
import { LIMITS, RATES, emptyReport, type FixRec, type Rng, type TickReport } from './types.ts';
import { ensureAhead, rollover } from './voyage.ts';
import { flushCalls, loadWorld } from './world.ts';

export interface TickOptions {
  /** Chat-enabled lanes ('*' or a comma list); the seed's default when absent. */
  chatLanes?: string;
  /** When the previous tick ran; absent: taken from the newest AIS fix (first tick after a start). */
  since?: Date;
  /** Where the tick's fixes go instead of the track (SIMULATOR_AIS_PORT: out as NMEA, back in through the AIS feed). */
  fixesOut?: (sql: Sql, fixes: ReadonlyMap<string, readonly FixRec[]>) => Promise<void>;
}

/** Each vessel moves when its fix is 60-100% of LIMITS.moveEveryMs old, so the fleet spreads over ticks. */
const staleAfter = (vslCd: string): number =>
  LIMITS.moveEveryMs * (0.6 + 0.4 * (hashString(vslCd) / 2 ** 32));

/** How many of an event with `mean` expected occurrences happen (Poisson), at most `cap`. */
function draws(r: Rng, mean: number, cap: number): number {
  if (mean <= 0) return 0;
  const limit = Math.exp(-mean);
  let k = 0;
  for (let p = r.next(); p > limit && k < cap; p *= r.next()) k++;
  return k;
}

const iso = (t: number): string => new Date(t).toISOString();

export async function tick(sql: Sql, now: Date, r: Rng, opts: TickOptions = {}): Promise<TickReport> {
  const t = now.getTime();
  const vessels = await loadWorld(sql);
  const last = opts.since?.getTime() ?? Math.max(...vessels.map((v) => v.fix?.posDt ?? -Infinity));
  const dt = Number.isFinite(last) ? Math.min(LIMITS.maxDtMs, Math.max(0, t - last)) : 0;
  const report = emptyReport(t, dt);
  const events: SimEvent[] = [];

  // Vessels move, stalest first.
  const stale = vessels
    .filter((v) => t - (v.fix?.posDt ?? -Infinity) >= staleAfter(v.vslCd))
    .sort(
      (a, b) => (a.fix?.posDt ?? -Infinity) - (b.fix?.posDt ?? -Infinity) || a.vslCd.localeCompare(b.vslCd),
    )
    .slice(0, LIMITS.movesPerTick);
  const fixes = new Map<string, FixRec[]>();
  for (const v of stale) {
    const voyNo = await rollover(sql, v);
    if (voyNo) report.voyagesStarted.push(`${v.vslCd} ${voyNo}`);
    report.callsAdded += await ensureAhead(sql, v, r);
    fixes.set(v.vslCd, moveVessel(v, t, r, events));
    report.moved.push(v.vslCd);
  }

  // Random changes, scaled by the simulated time since the last tick.
  const hours = dt / 3_600_000;
  for (let i = draws(r, RATES.etaSlip.perHour * hours, RATES.etaSlip.cap); i > 0; i--) {
    const e = slipEta(vessels, t, r);
    if (e) events.push(e);
  }
  for (let i = draws(r, RATES.berthPlan.perHour * hours, RATES.berthPlan.cap); i > 0; i--) {
    const e = changeBerthPlan(vessels, t, r);
    if (e) events.push(e);
  }
  for (let i = draws(r, RATES.portStatus.perHour * hours, RATES.portStatus.cap); i > 0; i--) {
    const change = await changePortStatus(sql, vessels, t, r);
    if (!change) continue;
    events.push(change.event);
    report.portStatus.push({
      portCd: change.event.kind === 'portStatus' ? change.event.portCd : '',
      from: change.from,
      to: change.to,
      reason: change.reason,
    });
  }

  const happened = mergeEtaChanges(events);
  // The ETA history (migration 007) takes the change's time from the simulator's clock.
  await sql.query("SELECT set_config('quay.chg_at', $1, true)", [iso(t)]);
  report.callsUpdated = await flushCalls(sql, vessels);
  if (opts.fixesOut) await opts.fixesOut(sql, fixes);
  else report.positions = await writeFixes(sql, vessels, fixes, t);

  for (const e of happened) {
    if (e.kind === 'portStatus') continue;
    const at = { vslCd: e.vslCd, portCd: e.call.portCd };
    if (e.kind === 'arrival') report.arrivals.push({ ...at, ata: iso(e.at) });
    if (e.kind === 'berthing') report.berthings.push({ ...at, atb: iso(e.at) });
    if (e.kind === 'departure') report.departures.push({ ...at, atd: iso(e.at) });
    if (e.kind === 'berthPlan')
      report.berthPlans.push({ ...at, callSeq: e.call.callSeq, etb: iso(e.call.etb), etd: iso(e.call.etd) });
    if (e.kind === 'eta')
      report.etaChanges.push({
        ...at,
        callSeq: e.call.callSeq,
        prevEta: iso(e.prevEta),
        eta: iso(e.call.eta),
        auto: e.auto,
      });
  }
  report.notifications = await recordHappenings(sql, happened, t);

  for (let i = draws(r, RATES.chat.perHour * hours, RATES.chat.cap); i > 0; i--) {
    const line = await chatLine(sql, vessels, t, r, opts.chatLanes ?? CHAT_LANES.join(','));
    if (line) report.chat.push(line);
  }
  return report;
}
