// POST /api/v2/app/sync/push (sync.md#push-in-one-request): a batch of outbox operations in one request. Each is
// the per-item call of its kind (src/core/contract/ops.ts) the outbox would have sent, dispatched in process to the
// route its domain registered for that kind (config.opKind), with the caller's token and the operation's id as Idempotency-Key, so every validation, permission and idempotency rule is
// the per-item route's own, and each operation commits in its own transaction, in the batch's order.
import type { LightMyRequestResponse } from 'fastify';
import {
  PushBody,
  PushResponse,
  type PushOp,
  type PushOutcome,
  type PushResult,
} from '../../../src/core/contract/sync.ts';
import { API_BASE, SYNC_PUSH } from '../../../src/core/contract/api.ts';
import type { App } from '../../context.ts';
import { TOKEN_HEADER } from '../../auth/guard.ts';
import { errorBody } from '../../http/errors.ts';
import { kindOfCall, unservedKinds, type OpRoutes } from '../../sync/push-calls.ts';
import { OP_KINDS, OPS, type OpCall } from '../../../src/core/contract/ops.ts';

const REPLAYED_HEADER = 'idempotent-replayed';

/** A per-item answer as the push reports it: transient failures are retried later, other 4xx never will succeed. */
function outcomeOf(status: number, replayed: boolean): PushOutcome {
  if (status >= 200 && status < 300) return replayed ? 'replayed' : 'applied';
  if (status >= 500 || status === 401 || status === 408 || status === 429 || status < 200) return 'retry';
  return 'refused';
}

function bodyOf(res: LightMyRequestResponse): unknown {
  if (res.body === '') return null;
  try {
    return res.json();
  } catch {
    return res.body;
  }
}

/** An operation not tried: an earlier one of its entity must be sent again first (order per entity). */
const notTried = (op: PushOp): PushResult => ({
  id: op.id,
  outcome: 'retry',
  status: 0,
  body: { message: `Not tried: an earlier operation of ${op.entity} is to be sent again first` },
});

/** Each kind of the registry and its calls: the OpenAPI text lists them all, from ops.ts. */
const PUSH_KINDS_TEXT = OP_KINDS.map((kind) => {
  const calls = Object.values<OpCall>(OPS[kind].calls).map((c) => `${c.method} ${c.prefix}${c.route}`);
  return `${kind} (${calls.join(', ')})`;
}).join('; ');

/** `served`: the route of each kind, as the domains registered them (routes/index.ts, config.opKind). */
export async function pushRoutes(app: App, opts: { served: OpRoutes }): Promise<void> {
  // A kind of the registry that no route serves would be refused by every push: the server does not start.
  app.addHook('onReady', async () => {
    const unserved = unservedKinds(opts.served);
    if (unserved.length > 0)
      throw new Error(`No route serves the operation kinds ${unserved.join(', ')} (config.opKind)`);
  });
  app.post(
    SYNC_PUSH,
    {
      schema: {
        tags: ['sync'],
        security: [{ token: [] }],
        summary: 'Send a batch of outbox operations; each is applied once, in order, and answered on its own',
        description:
          'Each operation is one of the per-item calls the app queues while offline, by kind: ' +
          `${PUSH_KINDS_TEXT}. Each goes with its id as the Idempotency-Key. They are applied one after the other, ` +
          'each in its own transaction, exactly as the per-item call would be. outcome: applied (2xx), replayed (the ' +
          'id was applied before: the first answer again), refused (a 4xx: will never apply), retry (5xx, 401, 408, ' +
          '429, or not tried because an earlier operation of the same entity is to be retried). A call the outbox ' +
          'does not make is refused for that operation alone.',
        body: PushBody,
        response: { 200: PushResponse },
      },
    },
    async (req) => {
      const token = req.headers[TOKEN_HEADER];
      const results: PushResult[] = [];
      /** Entities with an operation to retry: their later operations wait, so each entity keeps its order. */
      const held = new Set<string>();
      for (const op of req.body.ops) {
        if (held.has(op.entity)) {
          results.push(notTried(op));
          continue;
        }
        const call = kindOfCall(op);
        if ('refusal' in call) {
          results.push({
            id: op.id,
            outcome: 'refused',
            status: 400,
            body: errorBody(400, 'ValidationError', call.refusal),
          });
          continue;
        }
        // Dispatched to the route its kind's domain registered for this call (config.opKind), in process.
        const res = await app.inject({
          method: op.method,
          url: `${API_BASE}${op.path}`,
          headers: {
            ...(typeof token === 'string' ? { [TOKEN_HEADER]: token } : {}),
            'idempotency-key': op.id,
            ...(op.method === 'GET' ? {} : { 'content-type': 'application/json' }),
          },
          ...(op.method === 'GET' ? {} : { payload: JSON.stringify(op.body ?? null) }),
        });
        const outcome = outcomeOf(res.statusCode, res.headers[REPLAYED_HEADER] === 'true');
        if (outcome === 'retry') held.add(op.entity);
        results.push({ id: op.id, outcome, status: res.statusCode, body: bodyOf(res) });
      }
      return { results };
    },
  );
}
