// A port call's arrival, berthing and departure seen in a vessel's positions, one fix at a time: the rules of
// integration.md#port-calls-detected-from-positions, pure, so that the AIS write and the simulator's comparison share them.
import { distanceNm, type LatLon } from '../seed/world/geo.ts';
import type { FixRec } from '../simulator/types.ts';

const MIN = 60_000;

/** The rules' figures (integration.md#port-calls-detected-from-positions). */
export const DETECT = {
  /** A vessel arrives when it comes this close to the port's position: the port's area, for every port alike. */
  areaNm: 5,
  /** Once inside, it is still inside up to this far: a fix wobbling on the edge neither arrives nor leaves twice. */
  leaveNm: 6,
  /** Berthed: inside, moored (status 5), or slower than this without saying it is at anchor ... */
  berthSogKn: 0.5,
  /** ... for at least this long. */
  slowForMs: 15 * MIN,
  /** Departed: after berthing, faster than this, or outside the area. */
  departSogKn: 3,
  /** Fixes in a row that must agree before a step is taken: one noisy fix takes none. */
  confirmFixes: 2,
} as const;

export type Moment = 'arrival' | 'berthing' | 'departure';
/** Where the watched call stands: what its actual times say, and then what the detector saw. */
export type Phase = 'approaching' | 'arrived' | 'berthed' | 'departed';

/** Fixes in a row that agree on one step: the step's time is the first one's. */
interface Run {
  firstAt: number;
  lastAt: number;
  fixes: number;
  moored: boolean;
}

export interface Watch {
  /** The call watched (its vessel, voyage and sequence): a fix of another call starts a new watch. */
  callKey: string;
  phase: Phase;
  runs: Partial<Record<Moment, Run>>;
  /** The newest fix seen: an older one is not looked at. */
  lastAt: number;
}

export interface Detected {
  moment: Moment;
  /** When it happened (ms): the first fix of the run that showed it. */
  at: number;
}

export const newWatch = (callKey: string, phase: Phase): Watch => ({
  callKey,
  phase,
  runs: {},
  lastAt: -Infinity,
});

/** Which step each phase waits for next, in order: a fix may confirm two (an arrival seen already moored). */
const NEXT: Record<Phase, Moment | null> = {
  approaching: 'arrival',
  arrived: 'berthing',
  berthed: 'departure',
  departed: null,
};
const AFTER: Record<Moment, Phase> = { arrival: 'arrived', berthing: 'berthed', departure: 'departed' };

function confirmed(moment: Moment, run: Run | undefined): run is Run {
  if (!run || run.fixes < DETECT.confirmFixes) return false;
  return moment !== 'berthing' || run.moored || run.lastAt - run.firstAt >= DETECT.slowForMs;
}

/**
 * Looks at one fix of the vessel, `port` being the watched call's port; answers the steps it confirmed (none, one, or
 * arrival and berthing together) and moves the watch on. The phase only ever goes forward.
 */
export function observe(w: Watch, fix: FixRec, port: LatLon): Detected[] {
  if (fix.posDt <= w.lastAt || w.phase === 'departed') return [];
  w.lastAt = fix.posDt;
  const d = distanceNm([fix.lat, fix.lon], port);
  // Hysteresis: a vessel not yet seen inside must come within the area; one seen inside stays in up to leaveNm.
  const inside = d <= (w.phase === 'approaching' && !w.runs.arrival ? DETECT.areaNm : DETECT.leaveNm);
  const still = fix.navSts === 'MOORED' || (fix.navSts !== 'AT_ANCHOR' && fix.sog < DETECT.berthSogKn);
  const holds: Record<Moment, boolean> = {
    arrival: w.phase === 'approaching' && inside,
    berthing: (w.phase === 'approaching' || w.phase === 'arrived') && inside && still,
    departure: w.phase === 'berthed' && (d > DETECT.leaveNm || fix.sog >= DETECT.departSogKn),
  };
  for (const moment of Object.keys(holds) as Moment[]) {
    if (!holds[moment]) {
      delete w.runs[moment];
      continue;
    }
    const run = w.runs[moment];
    const moored = fix.navSts === 'MOORED';
    if (run) Object.assign(run, { lastAt: fix.posDt, fixes: run.fixes + 1, moored: run.moored || moored });
    else w.runs[moment] = { firstAt: fix.posDt, lastAt: fix.posDt, fixes: 1, moored };
  }
  const out: Detected[] = [];
  for (;;) {
    const next: Moment | null = NEXT[w.phase];
    const run = next ? w.runs[next] : undefined;
    if (!next || !confirmed(next, run)) break;
    out.push({ moment: next, at: run.firstAt });
    delete w.runs[next];
    w.phase = AFTER[next];
  }
  return out;
}
