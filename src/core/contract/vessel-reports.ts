// API contract for a vessel's noon, arrival and departure reports (product.md#vessel-calls): the latest report, the daily
// sheet, fuel consumed over a period (FOC) and the weekly carbon intensity (CII).
import { Type, type Static } from 'typebox';
import { DateOrDateTime, IsoDate, VslCd } from './common.ts';

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
    description: 'g CO2 per dwt-nm; null without distance or dwt',
  }),
  rating: Type.Union([CiiRating, Type.Null()]),
});
export type CiiWeek = Static<typeof CiiWeek>;
export const CiiWeekResponse = Type.Object({
  vslCd: Type.String(),
  dwt: Type.Union([Type.Integer(), Type.Null()], {
    description: "approximated as TEU x 12; null when the vessel's TEU is not known",
  }),
  ciiRequired: Type.Union([Type.Number(), Type.Null()], {
    description:
      'IMO required CII for a container ship of this size this year, g CO2 per dwt-nm; null without dwt',
  }),
  weekList: Type.Array(CiiWeek, { description: 'the last 8 ISO weeks, oldest first, the current week last' }),
});
export type CiiWeekResponse = Static<typeof CiiWeekResponse>;
