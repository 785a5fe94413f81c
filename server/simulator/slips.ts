// Random schedule changes: an upcoming call's ETA (with ETB and ETD) slips by -3 h to +6 h, or a berth
// plan moves ETB/ETD (sometimes to another terminal); later calls are pushed when a leg stops fitting.
import { portByCode } from '../seed/world/ports.ts';
import type { SimEvent } from './events.ts';
import { ceil30, earliestEta, naturalEta, nextIdx, propagate, shiftCall } from './plan.ts';
import { ANCHOR_NM, legTo, progressOn } from './track.ts';
import { HOUR, MIN, interest, pickWeighted, type CallRec, type Rng, type VesselRec } from './types.ts';

const ETA_SHIFTS = [-3, -2, -1.5, -1, 1, 1.5, 2, 2.5, 3, 4, 5, 6];
const BERTH_SHIFTS = [-2, -1.5, -1, 1, 1.5, 2, 3, 4];

/** Nautical miles still to sail to the call being sailed to, from the last fix. */
function remainingNm(v: VesselRec, c: CallRec): number | null {
  if (!v.fix) return null;
  const pos = [v.fix.lat, v.fix.lon] as const;
  const leg = legTo(v.originPortCd, c.portCd, pos);
  const cog = v.fix.navSts === 'UNDER_WAY' ? v.fix.cog : null;
  return Math.max(0, leg.distanceNm - ANCHOR_NM - progressOn(leg.points, pos, cog));
}

/**
 * A shift in hours from `shifts`: earlier or later at random, leaning against `devH` (how many hours the
 * plan is later than it would naturally be), so that slips do not drift a schedule away for good.
 */
function leaning(r: Rng, shifts: readonly number[], base: number, devH: number): number {
  const pEarlier = Math.min(0.9, Math.max(0.1, base + devH / 12));
  const earlier = r.chance(pEarlier);
  return r.pick(shifts.filter((s) => (earlier ? s < 0 : s > 0)));
}

/** One ETA slip on a random vessel's next or following call; null when no call qualifies. */
export function slipEta(vessels: readonly VesselRec[], now: number, r: Rng): SimEvent | null {
  const open = vessels.filter((v) => {
    const c = v.calls[nextIdx(v)];
    return c && c.ata == null && c.eta > now + 2 * HOUR;
  });
  const v = pickWeighted(r, open, interest);
  if (!v) return null;
  let idx = nextIdx(v);
  if (r.chance(0.3)) {
    const after = v.calls.findIndex((c, i) => i > idx && !c.skip);
    if (after > 0) idx = after;
  }
  const c = v.calls[idx] as CallRec;
  const prevEta = c.eta;
  const remaining = idx === nextIdx(v) ? remainingNm(v, c) : null;
  const devH = (c.eta - naturalEta(v, idx, remaining)) / HOUR;
  let eta = c.eta + leaning(r, ETA_SHIFTS, 0.4, devH) * HOUR;
  const earliest = earliestEta(v, idx, remaining);
  if (eta < earliest) eta = ceil30(earliest);
  if (Math.abs(eta - prevEta) < 30 * MIN) return null;
  shiftCall(c, eta - prevEta);
  propagate(v, idx);
  return { kind: 'eta', vslCd: v.vslCd, call: c, at: now, prevEta, auto: false };
}

/** One berth plan change for a call not yet alongside (at anchor or still to come). */
export function changeBerthPlan(vessels: readonly VesselRec[], now: number, r: Rng): SimEvent | null {
  const open = vessels.filter((v) => {
    const c = v.calls[nextIdx(v)];
    return c && c.atb == null && c.etb > now + HOUR;
  });
  const v = pickWeighted(r, open, interest);
  if (!v) return null;
  const idx = nextIdx(v);
  const c = v.calls[idx] as CallRec;
  const floor = Math.max(c.ata ?? c.eta, now + 30 * MIN);
  const waitH = (c.etb - (c.ata ?? c.eta)) / HOUR;
  const etb = Math.max(ceil30(floor), c.etb + leaning(r, BERTH_SHIFTS, 0.35, waitH - 3) * HOUR);
  const terminals = portByCode(c.portCd).terminals;
  const moveTerminal = terminals.length > 1 && r.chance(0.2);
  if (Math.abs(etb - c.etb) < 30 * MIN && !moveTerminal) return null;
  const delta = etb - c.etb;
  c.etb = etb;
  c.etd += delta;
  if (moveTerminal) {
    const other = r.pick(terminals.filter((t) => t.ydCd !== c.ydCd));
    c.ydCd = other.ydCd;
    c.ydNm = other.ydNm;
  }
  shiftCall(c, 0);
  propagate(v, idx);
  return { kind: 'berthPlan', vslCd: v.vslCd, call: c, at: now };
}
