// API contract for the vessel calls (SPEC §7 "Vessel"; shapes decided in DESIGN §6): vessel page, schedule widget,
// AIS, reports and CII, memos, next dock, storms, persons in charge, operational status and the fleet.
import { Type, type Static } from 'typebox';
import {
  DateOnly,
  DateOrDateTime,
  DelayHrs,
  IsoDate,
  NullableIsoDate,
  PfEta,
  PortCd,
  Text,
  VslCd,
  YN,
} from './common.ts';

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

export const VesselCurrent = Type.Object({
  vslCd: Type.String(),
  vslNm: Type.String(),
  imoNo: Type.String(),
  callSgn: Type.String(),
  flagCd: Type.String(),
  crrCd: Type.String(),
  crrNm: Type.String(),
  crrBgColrVal: Type.String(),
  crrFgColrVal: Type.String(),
  laneCd: Type.String(),
  laneNm: Type.String(),
  vslSlanCd: Type.String({
    description: "the service lane of the current voyage (the vessel's lane when none)",
  }),
  teu: Type.Integer(),
  builtYr: Type.Integer(),
  loaM: Type.Number(),
  svcSpd: Type.Number({ description: 'service speed, knots' }),
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
  skipYn: YN,
  pfEta: PfEta,
  etaDelayHrs: DelayHrs,
  isCurrent: Type.Boolean({ description: 'the call the vessel is at or heading to' }),
  lat: Type.Optional(Type.Number({ description: "the port's latitude, degrees (for the map)" })),
  lon: Type.Optional(Type.Number({ description: "the port's longitude, degrees (for the map)" })),
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

export const VesselReport = Type.Object({
  vslCd: Type.String(),
  rptDt: IsoDate,
  rptTpCd: Type.String({ description: 'NOON, ARR or DEP' }),
  lat: Type.Number(),
  lon: Type.Number(),
  avgSpd: Type.Number(),
  distNm: Type.Number(),
  focMt: Type.Number({ description: 'fuel oil consumed since the previous report, metric tons' }),
  robFoMt: Type.Number(),
  robDoMt: Type.Number(),
  remark: Type.String(),
});
export type VesselReport = Static<typeof VesselReport>;
export const LatestReportResponse = Type.Union([VesselReport, Type.Null()], {
  description: 'null when the vessel has sent no report',
});

export const DailySheetQuery = Type.Object({
  vslCd: VslCd,
  days: Type.Optional(Type.Integer({ minimum: 1, maximum: 30, default: 7 })),
});
export const DailySheetResponse = Type.Object({
  vslCd: Type.String(),
  days: Type.Integer(),
  reportList: Type.Array(VesselReport, { description: 'newest first' }),
});
export type DailySheetResponse = Static<typeof DailySheetResponse>;

export const CalcFocQuery = Type.Object({
  vslCd: VslCd,
  fromDt: Type.Optional(DateOrDateTime),
  toDt: Type.Optional(DateOrDateTime),
});
export const CalcFocResponse = Type.Object({
  vslCd: Type.String(),
  fromDt: IsoDate,
  toDt: IsoDate,
  focMt: Type.Number(),
  distNm: Type.Number(),
  avgSpd: Type.Union([Type.Number(), Type.Null()], {
    description: 'distance over steaming time, knots; null without distance',
  }),
  reports: Type.Array(VesselReport, { description: 'the reports summed, oldest first' }),
});
export type CalcFocResponse = Static<typeof CalcFocResponse>;

export const CiiRating = Type.Union([
  Type.Literal('A'),
  Type.Literal('B'),
  Type.Literal('C'),
  Type.Literal('D'),
  Type.Literal('E'),
]);
export type CiiRating = Static<typeof CiiRating>;
export const CiiWeek = Type.Object({
  week: Type.String({ description: 'ISO week, e.g. 2026-W47' }),
  fromDt: IsoDate,
  toDt: IsoDate,
  distNm: Type.Number(),
  focMt: Type.Number(),
  co2Mt: Type.Number({ description: 'FOC x 3.114' }),
  ciiAttained: Type.Union([Type.Number(), Type.Null()], {
    description: 'g CO2 per dwt-nm; null without distance',
  }),
  rating: Type.Union([CiiRating, Type.Null()]),
});
export type CiiWeek = Static<typeof CiiWeek>;
export const CiiWeekResponse = Type.Object({
  vslCd: Type.String(),
  dwt: Type.Integer({ description: 'approximated as TEU x 12' }),
  ciiRequired: Type.Number({
    description: 'IMO required CII for a container ship of this size this year, g CO2 per dwt-nm',
  }),
  weekList: Type.Array(CiiWeek, { description: 'the last 8 ISO weeks, oldest first, the current week last' }),
});
export type CiiWeekResponse = Static<typeof CiiWeekResponse>;

export const Memo = Type.Object({
  memoSeq: Type.Integer(),
  vslCd: Type.String(),
  wdgtId: Str,
  memo: Type.String(),
  creUsrId: Type.String(),
  creUsrNm: Type.String(),
  creDt: IsoDate,
});
export type Memo = Static<typeof Memo>;
export const MemoListResponse = Type.Object({ memoList: Type.Array(Memo, { description: 'newest first' }) });
export type MemoListResponse = Static<typeof MemoListResponse>;

const MemoText = Text(1, 4000);
export const MemoBody = Type.Object({ vslCd: VslCd, memo: MemoText }, { additionalProperties: false });
export type MemoBody = Static<typeof MemoBody>;
export const WdgtId = Type.String({ pattern: '^[A-Z0-9_]{1,20}$', description: 'widget id, e.g. IBM_W2030' });
export const WidgetMemoBody = Type.Object(
  { vslCd: VslCd, wdgtId: WdgtId, memo: MemoText },
  { additionalProperties: false },
);
export type WidgetMemoBody = Static<typeof WidgetMemoBody>;
export const WidgetMemoQuery = Type.Object({ vslCd: VslCd, wdgtId: Type.Optional(WdgtId) });
export const MemoSaveResponse = Type.Object({
  success: Type.Boolean(),
  msg: Type.String(),
  memoSeq: Type.Integer(),
});
export type MemoSaveResponse = Static<typeof MemoSaveResponse>;

export const WidgetFlag = Type.Object({
  wdgtId: Type.String(),
  wdgtNm: Type.String(),
  wdgtPath: Type.String(),
  useYn: YN,
});
export const WidgetFlagResponse = Type.Object({ widgetFlagList: Type.Array(WidgetFlag) });
export type WidgetFlagResponse = Static<typeof WidgetFlagResponse>;

export const NextDock = Type.Object({
  vslCd: Type.String(),
  yardNm: Type.String(),
  portCd: Type.String(),
  portNm: Type.String(),
  fmDt: IsoDate,
  toDt: IsoDate,
  remark: Type.String(),
  updUsrId: Type.String(),
  updDt: IsoDate,
});
export type NextDock = Static<typeof NextDock>;
export const NextDockResponse = Type.Union([NextDock, Type.Null()], {
  description: 'null when no docking is planned',
});
export const NextDockBody = Type.Object(
  {
    vslCd: VslCd,
    yardNm: Text(1, 100),
    portCd: PortCd,
    fmDt: Type.String({ format: 'date-time' }),
    toDt: Type.String({ format: 'date-time' }),
    remark: Type.Optional(Text(0, 1000)),
  },
  { additionalProperties: false },
);
export type NextDockBody = Static<typeof NextDockBody>;
export const NextDockSaveResponse = Type.Object({
  success: Type.Boolean(),
  msg: Type.String(),
  nextDock: NextDock,
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
