// Dev fault injection: the next N calls whose path starts with a prefix answer a status, or hang first.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { decodeJwt } from 'jose';
import { SESSION_COOKIE, sessionIdOf } from '../auth/sessions.ts';
import { errorBody } from './errors.ts';

export interface Fault {
  path: string;
  method: string | null;
  status: number | null;
  delayMs: number;
  times: number;
  /** Only calls of this user (by the X-AUTH-TOKEN's subject), so that tests running side by side do not meet. */
  usrId: string | null;
  /** Only calls of this sign-on session (the token's sid, the session cookie's value): one browser of a user. */
  sid: string | null;
}

interface Caller {
  usrId: string | null;
  sid: string | null;
}

const NOBODY: Caller = { usrId: null, sid: null };

/**
 * The token's subject and session, unverified: only to choose a fault; the guard checks the token as always. A call
 * with no token (GET /IBP_REFRESH.do) is known by its session cookie.
 */
function callerOf(req: FastifyRequest): Caller {
  const token = req.headers['x-auth-token'];
  if (typeof token !== 'string' || !token)
    return { usrId: null, sid: sessionIdOf(req.cookies[SESSION_COOKIE]) };
  try {
    const claims = decodeJwt(token);
    return { usrId: claims.sub ?? null, sid: typeof claims.sid === 'string' ? claims.sid : null };
  } catch {
    return NOBODY;
  }
}

export class Faults {
  private list: Fault[] = [];

  add(f: Fault): void {
    this.list.push({ ...f });
  }

  clear(): number {
    const n = this.list.length;
    this.list = [];
    return n;
  }

  all(): readonly Fault[] {
    return this.list;
  }

  /** Takes one use of the first fault that matches, if any. */
  take(method: string, path: string, caller: Caller = NOBODY): Fault | null {
    const f = this.list.find(
      (x) =>
        path.startsWith(x.path) &&
        (x.method === null || x.method === method) &&
        (x.usrId === null || x.usrId === caller.usrId) &&
        (x.sid === null || x.sid === caller.sid),
    );
    if (!f) return null;
    f.times -= 1;
    if (f.times <= 0) this.list = this.list.filter((x) => x !== f);
    return f;
  }

  /** onRequest hook: dev routes themselves are never faulted. */
  hook = async (req: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (this.list.length === 0) return;
    const path = req.url.split('?')[0] ?? '';
    if (path.startsWith('/api/dev')) return;
    const targeted = this.list.some((x) => x.usrId !== null || x.sid !== null);
    const f = this.take(req.method, path, targeted ? callerOf(req) : NOBODY);
    if (!f) return;
    if (f.delayMs > 0) await new Promise((r) => setTimeout(r, f.delayMs));
    if (f.status !== null) {
      const name =
        f.status === 401 ? 'AuthenticationError' : f.status === 403 ? 'ForbiddenError' : 'UnknownError';
      await reply.code(f.status).send(errorBody(f.status, name, `Injected fault: ${f.status}`));
    }
  };
}
