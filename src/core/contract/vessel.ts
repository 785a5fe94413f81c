// API contract for the vessel calls (product.md#vessel-calls; shapes decided in architecture.md#the-pages-the-product-leaves-open): vessel page, schedule widget,
// AIS, storms, persons in charge, operational status and the fleet. Reports and CII are in vessel-reports.ts; memos,
// widget flags and the next dock in vessel-memos.ts.
import { Type, type Static } from 'typebox';
import { DateOnly, DelayHrs, FromAis, IsoDate, NullableIsoDate, PfEta, VslCd, YN } from './common.ts';

const Str = Type.Union([Type.String(), Type.Null()]);
const Num = Type.Union([Type.Number(), Type.Null()]);

export const VslQuery = Type.Object({ vslCd: VslCd });
export type VslQuery = Static<typeof VslQuery>;
export const VslParams = Type.Object({ vslCd: VslCd });
export type VslParams = Static<typeof VslParams>;

/** AIS nav status of vessel_positions. */
export const NavSts = Type.String({ description: 'UNDER_WAY, AT_ANCHOR or MOORED' });

/** One AIS fix. */
export const AisPosition = Type.Object({
  vslCd: Type.String(),
  posDt: IsoDate,
  lat: Type.Number(),
  lon: Type.Number(),
  sog: Type.Number({ description: 'speed over ground, knots' }),
  cog: Type.Number({ description: 'course over ground, degrees' }),
  hdg: Type.Number({ description: 'heading, degrees' }),
  navSts: NavSts,
});
export type AisPosition = Static<typeof AisPosition>;
export const AisResponse = Type.Union([AisPosition, Type.Null()], {
  description: 'null when the vessel has no AIS fix',
});
export type AisResponse = Static<typeof AisResponse>;

export const AisHistoryQuery = Type.Object({
  vslCd: VslCd,
  hours: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 168, default: 48, description: 'hours before the newest fix' }),
  ),
});
export const TrackPoint = Type.Object({
  posDt: IsoDate,
  lat: Type.Number(),
  lon: Type.Number(),
  sog: Type.Number(),
  cog: Type.Number(),
  navSts: NavSts,
});
export const AisHistoryResponse = Type.Object({
  vslCd: Type.String(),
  hours: Type.Integer(),
  track: Type.Array(TrackPoint, { description: 'oldest first' }),
});
export type AisHistoryResponse = Static<typeof AisHistoryResponse>;

/** A port call as the vessel page shows it (previous and next port). */
export const CallRef = Type.Object({
  skdVoyNo: Type.String(),
  skdDirCd: Type.String(),
  callSeq: Type.Integer(),
  portCd: Type.String(),
  portNm: Type.String(),
  ydNm: Str,
  eta: IsoDate,
  etb: IsoDate,
  etd: IsoDate,
  ata: NullableIsoDate,
  atb: NullableIsoDate,
  atd: NullableIsoDate,
  pfEta: PfEta,
  etaDelayHrs: DelayHrs,
});
export type CallRef = Static<typeof CallRef>;

/** The particulars a schedule source or an import did not give (product.md#vessel-particulars). */
const UNKNOWN = 'null when not known';
const NullableStr = (what: string) =>
  Type.Union([Type.String(), Type.Null()], { description: `${what}; ${UNKNOWN}` });

