// Shared shapes of the simulator: the world snapshot a tick works on (vessels, their calls and last
// fix, in ms since the epoch), what a tick reports, and the rates and limits that keep a tick bounded.
import type { Rng } from '../seed/rng.ts';
import type { CallTimesMs } from '../http/rows.ts';

export type { Rng };

export const MIN = 60_000;
export const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

export const LIMITS = {
  /** Vessels moved per tick, stalest first, and how stale a fix must be before it moves again. */
  movesPerTick: 30,
  moveEveryMs: 5 * MIN,
  /** State changes (arrive, berth, depart) worked through per vessel per tick. */
  stepsPerVessel: 6,
  /** A track point is kept every 30 minutes; fixes in between move the newest point. */
  trackSpacingMs: 30 * MIN,
  keepPositionsMs: 7 * DAY,
  deletePerTick: 500,
  /** Longest simulated time one tick accounts for (random events). */
  maxDtMs: DAY,
  /** Planned calls kept ahead of each vessel, and the voyage length that starts a new voyage. */
  callsAhead: 3,
  rolloverAtCalls: 12,
} as const;

/** Random events per simulated hour across the fleet, and at most how many per tick. */
export const RATES = {
  etaSlip: { perHour: 5, cap: 4 },
  berthPlan: { perHour: 2.5, cap: 3 },
  portStatus: { perHour: 0.5, cap: 1 },
  chat: { perHour: 4, cap: 3 },
} as const;

/** Weight of a vessel when random events pick one: 1, plus 2 per user watching it. */
export const interest = (v: { watchers: number }): number => 1 + 2 * v.watchers;

/** Picks an item with probability proportional to its weight. */
export function pickWeighted<T>(r: Rng, items: readonly T[], weight: (x: T) => number): T | null {
  const total = items.reduce((a, x) => a + weight(x), 0);
  let at = r.next() * total;
  for (const x of items) if ((at -= weight(x)) < 0) return x;
  return items[items.length - 1] ?? null;
}

export interface CallRec extends CallTimesMs {
  voyNo: string;
  dirCd: string;
  callSeq: number;
  portCd: string;
  ydCd: string | null;
  ydNm: string | null;
  skip: boolean;
  /** Changed in this tick: written back at the end. */
  dirty?: boolean;
}

export interface FixRec {
  posDt: number;
  lat: number;
  lon: number;
  sog: number;
  cog: number;
  hdg: number;
  navSts: 'UNDER_WAY' | 'AT_ANCHOR' | 'MOORED';
}

export interface VesselRec {
  vslCd: string;
  laneCd: string;
  svcSpd: number;
  /** Users on board, followers and agents of its next port: random events pick watched vessels more often. */
  watchers: number;
  voyNo: string;
  dirCd: string;
  /** The current voyage's calls by call_seq, skipped ones included. */
  calls: CallRec[];
  /** The port the vessel last left (any voyage), the start of the leg it is on. */
  originPortCd: string | null;
  fix: FixRec | null;
  /** pos_dt of the track point before the newest one. */
  prevFixDt: number | null;
}

export interface TickReport {
  now: string;
  /** Simulated time since the previous tick, in seconds (random events scale with it). */
  dtS: number;
  moved: string[];
  positions: { inserted: number; updated: number; deleted: number };
  arrivals: { vslCd: string; portCd: string; ata: string }[];
  berthings: { vslCd: string; portCd: string; atb: string }[];
  departures: { vslCd: string; portCd: string; atd: string }[];
  etaChanges: {
    vslCd: string;
    portCd: string;
    callSeq: number;
    prevEta: string;
    eta: string;
    auto: boolean;
  }[];
  berthPlans: { vslCd: string; portCd: string; callSeq: number; etb: string; etd: string }[];
  portStatus: { portCd: string; from: string; to: string; reason: string }[];
  callsAdded: number;
  voyagesStarted: string[];
  callsUpdated: number;
  notifications: {
    notSeq: number;
    notId: string;
    usrId: string;
    vslCd: string | null;
    portCd: string | null;
  }[];
  chat: { msgSeq: number; roomId: string; sender: string; text: string }[];
}

export function emptyReport(now: number, dtMs: number): TickReport {
  return {
    now: new Date(now).toISOString(),
    dtS: Math.round(dtMs / 1000),
    moved: [],
    positions: { inserted: 0, updated: 0, deleted: 0 },
    arrivals: [],
    berthings: [],
    departures: [],
    etaChanges: [],
    berthPlans: [],
    portStatus: [],
    callsAdded: 0,
    voyagesStarted: [],
    callsUpdated: 0,
    notifications: [],
    chat: [],
  };
}
