// The token guard of /api/v2/app: every call needs a valid X-AUTH-TOKEN for a live session.
import type { IncomingHttpHeaders } from 'node:http';
import { roleGroup } from '../../src/core/role.ts';
import type { ServerContext } from '../context.ts';
import type { AuthUser } from './user.ts';
import { invalidToken, unauthenticated } from '../http/errors.ts';
import { loggedUserOf, sessionUser } from './sessions.ts';

export const TOKEN_HEADER = 'x-auth-token';

/**
 * A token with less than this share of its life left is renewed on the answer of the call that carried it (the same
 * X-AUTH-TOKEN header, on the response): a device that calls now and then never pays a 401 and a refresh round trip
 * for a token that ran out while it was using it.
 */
export const RENEW_WHEN_LEFT = 0.5;

/** The caller's token's expiry (seconds since epoch), kept on the request for the renewal on its answer. */
const expiries = new WeakMap<object, number>();

/** What the guard reads of a request: its headers (the request object itself keys the token's expiry). */
interface TokenRequest {
  headers: IncomingHttpHeaders;
}

export async function authenticate(ctx: ServerContext, req: TokenRequest): Promise<AuthUser> {
  const raw = req.headers[TOKEN_HEADER];
  const token = Array.isArray(raw) ? raw[0] : raw;
  if (!token) throw unauthenticated('Authentication failed: the X-AUTH-TOKEN header is missing');
  const result = await ctx.tokens.verify(token);
  if (!result.ok) {
    throw result.reason === 'expired'
      ? unauthenticated('Authentication failed: the token has expired')
      : invalidToken('Credentials are not valid: the token is malformed or its signature does not match');
  }
  const row = await sessionUser(ctx.db, result.claims.sid);
  if (!row || row.usr_id !== result.claims.usrId)
    throw unauthenticated('Authentication failed: the session has ended');
  expiries.set(req, result.claims.exp);
  return {
    ...loggedUserOf(row),
    sid: result.claims.sid,
    role: roleGroup(row.usr_role_cd),
  };
}

/** When the token the guard let through on `req` expires (seconds since the epoch). */
export const tokenExpiry = (req: TokenRequest): number | undefined => expiries.get(req);

/**
 * A fresh token for a live session and when it expires (seconds since the epoch), or null when the session ended:
 * the live connection's renewal (stomp/token-renewal.ts).
 */
export async function sessionToken(
  ctx: ServerContext,
  user: Pick<AuthUser, 'usrId' | 'sid'>,
): Promise<{ token: string; exp: number } | null> {
  const row = await sessionUser(ctx.db, user.sid);
  if (!row || row.usr_id !== user.usrId) return null;
  const exp = Math.floor(Date.now() / 1000) + ctx.tokens.ttlS;
  return { token: await ctx.tokens.sign({ usrId: user.usrId, sid: user.sid }), exp };
}

/**
 * A fresh token for the caller when its token is past RENEW_WHEN_LEFT of its life, else null. Only for a request the
 * guard let through: its session is live.
 */
export async function renewedToken(
  ctx: ServerContext,
  req: TokenRequest,
  user: AuthUser,
): Promise<string | null> {
  const exp = expiries.get(req);
  if (exp === undefined) return null;
  const left = exp - Date.now() / 1000;
  if (left > ctx.tokens.ttlS * RENEW_WHEN_LEFT) return null;
  return ctx.tokens.sign({ usrId: user.usrId, sid: user.sid });
}
