// What every DCSA route shares (integration.md#serving-schedules-dcsa-ovs-v3): the caller read before the call (an API
// key or a staff token, caller.ts), the API-Version header on every answer, and each refusal, a schema's included,
// answered in the standard's ErrorResponse body with one DetailedError naming the parameter and its value.
import type { FastifyError } from 'fastify';
import type { App } from '../context.ts';
import { HttpError } from '../http/errors.ts';
import { NO_NUL_PATTERN } from '../../src/core/contract/text.ts';
import { dcsaCaller } from './caller.ts';
import { DcsaError, errorResponse, queryError } from './errors.ts';
import type { ErrorResponse } from './ovs-schemas.ts';

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
  if (params.missingProperty) return queryError(property, value, `${property} is required`);
  if (Array.isArray(raw)) return queryError(property, value, `${property} may be sent once only`);
  if (params.pattern === NO_NUL_PATTERN)
    return queryError(property, value, `${property} must not hold NUL characters`);
  if (params.format === 'date')
    return queryError(property, value, `${property} must be a date written YYYY-MM-DD, not ${value}`);
  return queryError(property, value, `${property} ${first?.message ?? 'is not valid'}`);
}

export interface DcsaScope {
  /** The standard's version, sent as API-Version. */
  version: string;
  /** The refusal's body as this standard writes it (OVS's when left out). */
  body?: (error: ErrorResponse) => unknown;
}

/** Sets the scope's error handler and caller hook: call it first in a DCSA route plugin. */
export function dcsaScope(app: App, scope: DcsaScope): void {
  const { ctx } = app;
  const body = scope.body ?? ((e: ErrorResponse) => e);
  app.setErrorHandler((err: FastifyError | HttpError, req, reply) => {
    const refusal = err instanceof HttpError ? err : err.validation ? schemaRefusal(err, req.query) : null;
    if (!refusal) req.log.error({ err }, 'unhandled error');
    const status = refusal?.statusCode ?? 500;
    const message = refusal?.message ?? 'This is a temporary error. Please try again in a few minutes.';
    if (refusal instanceof DcsaError && refusal.retryAfterS) reply.header('retry-after', refusal.retryAfterS);
    const detail = refusal instanceof DcsaError ? refusal.detail : undefined;
    return reply
      .code(status)
      .header('api-version', scope.version)
      .send(body(errorResponse(req, status, message, detail)));
  });
  app.addHook('onRequest', async (req, reply) => {
    reply.header('api-version', scope.version).header('cache-control', 'private, no-cache');
    req.user = await dcsaCaller(ctx, req);
  });
}
