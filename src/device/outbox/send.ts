// How the drain sends what is due: every entity's waiting operations in ONE push (POST /api/v2/app/sync/push,
// sync.md#push-in-one-request), chunked by count and bytes; the per-item calls of product.md#the-calls when the server has no
// push (an older server answers 404) or cannot take a batch as a whole.
import {
  PUSH_MAX_BYTES,
  PUSH_MAX_OPS,
  SYNC_PUSH_PATH,
  type PushOp,
  type PushResult,
} from '../../core/contract/sync.ts';
import { API_BASE } from '../../core/contract/api.ts';
import { RequestError, type Check } from '../net/http.ts';
import type { ApiClient } from '../net/api-client.ts';
import { checkAnswer } from './answer.ts';
import { classify, outcomeOfAnswer, type Outcome } from './classify.ts';
import type { OutboxRow } from './types.ts';

/** What sends an operation: the ApiClient (token, one refresh on 401); tests may wrap it. */
export type ApiCaller = Pick<ApiClient, 'json'>;

/** An older server has no push: per-item calls for this long before it is asked again (it may be upgraded). */
const NO_PUSH_RECHECK_MS = 60 * 60_000;
const noPushUntil = new WeakMap<ApiCaller, number>();

const toPushOp = (row: OutboxRow): PushOp => ({
  id: row.opId,
  entity: row.entity,
  method: row.method,
  path: row.path.startsWith(API_BASE) ? row.path.slice(API_BASE.length) : row.path,
  // A GET (a chat read mark) says everything in its path; its body is kept for coalescing and undo only.
  ...(row.method === 'GET' ? {} : { body: row.body }),
});

/**
 * What goes in the next request: the entities' queues, oldest head first, each in its order, until PUSH_MAX_OPS
 * operations or about PUSH_MAX_BYTES of JSON. A queue may be cut: its rest goes in the next request.
 */
export function firstChunk(queues: readonly (readonly OutboxRow[])[]): OutboxRow[] {
  const chunk: OutboxRow[] = [];
  let bytes = 0;
  for (const queue of queues) {
    for (const row of queue) {
      const size = JSON.stringify(toPushOp(row)).length + 1;
      if (chunk.length > 0 && (chunk.length >= PUSH_MAX_OPS || bytes + size > PUSH_MAX_BYTES)) return chunk;
      chunk.push(row);
      bytes += size;
    }
  }
  return chunk;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const OUTCOMES = new Set(['applied', 'replayed', 'refused', 'retry']);

/** The push's answer, checked before it is trusted: one result per operation it names. */
const checkPushAnswer: Check<PushResult[]> = (v) => {
  if (!isRecord(v) || !Array.isArray(v.results)) return null;
  const ok = v.results.every(
    (r) =>
      isRecord(r) &&
      typeof r.id === 'string' &&
      typeof r.status === 'number' &&
      OUTCOMES.has(String(r.outcome)),
  );
  return ok ? (v.results as PushResult[]) : null;
};

function messageOf(body: unknown, status: number): string {
  return isRecord(body) && typeof body.message === 'string' && body.message
    ? body.message
    : `The server answered HTTP ${status}.`;
}

/**
 * One result of a push as the drain's outcome, exactly as the per-item call's answer would be classified; null for
 * an operation the server did not try (an earlier one of its entity is to be retried): it stays as it is.
 */
function outcomeOfResult(result: PushResult | undefined): Outcome | null {
  if (!result)
    return { type: 'retry', error: { name: 'UnknownError', message: 'The push answered nothing for it.' } };
  const { outcome, status, body } = result;
  if (outcome === 'applied' || outcome === 'replayed') {
    const answer = checkAnswer(body);
    if (!answer) {
      const message = "The server's answer to the operation was not understood.";
      return { type: 'retry', error: { name: 'UnknownError', message, status } };
    }
    return outcomeOfAnswer(answer);
  }
  if (outcome === 'refused') return { type: 'refused', message: messageOf(body, status), status };
  if (status === 0) return null;
  const name = isRecord(body) && typeof body.name === 'string' ? body.name : 'UnknownError';
  return { type: 'retry', error: { name, message: messageOf(body, status), status: status || undefined } };
}

/**
 * One push of `chunk`; an outcome per row (null: not tried), in its order, or null when the server cannot take the batch (an older
 * server's 404, or a refusal of the request as a whole): then the per-item calls judge each operation.
 */
export async function pushChunk(
  client: ApiCaller,
  chunk: readonly OutboxRow[],
  opts: { timeoutMs?: number | undefined; now: () => number },
): Promise<(Outcome | null)[] | null> {
  if ((noPushUntil.get(client) ?? 0) > opts.now()) return null;
  try {
    const results = await client.json(SYNC_PUSH_PATH, checkPushAnswer, {
      method: 'POST',
      body: { ops: chunk.map(toPushOp) },
      gzip: true,
      ...(opts.timeoutMs !== undefined ? { timeoutMs: opts.timeoutMs } : {}),
    });
    const byId = new Map(results.map((r) => [r.id, r]));
    return chunk.map((row) => outcomeOfResult(byId.get(row.opId)));
  } catch (err) {
    if (err instanceof RequestError && err.status === 404)
      noPushUntil.set(client, opts.now() + NO_PUSH_RECHECK_MS);
    const outcome = classify(err);
    if (outcome.type === 'refused') return null;
    // Nothing was applied: the first operation of each entity failed, the later ones were not tried.
    const seen = new Set<string>();
    return chunk.map((row) => (seen.has(row.entity) ? null : (seen.add(row.entity), outcome)));
  }
}

/** The per-item call of product.md#the-calls for one operation, with its id as the Idempotency-Key. */
async function sendOne(client: ApiCaller, row: OutboxRow, timeoutMs: number | undefined): Promise<Outcome> {
  try {
    const answer = await client.json(row.path, checkAnswer, {
      method: row.method,
      ...(row.method === 'GET' ? {} : { body: row.body }),
      headers: { 'Idempotency-Key': row.opId },
      ...(timeoutMs !== undefined ? { timeoutMs } : {}),
    });
    return outcomeOfAnswer(answer);
  } catch (err) {
    return classify(err);
  }
}

/**
 * The per-item calls of a chunk: a few entities at once (a satellite round trip is most of a second), each entity's
 * operations one after the other; after a transient failure the entity's later ones are not tried (null).
 */
export async function sendEach(
  client: ApiCaller,
  chunk: readonly OutboxRow[],
  opts: { timeoutMs?: number | undefined; concurrency: number },
): Promise<(Outcome | null)[]> {
  const outcomes: (Outcome | null)[] = chunk.map(() => null);
  const byEntity = new Map<string, number[]>();
  for (const [i, row] of chunk.entries()) byEntity.set(row.entity, [...(byEntity.get(row.entity) ?? []), i]);
  const entities = [...byEntity.values()];
  let next = 0;
  const workers = Array.from({ length: Math.min(opts.concurrency, entities.length) }, async () => {
    while (next < entities.length) {
      for (const at of entities[next++] ?? []) {
        const outcome = await sendOne(client, chunk[at] as OutboxRow, opts.timeoutMs);
        outcomes[at] = outcome;
        if (outcome.type === 'retry' || outcome.type === 'signedOut') break;
      }
    }
  });
  await Promise.all(workers);
  return outcomes;
}
