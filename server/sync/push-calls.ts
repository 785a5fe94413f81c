// What a push may carry (sync.md#push-in-one-request): only the outbox's own per-item calls of product.md#the-calls, so a batch
// can never reach a route the outbox does not use (a read of data, the dev API, sign-on).
import type { PushOp } from '../../src/core/contract/sync.ts';
import { OP_KINDS, OPS, type OpCall, type OpKind } from '../../src/core/contract/ops.ts';

interface AllowedCall {
  kind: OpKind;
  method: PushOp['method'];
  /** The path under API_BASE, without the query: anchored, one segment per parameter, no dots. */
  path: RegExp;
  /** Only the chat read mark says what it means in its query (product.md#chat-calls GET /chat/read-message/{id}). */
  query: boolean;
}

/**
 * The contract's route under its prefix as an anchored pattern: literal segments as written, each `:name` only what
 * `params` allows it (a parameter without a pattern is a programming error).
 */
function routePattern(prefix: string, route: string, params: Readonly<Record<string, string>> = {}): RegExp {
  const segments = `${prefix}${route}`.split('/').map((seg) => {
    if (!seg.startsWith(':')) return seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const p = params[seg.slice(1)];
    if (p === undefined) throw new Error(`push-calls: no pattern for ${seg} in ${route}`);
    return `(?:${p})`;
  });
  return new RegExp(`^${segments.join('\\/')}$`);
}

/** Every call of every kind of the registry (src/core/contract/ops.ts), and nothing else. */
const ALLOWED: readonly AllowedCall[] = OP_KINDS.flatMap((kind) =>
  Object.values<OpCall>(OPS[kind].calls).map((c) => ({
    kind,
    method: c.method,
    path: routePattern(c.prefix, c.route, c.params),
    query: c.query === true,
  })),
);

/** A query of plain `name=value` pairs in URL encoding: nothing that could change the path it is attached to. */
const QUERY = /^[A-Za-z0-9._~%=&+-]*$/;

/** The kind whose call an operation is, or why a push may not carry it. */
export function kindOfCall(op: Pick<PushOp, 'method' | 'path'>): { kind: OpKind } | { refusal: string } {
  const at = op.path.indexOf('?');
  const path = at < 0 ? op.path : op.path.slice(0, at);
  const query = at < 0 ? '' : op.path.slice(at + 1);
  const call = ALLOWED.find((c) => c.method === op.method && c.path.test(path));
  if (!call) return { refusal: `${op.method} ${path} is not a call a push may carry` };
  if (query !== '' && (!call.query || !QUERY.test(query)))
    return { refusal: `${op.method} ${path} takes no such query in a push` };
  return { kind: call.kind };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The operation kind this per-item route serves (its handler, registered in its domain's routes): a push
     * dispatches an operation of that kind to it. Every call of every kind needs one route that says so.
     */
    opKind?: OpKind;
  }
}

/** The routes that serve each kind, as they are registered: `METHOD url` under API_BASE. */
export type OpRoutes = Map<OpKind, Set<string>>;

const callKey = (method: string, url: string): string => `${method} ${url}`;

/**
 * An onRoute hook, added before the domains' routes (routes/index.ts): a route that says it serves a kind must be one
 * of that kind's calls, and a route that is one of a kind's calls must say so. Either mistake stops the server from
 * starting, so a kind cannot reach the push half wired.
 */
export function collectOpRoutes(base: string): {
  served: OpRoutes;
  onRoute(route: { method: string | string[]; url: string; config?: { opKind?: OpKind } }): void;
} {
  const calls = new Map<string, OpKind>();
  for (const kind of OP_KINDS)
    for (const c of Object.values<OpCall>(OPS[kind].calls))
      calls.set(callKey(c.method, `${base}${c.prefix}${c.route}`), kind);
  const served: OpRoutes = new Map();
  return {
    served,
    onRoute(route) {
      for (const method of [route.method].flat()) {
        // Fastify's own HEAD twin of a GET route carries the GET's config.
        if (method === 'HEAD') continue;
        const key = callKey(method, route.url);
        const kind = calls.get(key);
        const says = route.config?.opKind;
        if (kind === undefined && says === undefined) continue;
        if (kind === undefined)
          throw new Error(`${key} says it serves kind ${String(says)} but is none of its calls (ops.ts)`);
        if (kind !== says)
          throw new Error(`${key} is a call of kind ${kind}: its route needs config.opKind '${kind}'`);
        const set = served.get(kind) ?? new Set<string>();
        served.set(kind, set.add(key));
      }
    },
  };
}

/** The kinds some of whose calls no route serves (empty when every kind is wired). */
export function unservedKinds(served: OpRoutes): OpKind[] {
  return OP_KINDS.filter((kind) => (served.get(kind)?.size ?? 0) < Object.keys(OPS[kind].calls).length);
}
