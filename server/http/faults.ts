// Dev fault injection: the next N calls whose path starts with a prefix answer a status, or hang first.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { decodeJwt } from 'jose';
import { errorBody } from './errors.ts';

export interface Fault {
  path: string;
  method: string | null;
  status: number | null;
  delayMs: number;
  times: number;
  /** Only calls of this user (by the X-AUTH-TOKEN's subject), so that tests running side by side do not meet. */
  usrId: string | null;
}

/** The token's subject, unverified: only to choose a fault; the guard checks the token as always. */
function callerOf(req: FastifyRequest): string | null {
  const token = req.headers['x-auth-token'];
  if (typeof token !== 'string' || !token) return null;
  try {
    return decodeJwt(token).sub ?? null;
  } catch {
    return null;
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
  take(method: string, path: string, usrId: string | null = null): Fault | null {
    const f = this.list.find(
      (x) =>
        path.startsWith(x.path) &&
        (x.method === null || x.method === method) &&
        (x.usrId === null || x.usrId === usrId),
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
    const f = this.take(req.method, path, this.list.some((x) => x.usrId !== null) ? callerOf(req) : null);
    if (!f) return;
    if (f.delayMs > 0) await new Promise((r) => setTimeout(r, f.delayMs));
    if (f.status !== null) {
      const name =
        f.status === 401 ? 'AuthenticationError' : f.status === 403 ? 'ForbiddenError' : 'UnknownError';
      await reply.code(f.status).send(errorBody(f.status, name, `Injected fault: ${f.status}`));
    }
  };
}
