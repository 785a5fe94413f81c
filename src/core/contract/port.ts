// API contract of the port pages (product.md#routes /port/live and /port/status; shapes decided in architecture.md#the-pages-the-product-leaves-open): the calls of a
// port around now (expected, alongside, departed) with its current status, and the port's status with its recent
// changes (N009 fields).
import { Type, type Static } from 'typebox';
import { DelayHrs, FromAis, IsoDate, NullableIsoDate, PortCd } from './common.ts';

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
  tz: Type.Optional(
    Type.String({
      description:
        "the port's IANA time zone (Asia/Singapore), for its local time beside UTC; absent from copies kept before it was added",
    }),
  ),
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
  fromAis: Type.Optional(FromAis),
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
