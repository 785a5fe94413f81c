// Voyages and port calls: each vessel gets a previous and a current voyage over its lane's rotation,
// laid on one timeline around `now` (past calls with actuals, one maybe in progress, the rest planned).
// A few earlier "history" calls exist only to place the AIS track and the noon reports.
import type { CallTimesMs } from '../http/rows.ts';
import { rng } from './rng.ts';
import { DAY, HOUR, MIN, floorTo, roundTo } from './time.ts';
import type { Vessel } from './world/fleet.ts';
import { laneByCode, type Lane, type LaneCall } from './world/lanes.ts';
import { portByCode } from './world/ports.ts';
import { seaRoute, type SeaRoute } from './world/routes.ts';

type VesselState = 'SEA' | 'ANCHOR' | 'BERTH';

export interface Call extends CallTimesMs {
  voyage: 'hist' | 'prev' | 'cur';
  callSeq: number;
  portCd: string;
  dirCd: string;
  ydCd: string;
  ydNm: string;
  skip: boolean;
  /** What happens (actual when past, planned when future), in ms: arrival, berthing, departure. */
  arr: number;
  berth: number;
  dep: number;
  /** The proforma ETA: the arrival the service's published schedule promised (delays are measured against it). */
  pfEta: number;
  /** The route sailed to this call and the departure time it was sailed from (null when skipped). */
  inbound: SeaRoute | null;
  legFrom: number;
}

interface VoyageRef {
  voyNo: string;
  dirCd: string;
}

export interface Schedule {
  vessel: Vessel;
  lane: Lane;
  state: VesselState;
  prev: VoyageRef;
  cur: VoyageRef;
  /** In time order, history first; skipped calls included (skip = true). */
  calls: Call[];
  /** Index in calls of the current call: in progress, or the next one when at sea. */
  current: number;
}

const STATES: readonly VesselState[] = ['ANCHOR', 'BERTH', 'BERTH', 'SEA', 'SEA', 'SEA'];
/** The demo users' vessels are put in a known state so the demo tells a story. */
const STATE_OVERRIDE: Readonly<Record<string, VesselState>> = { QHZN: 'SEA', AHDS: 'BERTH' };
const PREV_CALLS = 4;
const round30 = (ms: number): number => roundTo(ms, 30 * MIN);
const floorMin = (ms: number): number => floorTo(ms, MIN);

export interface FleetSlot {
  /** Position of the vessel among the vessels of its lane, and how many there are. */
  indexInLane: number;
  vesselsInLane: number;
  /** Position in the whole fleet, which picks the state at `now`. */
  fleetIndex: number;
}

