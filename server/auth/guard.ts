// The token guard of /api/v2/app: every call needs a valid X-AUTH-TOKEN for a live session.
import type { FastifyRequest } from 'fastify';
import { roleGroup } from '../../src/core/role.ts';
import type { AuthUser, ServerContext } from '../context.ts';
import { invalidToken, unauthenticated } from '../http/errors.ts';
import { sessionUser } from './sessions.ts';

export const TOKEN_HEADER = 'x-auth-token';

export async function authenticate(ctx: ServerContext, req: FastifyRequest): Promise<AuthUser> {
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
  return {
    usrId: row.usr_id,
    usrNm: row.usr_nm,
    usrTpCd: row.usr_tp_cd,
    usrRoleCd: row.usr_role_cd,
    ofcId: row.ofc_id,
    extUsrId: row.ext_usr_id,
    email: row.email,
    sid: result.claims.sid,
    role: roleGroup(row.usr_role_cd),
  };
}