export const VesselCurrent = Type.Object({
  vslCd: Type.String(),
  vslNm: Type.String(),
  imoNo: NullableStr('IMO number, 7 digits, the last a check digit'),
  callSgn: NullableStr('call sign'),
  flagCd: NullableStr('flag state, ISO 3166 alpha-2'),
  crrCd: Type.String(),
  crrNm: Type.String(),
  crrBgColrVal: Type.String(),
  crrFgColrVal: Type.String(),
  laneCd: Type.String(),
  laneNm: Type.String(),
  vslSlanCd: Type.String({
    description: "the service lane of the current voyage (the vessel's lane when none)",
  }),
  teu: Type.Union([Type.Integer(), Type.Null()], { description: `capacity in TEU; ${UNKNOWN}` }),
  builtYr: Type.Union([Type.Integer(), Type.Null()], { description: `year built; ${UNKNOWN}` }),
  loaM: Type.Union([Type.Number(), Type.Null()], { description: `length overall, metres; ${UNKNOWN}` }),
  svcSpd: Type.Union([Type.Number(), Type.Null()], { description: `service speed, knots; ${UNKNOWN}` }),
  mmsi: Type.Optional(
    Type.Union([Type.String({ pattern: '^[0-9]{9}$' }), Type.Null()], {
      description:
        "MMSI: the flag's 3 Maritime Identification Digits and 6 more (product.md#input-and-formatting-rules)",
    }),
  ),
  beamM: Type.Optional(Type.Union([Type.Number(), Type.Null()], { description: 'beam (breadth), metres' })),
  draughtM: Type.Optional(
    Type.Union([Type.Number(), Type.Null()], { description: 'summer load line draught, metres' }),
  ),
  posDt: NullableIsoDate,
  lat: Num,
  lon: Num,
  sog: Num,
  cog: Num,
  hdg: Num,
  navSts: Str,
  skdVoyNo: Str,
  skdDirCd: Str,
  prevPort: Type.Union([CallRef, Type.Null()], { description: 'the last call departed from' }),
  nextPort: Type.Union([CallRef, Type.Null()], { description: 'the first call not yet departed' }),
});
export type VesselCurrent = Static<typeof VesselCurrent>;

export const CascadeQuery = Type.Object({
  vslCd: VslCd,
  skdVoyNo: Type.Optional(
    Type.String({ pattern: '^[A-Z0-9]{1,8}$', description: 'another voyage than the current one' }),
  ),
  skdDirCd: Type.Optional(Type.String({ pattern: '^[NSEW]$' })),
});
/** How many of a call's ETA changes the cascade carries (the newest); product.md#eta-history. */
export const ETA_HISTORY_MAX = 10;
export const EtaChange = Type.Object({
  chgDt: IsoDate,
  fmEta: IsoDate,
  toEta: IsoDate,
  chgBy: Type.String({
    description: "the user who moved it, or 'simulator' when the schedule moved by itself",
  }),
  chgByNm: Type.Optional(
    Type.String({
      description: "the name of the user who moved it (users.usr_nm); absent when chgBy is no user's",
    }),
  ),
});
export type EtaChange = Static<typeof EtaChange>;
export const EtaHistory = Type.Object(
  {
    firstEta: IsoDate,
    chgCnt: Type.Integer({ minimum: 1, description: 'every change recorded, also those not listed' }),
    chgs: Type.Array(EtaChange, {
      maxItems: ETA_HISTORY_MAX,
      description: `the newest ${ETA_HISTORY_MAX} changes, oldest first`,
    }),
  },
  { description: 'how the ETA slid: the first ETA and the changes since; absent when it never changed' },
);
export type EtaHistory = Static<typeof EtaHistory>;

export const CascadeCall = Type.Object({
  callSeq: Type.Integer(),
  portCd: Type.String(),
  portNm: Type.String(),
  cntCd: Type.String(),
  ydCd: Str,
  ydNm: Str,
  eta: IsoDate,
  etb: IsoDate,
  etd: IsoDate,
  ata: NullableIsoDate,
  atb: NullableIsoDate,
  atd: NullableIsoDate,
  fromAis: Type.Optional(FromAis),
  skipYn: YN,
  pfEta: PfEta,
  etaDelayHrs: DelayHrs,
  isCurrent: Type.Boolean({ description: 'the call the vessel is at or heading to' }),
  lat: Type.Optional(Type.Number({ description: "the port's latitude, degrees (for the map)" })),
  lon: Type.Optional(Type.Number({ description: "the port's longitude, degrees (for the map)" })),
  etaHist: Type.Optional(EtaHistory),
  tz: Type.Optional(
    Type.String({
      description: "the port's IANA time zone, for its local time beside UTC (e.g. Europe/Amsterdam)",
    }),
  ),
});
export type CascadeCall = Static<typeof CascadeCall>;
export const CascadeResponse = Type.Object({
  vslCd: Type.String(),
  vslNm: Type.String(),
  skdVoyNo: Str,
  skdDirCd: Str,
  laneCd: Str,
  calls: Type.Array(CascadeCall, {
    description: 'in call order; empty when the vessel has no current voyage',
  }),
});
export type CascadeResponse = Static<typeof CascadeResponse>;

