// /vessel routes for where a vessel is and where it goes: current info, the schedule (cascade, widget IBM_W2030),
// AIS position and track, and the next port with distance and required speed. The answers come from
// ../../vessels/state.ts.
import { userOf, type App } from '../../context.ts';
import {
  AisHistoryQuery,
  AisHistoryResponse,
  AisResponse,
  CascadeQuery,
  CascadeResponse,
  NextPortResponse,
  PastCallsResponse,
  VesselCurrent,
  VslQuery,
} from '../../../src/core/contract/vessel.ts';
import { aisHistory, aisNow, cascade, nextPort, vesselCurrent } from '../../vessels/state.ts';
import { pastCalls } from '../../vessels/past-calls.ts';
import {
  VESSEL_AIS,
  VESSEL_AIS_HISTORY,
  VESSEL_CASCADE,
  VESSEL_CURRENT,
  VESSEL_NEXT_PORT,
  VESSEL_PAST_CALLS,
} from '../../../src/core/contract/api.ts';

const tags = ['vessel'];
const security = [{ token: [] }];

export async function stateRoutes(app: App): Promise<void> {
  const { db } = app.ctx;

  app.get(
    VESSEL_CURRENT,
    {
      schema: {
        tags,
        security,
        summary:
          "A vessel's identity, newest AIS state, current voyage and previous/next port (the vessel page header)",
        querystring: VslQuery,
        response: { 200: VesselCurrent },
      },
    },
    async (req) => vesselCurrent(db, userOf(req), req.query.vslCd),
  );

  app.get(
    VESSEL_CASCADE,
    {
      schema: {
        tags,
        security,
        summary:
          "A voyage's schedule (the current one unless skdVoyNo and skdDirCd name another): the IBM_W2030 widget",
        querystring: CascadeQuery,
        response: { 200: CascadeResponse },
      },
    },
    async (req) => cascade(db, userOf(req), req.query),
  );

  app.get(
    VESSEL_AIS,
    {
      schema: {
        tags,
        security,
        summary: "A vessel's newest AIS fix, or null",
        querystring: VslQuery,
        response: { 200: AisResponse },
      },
    },
    async (req) => aisNow(db, userOf(req), req.query.vslCd),
  );

  app.get(
    VESSEL_AIS_HISTORY,
    {
      schema: {
        tags,
        security,
        summary: "A vessel's AIS track over the given hours up to its newest fix, oldest first",
        querystring: AisHistoryQuery,
        response: { 200: AisHistoryResponse },
      },
    },
    async (req) => aisHistory(db, userOf(req), req.query.vslCd, req.query.hours ?? 48),
  );

  app.get(
    VESSEL_NEXT_PORT,
    {
      schema: {
        tags,
        security,
        summary:
          'The next call not yet departed, with the distance to go and the speed needed to make its ETA; null when none',
        querystring: VslQuery,
        response: { 200: NextPortResponse },
      },
    },
    async (req) => nextPort(db, userOf(req), req.query.vslCd),
  );

  app.get(
    VESSEL_PAST_CALLS,
    {
      schema: {
        tags,
        security,
        summary:
          'The newest 10 calls the vessel left before its current voyage, newest first (product.md#past-calls)',
        querystring: VslQuery,
        response: { 200: PastCallsResponse },
      },
    },
    async (req) => pastCalls(db, userOf(req), req.query.vslCd),
  );
}
