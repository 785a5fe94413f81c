// POST /api/v2/app/sync/push (sync.md#push-in-one-request): a batch of outbox operations in one request. Each is
// the per-item call of product.md#the-calls the outbox would have sent, dispatched in process to that very route with the
// caller's token and the operation's id as Idempotency-Key, so every validation, permission and idempotency rule is
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
import { refusalOfCall } from '../../sync/push-calls.ts';

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

export async function pushRoutes(app: App): Promise<void> {
  app.post(
    SYNC_PUSH,
    {
      schema: {
        tags: ['sync'],
        security: [{ token: [] }],
        summary: 'Send a batch of outbox operations; each is applied once, in order, and answered on its own',
        description:
          'Each operation is one of the per-item calls the app queues while offline (read, Got it, settings, push ' +
          'subscription, device, application history, my-setting, chat message, chat read mark, berth prospect, push ' +
          'alert), with its id as the Idempotency-Key. They are applied one after the other, each in its own ' +
          'transaction, exactly as the per-item call would be. outcome: applied (2xx), replayed (the id was applied ' +
          'before: the first answer again), refused (a 4xx: will never apply), retry (5xx, 401, 408, 429, or not tried ' +
          'because an earlier operation of the same entity is to be retried). A call the outbox does not make is refused ' +
          'for that operation alone.',
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
        const refusal = refusalOfCall(op);
        if (refusal !== null) {
          results.push({
            id: op.id,
            outcome: 'refused',
            status: 400,
            body: errorBody(400, 'ValidationError', refusal),
          });
          continue;
        }
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