/** How many calls before the current voyage GET /vessel/past-calls gives (product.md#past-calls). */
export const PAST_CALLS_MAX = 10;
export const PastCall = Type.Object({
  skdVoyNo: Type.String(),
  skdDirCd: Type.String(),
  portCd: Type.String(),
  portNm: Type.String(),
  tz: Type.String({ description: "the port's IANA time zone" }),
  eta: IsoDate,
  ata: NullableIsoDate,
  atd: IsoDate,
});
export type PastCall = Static<typeof PastCall>;
export const PastCallsResponse = Type.Object({
  vslCd: Type.String(),
  calls: Type.Array(PastCall, {
    maxItems: PAST_CALLS_MAX,
    description: `the newest ${PAST_CALLS_MAX} calls left before the current voyage, newest first`,
  }),
});
export type PastCallsResponse = Static<typeof PastCallsResponse>;

export const NextPort = Type.Object({
  vslCd: Type.String(),
  skdVoyNo: Type.String(),
  skdDirCd: Type.String(),
  callSeq: Type.Integer(),
  portCd: Type.String(),
  portNm: Type.String(),
  cntCd: Type.String(),
  lat: Type.Number(),
  lon: Type.Number(),
  ydCd: Str,
  ydNm: Str,
  eta: IsoDate,
  etb: IsoDate,
  etd: IsoDate,
  ata: NullableIsoDate,
  atb: NullableIsoDate,
  posDt: NullableIsoDate,
  distNm: Type.Union([Type.Number(), Type.Null()], {
    description:
      'great-circle distance from the newest AIS fix, nautical miles; 0 once arrived; null without a fix',
  }),
  hrsToEta: Type.Union([Type.Number(), Type.Null()], {
    description: 'hours from now to the ETA; null once arrived',
  }),
  reqSpd: Type.Union([Type.Number(), Type.Null()], {
    description: 'knots needed to make the ETA; null once arrived, without a fix, or when the ETA has passed',
  }),
});
export type NextPort = Static<typeof NextPort>;
export const NextPortResponse = Type.Union([NextPort, Type.Null()], {
  description: 'null when no call lies ahead',
});

export const StormTrackPoint = Type.Object({
  dt: IsoDate,
  lat: Type.Number(),
  lon: Type.Number(),
  windKts: Type.Number(),
});
export const StormThreat = Type.Object({
  stormId: Type.String(),
  stormNm: Type.String(),
  category: Type.String(),
  obsDt: IsoDate,
  lat: Type.Number(),
  lon: Type.Number(),
  windKts: Type.Number(),
  radiusNm: Type.Number(),
  distNm: Type.Union([Type.Number(), Type.Null()], {
    description: "from the vessel's newest fix to the storm centre; null without a fix",
  }),
  threat: Type.Boolean({ description: 'the vessel is within radiusNm + 300 nm of the centre' }),
  track: Type.Array(StormTrackPoint, { description: 'forecast' }),
});
export type StormThreat = Static<typeof StormThreat>;
export const TyphoonStormResponse = Type.Object({
  vslCd: Type.String(),
  posDt: NullableIsoDate,
  lat: Num,
  lon: Num,
  stormList: Type.Array(StormThreat, { description: 'nearest first' }),
});
export type TyphoonStormResponse = Static<typeof TyphoonStormResponse>;

