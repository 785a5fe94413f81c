// GET /v3/service-schedules, DCSA Operational Vessel Schedules 3.0.2 (integration.md#serving-schedules-dcsa-ovs-v3):
// outside the app's API and its token guard. Thin: the caller, the API-Version header and the refusals are
// dcsa/scope.ts's, the request and its cursor dcsa/ovs-request.ts's, the query dcsa/ovs.ts's.
import type { App } from '../context.ts';
import { reachOf, signCursor } from '../dcsa/common.ts';
import { dcsaScope } from '../dcsa/scope.ts';
import { serviceSchedules } from '../dcsa/ovs.ts';
import { OVS_CALL, ovsRequest } from '../dcsa/ovs-request.ts';
import { OVS_VERSION, ServiceSchedulesQuery } from '../dcsa/ovs-schemas.ts';

/** The standard's path: not the app's API, so not in src/core/contract. */
const SERVICE_SCHEDULES = '/v3/service-schedules';

export async function dcsaOvsRoutes(app: App): Promise<void> {
  const { ctx } = app;
  dcsaScope(app, { version: OVS_VERSION });
  app.get(
    SERVICE_SCHEDULES,
    // The standard's own OpenAPI document describes this call: Quay's describes the app's contract.
    { schema: { hide: true, querystring: ServiceSchedulesQuery } },
    async (req, reply) => {
      const secret = ctx.sync.cursorSecret;
      const request = ovsRequest(secret, req.query, new Date());
      const reach = req.user ? await reachOf(ctx.db, req.user) : { kind: 'ports' as const, portCds: [] };
      const page = await serviceSchedules(ctx.db, request.filters, reach, request);
      if (page.next) reply.header('next-page-cursor', signCursor(secret, OVS_CALL, request, page.next));
      return page.schedules;
    },
  );
}
