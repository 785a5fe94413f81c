// Schedule arithmetic on a vessel's calls: which call is next, how fast it can sail, moving a call's
// ETA/ETB/ETD while keeping ETA <= ETB <= ETD, and pushing later calls when a leg no longer fits.
import { seaRoute } from '../seed/world/routes.ts';
import { HOUR, MIN, type CallRec, type VesselRec } from './types.ts';

export const ceil30 = (t: number): number => Math.ceil(t / (30 * MIN)) * 30 * MIN;
export const round30 = (t: number): number => Math.round(t / (30 * MIN)) * 30 * MIN;
export const floorMin = (t: number): number => Math.floor(t / MIN) * MIN;

/** Top speed a vessel will make to keep a schedule, and its slowest economical speed. */
export const maxSpeed = (v: VesselRec): number => Math.min(25, v.svcSpd + 1.5);
export const MIN_SPEED = 9;

/** Index of the call the vessel is at or sailing to: the first live call not yet departed; -1 when none. */
export function nextIdx(v: VesselRec): number {
  return v.calls.findIndex((c) => !c.skip && c.atd == null);
}

/** Index of the last live call before idx, -1 when none. */
export function prevLiveIdx(v: VesselRec, idx: number): number {
  for (let i = idx - 1; i >= 0; i--) if (!(v.calls[i] as CallRec).skip) return i;
  return -1;
}

export function seaNm(fromPortCd: string, toPortCd: string): number {
  if (fromPortCd === toPortCd) return 0;
  try {
    return seaRoute(fromPortCd, toPortCd).distanceNm;
  } catch {
    return 0;
  }
}

/** Keeps ETA <= ETB <= ETD. */
function normalize(c: CallRec): void {
  c.etb = Math.max(c.etb, c.eta);
  c.etd = Math.max(c.etd, c.etb);
}

/** Moves the planned times of a call by delta ms: all three before arrival, ETB/ETD after it. */
export function shiftCall(c: CallRec, delta: number): void {
  if (c.ata == null) c.eta += delta;
  if (c.atb == null) c.etb += delta;
  if (c.atd == null) c.etd += delta;
  normalize(c);
  c.dirty = true;
}

/** Later calls of the voyage are pushed (never pulled) so that each leg can be sailed at top speed. */
export function propagate(v: VesselRec, fromIdx: number): void {
  let floor: number | null = null;
  let floorPort: string | null = null;
  const from = v.calls[fromIdx];
  if (from) {
    floor = from.atd ?? from.etd;
    floorPort = from.portCd;
  }
  for (let k = fromIdx + 1; k < v.calls.length; k++) {
    const c = v.calls[k] as CallRec;
    if (floor == null || floorPort == null || c.ata != null) break;
    const legMs = c.skip ? 0 : (seaNm(floorPort, c.portCd) / maxSpeed(v)) * HOUR;
    const need = floor + legMs - c.eta;
    if (need > 0) shiftCall(c, ceil30(need));
    if (!c.skip) {
      floor = c.etd;
      floorPort = c.portCd;
    }
  }
}

/**
 * When a call would be reached at `speedKn`: from the last fix for the call being sailed to (given the
 * miles still to go), else from the previous call's departure.
 */
function etaAtSpeed(v: VesselRec, idx: number, remainingNm: number | null, speedKn: number): number {
  const c = v.calls[idx] as CallRec;
  if (idx === nextIdx(v) && c.ata == null && remainingNm != null && v.fix) {
    return v.fix.posDt + (remainingNm / speedKn) * HOUR;
  }
  const p = prevLiveIdx(v, idx);
  const prev = p >= 0 ? (v.calls[p] as CallRec) : null;
  if (!prev) return c.eta;
  return (prev.atd ?? prev.etd) + (seaNm(prev.portCd, c.portCd) / speedKn) * HOUR;
}

/** The earliest ETA a call can get: at top speed, with half an hour to spare. */
export const earliestEta = (v: VesselRec, idx: number, remainingNm: number | null): number =>
  etaAtSpeed(v, idx, remainingNm, maxSpeed(v)) + 30 * MIN;

/** The ETA at the vessel's economical speed, which random slips lean back towards. */
export const naturalEta = (v: VesselRec, idx: number, remainingNm: number | null): number =>
  etaAtSpeed(v, idx, remainingNm, v.svcSpd * 0.87);
