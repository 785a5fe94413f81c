// /vessel routes around a vessel: storms near it, its persons in charge, an operational status summary (osr),
// its events (all, or of one day) and a country's holidays. The answers come from ../../vessels/info.ts.
import { userOf, type App } from '../../context.ts';
import { EventListResponse } from '../../../src/core/contract/common.ts';
import {
  DailyEventQuery,
  HolidayQuery,
  HolidayResponse,
  OsrResponse,
  PicResponse,
  TyphoonStormResponse,
  VslParams,
  VslQuery,
} from '../../../src/core/contract/vessel.ts';
import { holidays, personsInCharge, statusSummary, stormsNear, vesselEvents } from '../../vessels/info.ts';
import {
  VESSEL_DAILY_EVENT,
  VESSEL_DAILY_HOLIDAY,
  VESSEL_EVENT,
  VESSEL_OSR,
  VESSEL_PIC,
  VESSEL_TYPHOON_STORM,
} from '../../../src/core/contract/api.ts';

const tags = ['vessel'];
const security = [{ token: [] }];

export async function infoRoutes(app: App): Promise<void> {
  const { db } = app.ctx;

  app.get(
    VESSEL_TYPHOON_STORM,
    {
      schema: {
        tags,
        security,
        summary:
          'Storms with their distance from the vessel, nearest first; threat when within radius + 300 nm',
        params: VslParams,
        response: { 200: TyphoonStormResponse },
      },
    },
    async (req) => stormsNear(db, userOf(req), req.params.vslCd),
  );

  app.get(
    VESSEL_PIC,
    {
      schema: {
        tags,
        security,
        summary: 'Persons in charge of the vessel: its own users, then the operators following it',
        querystring: VslQuery,
        response: { 200: PicResponse },
      },
    },
    async (req) => personsInCharge(db, userOf(req), req.query.vslCd),
  );

  app.get(
    VESSEL_OSR,
    {
      schema: {
        tags,
        security,
        summary:
          'Operational status summary: schedule reliability of past calls, last and next port, current state',
        querystring: VslQuery,
        response: { 200: OsrResponse },
      },
    },
    async (req) => statusSummary(db, userOf(req), req.query.vslCd),
  );

  app.get(
    VESSEL_EVENT,
    {
      schema: {
        tags,
        security,
        summary: "The vessel's events, newest first, with remarks",
        querystring: VslQuery,
        response: { 200: EventListResponse },
      },
    },
    async (req) => vesselEvents(db, userOf(req), req.query.vslCd),
  );

  app.get(
    VESSEL_DAILY_EVENT,
    {
      schema: {
        tags,
        security,
        summary: "The vessel's events of one UTC day (default today), newest first",
        querystring: DailyEventQuery,
        response: { 200: EventListResponse },
      },
    },
    async (req) => vesselEvents(db, userOf(req), req.query.vslCd, { date: req.query.date }),
  );

  app.get(
    VESSEL_DAILY_HOLIDAY,
    {
      schema: {
        tags,
        security,
        summary: "A country's public holidays of a year (default this year), in date order",
        querystring: HolidayQuery,
        response: { 200: HolidayResponse },
      },
    },
    async (req) => holidays(db, req.query.cntCd, req.query.year ?? new Date().getUTCFullYear()),
  );
}
