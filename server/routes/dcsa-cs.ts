// The three calls of DCSA Commercial Schedules 1.0.3 (integration.md#serving-schedules-dcsa-cs-v1), outside the app's
// API and its token guard: GET /v1/vessel-schedules, /v1/port-schedules and /v1/point-to-point-routes. Thin: the
// caller, API-Version and the refusals are dcsa/scope.ts's, the requests dcsa/cs-request.ts's, the answers
// dcsa/cs-schedules.ts's and dcsa/cs-routes.ts's.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../context.ts';
import { reachOf, signCursor, type PageRequest, type Reach } from '../dcsa/common.ts';
import { dcsaScope } from '../dcsa/scope.ts';
import { csError } from '../dcsa/cs-map.ts';
import {
  POINT_TO_POINT_CALL,
  PORT_SCHEDULES_CALL,
  VESSEL_SCHEDULES_CALL,
  pointToPointRequest,
  portSchedulesRequest,
  vesselSchedulesRequest,
} from '../dcsa/cs-request.ts';
import { pointToPoints } from '../dcsa/cs-routes.ts';
import { portSchedules, vesselSchedules } from '../dcsa/cs-schedules.ts';
import {
  CS_VERSION,
  PointToPointQuery,
  PortSchedulesQuery,
  VesselSchedulesQuery,
} from '../dcsa/cs-schemas.ts';

/** The standard's paths: not the app's API, so not in src/core/contract. */
const VESSEL_SCHEDULES = '/v1/vessel-schedules';
const PORT_SCHEDULES = '/v1/port-schedules';
const POINT_TO_POINT = '/v1/point-to-point-routes';

export async function dcsaCsRoutes(app: App): Promise<void> {
  const { ctx } = app;
  const secret = ctx.sync.cursorSecret;
  dcsaScope(app, { version: CS_VERSION, body: csError });
  // A caller with no user was refused by the scope's hook: no reach at all is the safe answer all the same.
  const reach = async (req: FastifyRequest): Promise<Reach> =>
    req.user ? reachOf(ctx.db, req.user) : { kind: 'ports', portCds: [] };
  const nextPage = <F>(reply: FastifyReply, call: string, request: PageRequest<F>, next: string | null) => {
    if (next) reply.header('next-page-cursor', signCursor(secret, call, request, next));
  };

  // The standard's own OpenAPI document describes these calls: Quay's describes the app's contract.
  app.get(
    VESSEL_SCHEDULES,
    { schema: { hide: true, querystring: VesselSchedulesQuery } },
    async (req, reply) => {
      const request = vesselSchedulesRequest(secret, req.query, new Date());
      const page = await vesselSchedules(ctx.db, request.filters.f, await reach(req), request);
      nextPage(reply, VESSEL_SCHEDULES_CALL, request, page.next);
      return page.items;
    },
  );

  app.get(PORT_SCHEDULES, { schema: { hide: true, querystring: PortSchedulesQuery } }, async (req, reply) => {
    const request = portSchedulesRequest(secret, req.query);
    const page = await portSchedules(ctx.db, request.filters.f, await reach(req), request);
    nextPage(reply, PORT_SCHEDULES_CALL, request, page.next);
    return page.items;
  });

  app.get(POINT_TO_POINT, { schema: { hide: true, querystring: PointToPointQuery } }, async (req, reply) => {
    const request = pointToPointRequest(secret, req.query);
    const all = await pointToPoints(ctx.db, request.filters.f, await reach(req), new Date());
    const rest = request.after === null ? all : all.filter((r) => r.key > (request.after ?? ''));
    const page = rest.slice(0, request.limit);
    nextPage(
      reply,
      POINT_TO_POINT_CALL,
      request,
      rest.length > request.limit ? (page.at(-1)?.key ?? null) : null,
    );
    return page.map((r) => r.routing);
  });
}
