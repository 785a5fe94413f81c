// GET /v3/service-schedules, DCSA Operational Vessel Schedules 3.0.2 (integration.md#serving-schedules-dcsa-ovs-v3):
// outside the app's API and its token guard. Thin: the caller (an API key or a staff token) is dcsa/caller.ts's, the
// request and its cursor dcsa/ovs-request.ts's, the query dcsa/ovs.ts's. Every refusal, a schema's included, is
// answered in the standard's ErrorResponse body with the API-Version header.
import type { FastifyError } from 'fastify';
import type { App } from '../context.ts';
import { HttpError } from '../http/errors.ts';
import { dcsaCaller } from '../dcsa/caller.ts';
import { DcsaError, errorResponse, queryError } from '../dcsa/errors.ts';
import { serviceSchedules } from '../dcsa/ovs.ts';
import { ovsRequest, reachOf, signCursor } from '../dcsa/ovs-request.ts';
import { OVS_VERSION, ServiceSchedulesQuery } from '../dcsa/ovs-schemas.ts';
import { NO_NUL_PATTERN } from '../../src/core/contract/text.ts';

/** The standard's path: not the app's API, so not in src/core/contract. */
const SERVICE_SCHEDULES = '/v3/service-schedules';

/** A schema's refusal of the query, as the standard's DetailedError: the parameter, its value and why. */
function schemaRefusal(err: FastifyError, query: unknown): DcsaError {
  const first = err.validation?.[0];
  const params = (first?.params ?? {}) as {
    missingProperty?: string;
    additionalProperty?: string;
    format?: string;
    pattern?: string;
  };
  const property =
    params.additionalProperty ?? params.missingProperty ?? first?.instancePath.replace(/^\//, '') ?? 'query';
  const raw = (query as Record<string, unknown> | undefined)?.[property];
  const value = Array.isArray(raw) ? raw.join(',') : String(raw ?? '');
  if (params.additionalProperty)
    return queryError(property, value, `${property} is not a parameter of this call`);
  if (Array.isArray(raw)) return queryError(property, value, `${property} may be sent once only`);
  if (params.pattern === NO_NUL_PATTERN)
    return queryError(property, value, `${property} must not hold NUL characters`);
  if (params.format === 'date')
    return queryError(property, value, `${property} must be a date written YYYY-MM-DD, not ${value}`);
  return queryError(property, value, `${property} ${first?.message ?? 'is not valid'}`);
}

export async function dcsaOvsRoutes(app: App): Promise<void> {
  const { ctx } = app;
  app.setErrorHandler((err: FastifyError | HttpError, req, reply) => {
    const refusal = err instanceof HttpError ? err : err.validation ? schemaRefusal(err, req.query) : null;
    if (!refusal) req.log.error({ err }, 'unhandled error');
    const status = refusal?.statusCode ?? 500;
    const message = refusal?.message ?? 'This is a temporary error. Please try again in a few minutes.';
    if (refusal instanceof DcsaError && refusal.retryAfterS) reply.header('retry-after', refusal.retryAfterS);
    const detail = refusal instanceof DcsaError ? refusal.detail : undefined;
    return reply
      .code(status)
      .header('api-version', OVS_VERSION)
      .send(errorResponse(req, status, message, detail));
  });
  app.addHook('onRequest', async (req, reply) => {
    reply.header('api-version', OVS_VERSION).header('cache-control', 'private, no-cache');
    req.user = await dcsaCaller(ctx, req);
  });

  app.get(
    SERVICE_SCHEDULES,
    // The standard's own OpenAPI document describes this call: Quay's describes the app's contract.
    { schema: { hide: true, querystring: ServiceSchedulesQuery } },
    async (req, reply) => {
      const secret = ctx.sync.cursorSecret;
      const request = ovsRequest(secret, req.query, new Date());
      const reach = req.user ? await reachOf(ctx.db, req.user) : { kind: 'ports' as const, portCds: [] };
      const page = await serviceSchedules(ctx.db, request.filters, reach, request);
      if (page.next) reply.header('next-page-cursor', signCursor(secret, request, page.next));
      return page.schedules;
    },
  );
}
