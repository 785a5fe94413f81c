// /vessel routes over the ship's noon/arrival/departure reports: the latest report, the daily sheet, fuel summed over
// a period (calc-foc) and the weekly Carbon Intensity Indicator (cii/week). The answers come from
// ../../vessels/reports.ts.
import { userOf, type App } from '../../context.ts';
import {
  CalcFocQuery,
  CalcFocResponse,
  CiiWeekResponse,
  DailySheetQuery,
  DailySheetResponse,
  LatestReportResponse,
} from '../../../src/core/contract/vessel-reports.ts';
import { VslQuery } from '../../../src/core/contract/vessel.ts';
import { calcFoc, ciiWeeks, dailySheet, latestReport } from '../../vessels/reports.ts';
import {
  VESSEL_CALC_FOC,
  VESSEL_CII_WEEK,
  VESSEL_DAILY_SHEET,
  VESSEL_LATEST_REPORT,
} from '../../../src/core/contract/api.ts';

const tags = ['vessel'];
const security = [{ token: [] }];

export async function reportRoutes(app: App): Promise<void> {
  const { db } = app.ctx;

  app.get(
    VESSEL_LATEST_REPORT,
    {
      schema: {
        tags,
        security,
        summary: "The vessel's newest report, or null",
        querystring: VslQuery,
        response: { 200: LatestReportResponse },
      },
    },
    async (req) => latestReport(db, userOf(req), req.query.vslCd),
  );

  app.get(
    VESSEL_DAILY_SHEET,
    {
      schema: {
        tags,
        security,
        summary: "The vessel's reports of the last N days (default 7), newest first",
        querystring: DailySheetQuery,
        response: { 200: DailySheetResponse },
      },
    },
    async (req) => dailySheet(db, userOf(req), req.query.vslCd, req.query.days ?? 7),
  );

  app.get(
    VESSEL_CALC_FOC,
    {
      schema: {
        tags,
        security,
        summary:
          'Fuel consumed and distance sailed between fromDt and toDt (default the last 7 days), from the reports',
        querystring: CalcFocQuery,
        response: { 200: CalcFocResponse },
      },
    },
    async (req) => calcFoc(db, userOf(req), req.query),
  );

  app.get(
    VESSEL_CII_WEEK,
    {
      schema: {
        tags,
        security,
        summary: 'Weekly distance, fuel, CO2 and attained CII with its A-E rating over the last 8 ISO weeks',
        description:
          'DWT is approximated as TEU x 12; CO2 = FOC x 3.114; the rating compares attained with the IMO required CII of the year.',
        querystring: VslQuery,
        response: { 200: CiiWeekResponse },
      },
    },
    async (req) => ciiWeeks(db, userOf(req), req.query.vslCd),
  );
}