export function buildSchedule(vessel: Vessel, slot: FleetSlot, now: number): Schedule {
  const lane = laneByCode(vessel.laneCd);
  const rot = lane.rotation;
  const n = rot.length;
  const r = rng('schedule', vessel.vslCd);
  const state = STATE_OVERRIDE[vessel.vslCd] ?? (STATES[slot.fleetIndex % STATES.length] as VesselState);
  const cRot = (Math.floor((slot.indexInLane * n) / slot.vesselsInLane) + r.int(0, 1)) % n;
  const past = r.int(2, 4);
  const win = r.int(8, 11);
  const ahead = win - past; // current call and the ones after it on the current voyage
  const skipK = r.chance(0.3) ? r.int(2, ahead - 2) : null;
  const rotAt = (k: number): LaneCall => rot[(((cRot + k) % n) + n) % n] as LaneCall;

  const callRng = (k: number) => rng('call', vessel.vslCd, k);
  const wait = (k: number): number => (1 + 7 * callRng(k).next() ** 2) * HOUR;
  const stay = (k: number): number => {
    const c = callRng(k);
    c.next();
    return (12 + 24 * c.next()) * HOUR;
  };
  const legHours = (from: number, to: number): number => {
    const route = seaRoute(rotAt(from).portCd, rotAt(to).portCd);
    const factor = rng('leg', vessel.vslCd, from).float(0.8, 0.92);
    return Math.max(2, route.distanceNm / (vessel.svcSpd * factor)) * HOUR;
  };
  const prevK = (k: number): number => (k - 1 === skipK ? k - 2 : k - 1);
  const nextK = (k: number): number => (k + 1 === skipK ? k + 2 : k + 1);

  // Arrival at the current call (k = 0) follows from the state the vessel is in at `now`.
  const frac = r.float(0.15, 0.85);
  let arr0: number;
  if (state === 'SEA') arr0 = now + (1 - frac) * legHours(prevK(0), 0);
  else if (state === 'ANCHOR') arr0 = now - frac * wait(0);
  else arr0 = now - frac * stay(0) - wait(0);

  const times = new Map<number, { arr: number; berth: number; dep: number }>();
  const place = (k: number, arr: number) => {
    const berth = arr + wait(k);
    times.set(k, { arr, berth, dep: berth + stay(k) });
  };
  place(0, arr0);
  for (let k = 0; nextK(k) < ahead; k = nextK(k)) {
    const t = times.get(k) as { dep: number };
    place(nextK(k), t.dep + legHours(k, nextK(k)));
  }
  let first = 0;
  const horizon = now - 8 * DAY;
  for (let k = -1; k >= -(past + PREV_CALLS) || (times.get(first)?.arr ?? 0) > horizon; k--) {
    const next = times.get(k + 1) as { arr: number };
    const dep = next.arr - legHours(k, k + 1);
    const berth = dep - stay(k);
    times.set(k, { arr: berth - wait(k), berth, dep });
    first = k;
  }

  const calls: Call[] = [];
  for (let k = first; k < ahead; k++) {
    const lc = rotAt(k);
    const port = portByCode(lc.portCd);
    const term = rng('terminal', vessel.vslCd, k).pick(port.terminals);
    const voyage = k < -(past + PREV_CALLS) ? 'hist' : k < -past ? 'prev' : 'cur';
    const callSeq = voyage === 'cur' ? k + past + 1 : voyage === 'prev' ? k + past + PREV_CALLS + 1 : 0;
    const base = {
      voyage,
      callSeq,
      portCd: lc.portCd,
      dirCd: lc.dirCd,
      ydCd: term.ydCd,
      ydNm: term.ydNm,
    } as const;
    const t = times.get(k);
    if (!t) {
      // An omitted call keeps planned times between its neighbours and has no actuals.
      const before = times.get(k - 1) as { dep: number };
      const after = times.get(k + 1) as { arr: number };
      const gap = after.arr - before.dep;
      const eta = round30(before.dep + 0.3 * gap);
      const etb = Math.max(eta, round30(before.dep + 0.4 * gap));
      const etd = Math.max(etb, round30(before.dep + 0.7 * gap));
      calls.push({
        ...base,
        skip: true,
        arr: eta,
        berth: etb,
        dep: etd,
        eta,
        etb,
        etd,
        ata: null,
        atb: null,
        atd: null,
        pfEta: eta,
        inbound: null,
        legFrom: before.dep,
      });
      continue;
    }
    const from = prevK(k);
    const legFrom = times.get(from)?.dep ?? t.arr - legHours(from, k);
    const inbound = seaRoute(rotAt(from).portCd, lc.portCd);
    const j = rng('jitter', vessel.vslCd, k);
    let est: [number, number, number];
    let act: [number | null, number | null, number | null] = [null, null, null];
    if (t.dep <= now) {
      const d = j.float(-2.5, 2.5) * HOUR;
      est = [round30(t.arr + d), round30(t.berth + d), round30(t.dep + d)];
      act = [floorMin(t.arr), floorMin(t.berth), floorMin(t.dep)];
    } else if (t.berth <= now) {
      const d = j.float(0, 3) * HOUR;
      est = [round30(t.arr - d), round30(t.berth - d), round30(t.dep)];
      act = [floorMin(t.arr), floorMin(t.berth), null];
    } else if (t.arr <= now) {
      est = [round30(t.arr - j.float(0, 3) * HOUR), round30(t.berth), round30(t.dep)];
      act = [floorMin(t.arr), null, null];
    } else {
      est = [round30(t.arr), round30(t.berth), round30(t.dep)];
    }
    calls.push({
      ...base,
      skip: false,
      ...t,
      eta: est[0],
      etb: est[1],
      etd: est[2],
      ata: act[0],
      atb: act[1],
      atd: act[2],
      pfEta: est[0],
      inbound,
      legFrom,
    });
  }

  const curNo = r.int(101, 480);
  // The published schedule the vessel runs against: each vessel keeps a drift of its own (mostly behind, as ships
  // are), and each call a little noise around it, whole hours as a long-term schedule states them.
  const drift = rng('proforma', vessel.vslCd).float(-3, 9) * HOUR;
  for (const [i, c] of calls.entries()) {
    if (!c.skip)
      c.pfEta = roundTo(c.arr - drift - rng('proforma', vessel.vslCd, i).float(-2, 2) * HOUR, HOUR);
  }
  return {
    vessel,
    lane,
    state,
    prev: { voyNo: String(curNo - 1).padStart(4, '0'), dirCd: rotAt(-(past + PREV_CALLS)).dirCd },
    cur: { voyNo: String(curNo).padStart(4, '0'), dirCd: rotAt(-past).dirCd },
    calls,
    current: -first,
  };
}

/** The calls stored in port_calls (the previous and the current voyage; history is not stored). */
export const storedCalls = (s: Schedule): Call[] => s.calls.filter((c) => c.voyage !== 'hist');
