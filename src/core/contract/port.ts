// API contract of the port pages (product.md §2 /port/live and /port/status; shapes decided in architecture.md §6): the calls of a
// port around now (expected, alongside, departed) with its current status, and the port's status with its recent
// changes (N009 fields).
import { Type, type Static } from 'typebox';
import { DelayHrs, IsoDate, NullableIsoDate, PortCd } from './common.ts';
import { SAILINGS_MAX_WEEKS, SAILINGS_WEEKS } from '../sailing-weeks.ts';

export const PortQuery = Type.Object({ portCd: PortCd });
export type PortQuery = Static<typeof PortQuery>;

/** Days ahead an expected call is listed, and hours back a departed one. */
export const PORT_EXPECTED_DAYS = 7;
export const PORT_DEPARTED_HOURS = 48;

export const PortIdentity = Type.Object({
  portCd: Type.String(),
  portNm: Type.String(),
  cntCd: Type.String(),
  cntNm: Type.String(),
  lat: Type.Number(),
  lon: Type.Number(),
});
export type PortIdentity = Static<typeof PortIdentity>;

/**
 * Where a vessel is and how it moves (newest AIS fix). Not a public schedule fact: a vessel user (type 4) gets it
 * for its own vessel only, null for the others.
 */
export const VesselMotion = Type.Union(
  [
    Type.Object({
      posDt: IsoDate,
      lat: Type.Number(),
      lon: Type.Number(),
      sog: Type.Number({ description: 'speed over ground, knots' }),
      cog: Type.Number({ description: 'course over ground, degrees' }),
      hdg: Type.Number({ description: 'heading, degrees' }),
      navSts: Type.String({ description: 'UNDER_WAY, AT_ANCHOR or MOORED' }),
    }),
    Type.Null(),
  ],
  {
    description:
      "newest AIS fix; null when there is none or the caller may not see it (another vessel's, type 4)",
  },
);
export type VesselMotion = Static<typeof VesselMotion>;

/** One vessel's call at the port. */
export const PortCall = Type.Object({
  vslCd: Type.String(),
  vslNm: Type.String(),
  crrCd: Type.String(),
  crrBgColrVal: Type.String(),
  crrFgColrVal: Type.String(),
  laneCd: Type.String({ description: "the voyage's service (trade lane)" }),
  skdVoyNo: Type.String(),
  skdDirCd: Type.String(),
  callSeq: Type.Integer(),
  ydCd: Type.Union([Type.String(), Type.Null()]),
  ydNm: Type.Union([Type.String(), Type.Null()], { description: 'terminal' }),
  eta: IsoDate,
  etb: IsoDate,
  etd: IsoDate,
  ata: NullableIsoDate,
  atb: NullableIsoDate,
  atd: NullableIsoDate,
  delayHrs: DelayHrs,
  omitted: Type.Boolean({ description: 'the call is omitted (skipped) from the voyage' }),
  motion: VesselMotion,
});
export type PortCall = Static<typeof PortCall>;

/** A port status as N009 words it. */
export const PortStatusEntry = Type.Object({
  stsNm: Type.String({ description: 'Open, Restricted or Closed' }),
  stsFrmDt: IsoDate,
  stsReasNm: Type.String({ description: 'why ("" when none)' }),
});
export type PortStatusEntry = Static<typeof PortStatusEntry>;

export const PortLive = Type.Object({
  port: PortIdentity,
  status: Type.Optional(
    Type.Union([PortStatusEntry, Type.Null()], {
      description:
        "the port's current status, null when it has none (absent from servers and copies kept before it was added)",
    }),
  ),
  /** The window the lists cover (whole hours, so an unchanged port answers the same body and ETag for an hour). */
  from: IsoDate,
  to: IsoDate,
  expected: Type.Array(PortCall, {
    description: `not yet arrived, ETA within ${PORT_EXPECTED_DAYS} days (overdue ones too), by ETA; omitted calls marked`,
  }),
  alongside: Type.Array(PortCall, {
    description: 'arrived (at anchor or berthed) and not departed, by arrival',
  }),
  departed: Type.Array(PortCall, {
    description: `departed in the last ${PORT_DEPARTED_HOURS} hours, latest first`,
  }),
});
export type PortLive = Static<typeof PortLive>;

/** How many earlier statuses the status page lists. */
export const PORT_STATUS_HISTORY_MAX = 20;

export const PortStatus = Type.Object({
  port: PortIdentity,
  current: Type.Union([PortStatusEntry, Type.Null()], { description: 'null when the port has no status' }),
  history: Type.Array(PortStatusEntry, {
    maxItems: PORT_STATUS_HISTORY_MAX,
    description: 'recent changes, newest first (the first is the current status)',
  }),
});
export type PortStatus = Static<typeof PortStatus>;

/** Port to port (product.md §2 /port/sailings); weeks ahead: src/core/sailings.ts. */

export const SailingsQuery = Type.Object(
  {
    fromPortCd: PortCd,
    toPortCd: PortCd,
    weeks: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: SAILINGS_MAX_WEEKS,
        description: `departures in the next this many weeks (${SAILINGS_WEEKS} when absent)`,
      }),
    ),
  },
  { additionalProperties: false },
);
export type SailingsQuery = Static<typeof SailingsQuery>;

/** One vessel's sailing from the first port to the second on one voyage. */
export const Sailing = Type.Object({
  laneCd: Type.String(),
  laneNm: Type.String(),
  crrCd: Type.String(),
  crrBgColrVal: Type.String(),
  crrFgColrVal: Type.String(),
  vslCd: Type.String(),
  vslNm: Type.String(),
  voyNo: Type.String({ description: 'voyage number and direction, e.g. 0412E' }),
  etd: IsoDate,
  eta: IsoDate,
  transitDays: Type.Number({
    description: 'from ETD at the first port to ETA at the second, in days (one decimal)',
  }),
});
export type Sailing = Static<typeof Sailing>;

export const Sailings = Type.Object({
  fromPortCd: Type.String(),
  toPortCd: Type.String(),
  /** Departures from the first port between these two times. */
  from: IsoDate,
  to: IsoDate,
  sailings: Type.Array(Sailing, { description: 'by ETD at the first port, then transit time' }),
});
export type Sailings = Static<typeof Sailings>;

/** A call in the schedule set: port code, then ETA and ETD in minutes after the set's `base`. */
export const ScheduleCall = Type.Tuple([Type.String(), Type.Integer(), Type.Integer()]);
export type ScheduleCall = Static<typeof ScheduleCall>;

/**
 * Every vessel's calls still to come, compact, for port-to-port searches on the device with no link: per service its
 * voyages, each with its calls in order (omitted calls and calls already left out).
 */
export const ScheduleSet = Type.Object({
  base: IsoDate,
  services: Type.Array(
    Type.Object({
      laneCd: Type.String(),
      laneNm: Type.String(),
      crrCd: Type.String(),
      bg: Type.String({ description: "the carrier's colours" }),
      fg: Type.String(),
      voyages: Type.Array(
        Type.Object({
          vslCd: Type.String(),
          vslNm: Type.String(),
          voyNo: Type.String(),
          calls: Type.Array(ScheduleCall),
        }),
      ),
    }),
  ),
});
export type ScheduleSet = Static<typeof ScheduleSet>;
