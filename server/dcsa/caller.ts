// Who calls the DCSA routes: a partner's system with an API key (Authorization: Bearer <key>, or the API-Key header),
// counted against its calls of the minute, or a signed-on staff member with the app's token (integration.md#api-keys).
import type { IncomingHttpHeaders } from 'node:http';
import type { ServerContext } from '../context.ts';
import type { AuthUser } from '../auth/user.ts';
import { useApiKey } from '../auth/api-keys.ts';
import { authenticate, TOKEN_HEADER } from '../auth/guard.ts';
import { forbidden, unauthenticated } from '../http/errors.ts';
import { isStaff } from '../../src/core/role.ts';
import { DcsaError } from './errors.ts';

const BEARER = /^Bearer +(\S+)$/i;

/** What the caller reads of a request: its headers. */
interface CallerRequest {
  headers: IncomingHttpHeaders;
}

function keyOf(req: CallerRequest): string | null {
  const { authorization } = req.headers;
  if (authorization !== undefined) {
    const key = BEARER.exec(authorization)?.[1];
    if (!key)
      throw unauthenticated('Authentication failed: the Authorization header must be Bearer <API key>');
    return key;
  }
  const header = req.headers['api-key'];
  const key = Array.isArray(header) ? header[0] : header;
  return key === undefined ? null : key.trim();
}

export async function dcsaCaller(ctx: ServerContext, req: CallerRequest): Promise<AuthUser> {
  const key = keyOf(req);
  if (key !== null) {
    const perMin = ctx.config.apiKeyPerMin;
    const use = await useApiKey(ctx.db, key, perMin);
    if (use.user) return use.user;
    const message = `This API key made more than ${perMin} calls in a minute: wait ${use.retryAfterS} s`;
    throw new DcsaError(
      429,
      message,
      { errorCode: 7005, errorCodeText: 'tooManyRequests', erorCodeMessage: message },
      use.retryAfterS,
    );
  }
  if (req.headers[TOKEN_HEADER] === undefined)
    throw unauthenticated(
      'Authentication failed: send an API key made by staff (Authorization: Bearer <key> or API-Key: <key>)',
    );
  const user = await authenticate(ctx, req);
  if (!isStaff(user))
    throw forbidden(
      "Only staff call the DCSA schedules with the app's token; partners' systems use an API key",
    );
  return user;
}