export const Pic = Type.Object({
  usrId: Type.String(),
  usrNm: Type.String(),
  role: Type.Union([Type.Literal('vessel'), Type.Literal('operator')]),
  email: Type.String(),
});
export type Pic = Static<typeof Pic>;
export const PicResponse = Type.Object({
  vslCd: Type.String(),
  picList: Type.Array(Pic, { description: "the vessel's own users first, then the operators following it" }),
});
export type PicResponse = Static<typeof PicResponse>;

export const OsrPort = Type.Object({ portCd: Type.String(), portNm: Type.String(), dt: NullableIsoDate });
export const OsrResponse = Type.Object({
  vslCd: Type.String(),
  vslNm: Type.String(),
  laneCd: Type.String(),
  skdVoyNo: Str,
  skdDirCd: Str,
  navSts: Str,
  sog: Num,
  posDt: NullableIsoDate,
  arrivedCalls: Type.Integer({ description: 'calls with an actual arrival, all voyages' }),
  onTimeCalls: Type.Integer({ description: 'arrived no later than 1 hour after the ETA' }),
  onTimeRatio: Type.Union([Type.Number(), Type.Null()], { description: '0..1; null with no arrived call' }),
  avgEtaDelayHrs: Type.Union([Type.Number(), Type.Null()], {
    description: 'mean of ETA minus ATA, hours (positive = ahead)',
  }),
  skippedCalls: Type.Integer(),
  lastPort: Type.Union([OsrPort, Type.Null()], { description: 'dt: the departure (or arrival) time' }),
  nextPort: Type.Union([OsrPort, Type.Null()], { description: 'dt: the ETA' }),
});
export type OsrResponse = Static<typeof OsrResponse>;

export const HolidayQuery = Type.Object({
  cntCd: Type.String({ pattern: '^[A-Z]{2}$', description: 'country, 2 letters' }),
  year: Type.Optional(Type.Integer({ minimum: 1900, maximum: 2100, description: 'defaults to this year' })),
});
export const Holiday = Type.Object({
  holDt: Type.String({ description: 'YYYY-MM-DD' }),
  holNm: Type.String(),
});
export const HolidayResponse = Type.Object({
  cntCd: Type.String(),
  year: Type.Integer(),
  holidayList: Type.Array(Holiday),
});
export type HolidayResponse = Static<typeof HolidayResponse>;

export const DailyEventQuery = Type.Object({ vslCd: VslCd, date: Type.Optional(DateOnly) });

export const FleetVessel = Type.Object({
  vslCd: Type.String(),
  vslNm: Type.String(),
  laneCd: Type.String(),
  laneNm: Type.String(),
  crrCd: Type.String(),
  crrBgColrVal: Type.String(),
  crrFgColrVal: Type.String(),
  lat: Num,
  lon: Num,
  sog: Num,
  cog: Num,
  hdg: Num,
  navSts: Str,
  posDt: NullableIsoDate,
  nextPortCd: Str,
  nextPortNm: Str,
  nextEta: NullableIsoDate,
  nextAta: Type.Union([IsoDate, Type.Null()], { description: 'set while the vessel is at its next call' }),
  nextDelayHrs: DelayHrs,
  followed: Type.Boolean({ description: "in the caller's my-vessel list" }),
  sortNo: Type.Union([Type.Integer(), Type.Null()], {
    description:
      "place in the caller's my-vessel list (from 0, the order the user chose); null when not followed",
  }),
});
export type FleetVessel = Static<typeof FleetVessel>;
export const FleetResponse = Type.Object({
  vessels: Type.Array(FleetVessel, { description: 'by vessel code' }),
});
export type FleetResponse = Static<typeof FleetResponse>;
