// Sends the outbox (architecture.md#the-outbox): what waits for every entity whose head is due (after coalescing,
// respecting backoff) in ONE push request, chunked by count and bytes; in order per entity; each operation's outcome
// settled as its kind says; one drainer at a time under the Web Lock 'quay-outbox'. Shared by worker and sw.
import type { QuayDb } from '../db.ts';
import { defaultLocks, type Locks } from '../locks.ts';
import type { OpAnswer } from './answer.ts';
import { backoffMs, type Outcome } from './classify.ts';
import { coalesce } from './coalesce.ts';
import { OUTBOX_LOCK } from './lock.ts';
import { firstChunk, pushChunk, sendEach, type ApiCaller } from './send.ts';
import { rebaseTables } from './rebase.ts';
import { rebaseSettled, settleApplied, settleKept, settleRefused, type AppliedOp } from './settle.ts';
import type { OutboxFailure, OutboxRow } from './types.ts';
import { dataSaverOn } from '../meter/data-saver.ts';

const NOT_TRIED: Outcome = {
  type: 'retry',
  error: { name: 'UnknownError', message: 'The server did not try the operation.' },
};

/** Per-item calls only (an older server): a few entities at once, not more (the link is shared and paid). */
const DEFAULT_CONCURRENCY = 4;

export interface DrainOptions {
  /** Web Locks (navigator.locks); Node tests pass memoryLocks(). */
  locks?: Locks;
  /** The link just came back (online event, Background Sync): send now, whatever the backoff planned. */
  retryNow?: boolean;
  /** Send what data saver holds back too (page views of the history): the user asked (pull-to-refresh). */
  sendDeferred?: boolean;
  /** False when the device knows it has no link: nothing is tried (no backoff grows at sea); the link's return
   * drains at once. Default: always true. */
  isOnline?: () => boolean;
  /** Wait for the lock instead of returning at once when another context drains (default false). */
  wait?: boolean;
  /** Per-item calls at once when the server has no push. */
  concurrency?: number;
  /** Per request; default the HTTP client's (sized for a 2 s round trip). */
  timeoutMs?: number;
  backoff?: { baseMs: number; maxMs: number };
  now?: () => number;
  random?: () => number;
  onApplied?: (row: OutboxRow, answer: OpAnswer) => void;
  /** Also recorded in meta `outboxFailures` for a window that was not listening (e.g. the sw drained). */
  onPermanentFailure?: (failure: OutboxFailure) => void;
}

export interface DrainResult {
  /** False when another context held the lock (and `wait` was not set): it drains instead. */
  ran: boolean;
  applied: number;
  /** Refused for good: dropped (the rebase shows the server's rows), reported. */
  refused: number;
  /** Transient failures this run: kept, with a later nextAttemptAt. */
  retrying: number;
  /** Operations merged into a later one before sending. */
  coalesced: number;
  /** The token could not be refreshed: nothing more is sent until the user signs on again (operations kept). */
  signedOut: boolean;
  /** Operations still in the outbox when the run ended. */
  remaining: number;
  /** The earliest time a kept operation may be tried again, or null. */
  nextAttemptAt: number | null;
}

/**
 * The waiting operations of every entity not blocked, after coalescing each entity's queue (what coalescing drops
 * goes, in the same transaction, so a command cannot slip in between); the queues in order of their oldest head.
 */
async function queuesOf(
  db: QuayDb,
  blocked: ReadonlySet<string>,
): Promise<{ queues: OutboxRow[][]; dropped: number }> {
  return db.transaction('rw', db.outbox, async () => {
    const byEntity = new Map<string, OutboxRow[]>();
    for (const row of await db.outbox.orderBy('seq').toArray()) {
      if (blocked.has(row.entity)) continue;
      byEntity.set(row.entity, [...(byEntity.get(row.entity) ?? []), row]);
    }
    const queues: OutboxRow[][] = [];
    let dropped = 0;
    for (const rows of byEntity.values()) {
      const { keep, drop } = coalesce(rows);
      if (drop.length > 0) {
        dropped += drop.length;
        await db.outbox.bulkDelete(drop.map((r) => r.seq as number));
      }
      if (keep.length > 0) queues.push(keep);
    }
    queues.sort((a, b) => (a[0]?.seq ?? 0) - (b[0]?.seq ?? 0));
    return { queues, dropped };
  });
}

async function run(db: QuayDb, client: ApiCaller, opts: DrainOptions): Promise<DrainResult> {
  const now = opts.now ?? Date.now;
  const result: DrainResult = {
    ran: true,
    applied: 0,
    refused: 0,
    retrying: 0,
    coalesced: 0,
    signedOut: false,
    remaining: 0,
    nextAttemptAt: null,
  };
  // No link: nothing tried, nothing marked as attempted; the `online` trigger sends everything at once when it returns.
  if (opts.isOnline && !opts.isOnline()) {
    result.remaining = await db.outbox.count();
    return result;
  }
  const blocked = new Set<string>();
  // Data saver on: page views of the application history wait (kept, never dropped) until it goes off.
  if (!opts.sendDeferred && (await dataSaverOn(db))) blocked.add('history');
  /** With retryNow, each kept operation is tried once this run, then its new backoff holds. */
  const tried = new Set<number | undefined>();
  const block = (entity: string, at: number | null) => {
    blocked.add(entity);
    if (at !== null && (result.nextAttemptAt === null || at < result.nextAttemptAt))
      result.nextAttemptAt = at;
  };

  /** What went this chunk (applied or refused): the rest is rebased once, after the chunk. */
  const gone = { any: false, applied: [] as AppliedOp[] };
  const settle = async (row: OutboxRow, outcome: Outcome): Promise<void> => {
    switch (outcome.type) {
      case 'applied':
        await settleApplied(db, row);
        gone.any = true;
        gone.applied.push({ row, answer: outcome.answer });
        result.applied += 1;
        opts.onApplied?.(row, outcome.answer);
        return;
      case 'refused': {
        const failure = await settleRefused(db, row, outcome.message, outcome.status, now());
        gone.any = true;
        result.refused += 1;
        opts.onPermanentFailure?.(failure);
        return;
      }
      case 'retry': {
        const at = now() + backoffMs(row.attempts + 1, opts.backoff, opts.random);
        await settleKept(db, row, outcome, at);
        result.retrying += 1;
        return block(row.entity, at);
      }
      case 'signedOut':
        await settleKept(db, row, outcome, null);
        result.signedOut = true;
        return block(row.entity, null);
    }
  };

  // One request per pass: the queues of the entities whose head is due, oldest head first, each in its order (the
  // server keeps it: after a transient failure it does not try the entity's later operations). What a request could
  // not carry, and what was enqueued meanwhile, goes in the next pass.
  while (!result.signedOut) {
    const { queues, dropped } = await queuesOf(db, blocked);
    result.coalesced += dropped;
    const due = queues.filter(([head]) => {
      if (!head) return false;
      // retryNow overrides a backoff (attempts > 0), never a hold of an operation not yet tried (a chat message's
      // copy waiting for the socket's receipt).
      const waiting =
        head.nextAttemptAt > now() && !(opts.retryNow && head.attempts > 0 && !tried.has(head.seq));
      if (waiting) block(head.entity, head.nextAttemptAt);
      return !waiting;
    });
    if (due.length === 0) break;
    const chunk = firstChunk(due);
    for (const row of chunk) tried.add(row.seq);
    const sendOpts = { timeoutMs: opts.timeoutMs, now };
    const outcomes =
      (await pushChunk(client, chunk, sendOpts)) ??
      (await sendEach(client, chunk, { ...sendOpts, concurrency: opts.concurrency ?? DEFAULT_CONCURRENCY }));
    // The whole answer settled in one transaction (each operation's own is nested in it): a hundred small ones
    // would cost more than the request did.
    await db.transaction('rw', rebaseTables(db), async () => {
      gone.any = false;
      gone.applied = [];
      for (const [i, row] of chunk.entries()) {
        // Not tried because an earlier operation of its entity is kept: it stays as it was, behind it.
        if (blocked.has(row.entity)) continue;
        // Not tried for no reason the drain knows of (a server that answered oddly): a transient failure, so the
        // run cannot ask again and again.
        await settle(row, outcomes[i] ?? NOT_TRIED);
      }
      if (gone.any) await rebaseSettled(db, gone.applied, now());
    });
  }
  result.remaining = await db.outbox.count();
  return result;
}

/** Drains the outbox once, under the 'quay-outbox' lock. Never throws for a failed request (rule 3 handles it). */
export async function drain(db: QuayDb, client: ApiCaller, opts: DrainOptions = {}): Promise<DrainResult> {
  const locks = opts.locks ?? defaultLocks();
  return locks.request(OUTBOX_LOCK, opts.wait ? {} : { ifAvailable: true }, async (lock) => {
    if (!lock) {
      return {
        ran: false,
        applied: 0,
        refused: 0,
        retrying: 0,
        coalesced: 0,
        signedOut: false,
        remaining: await db.outbox.count(),
        nextAttemptAt: null,
      };
    }
    return run(db, client, opts);
  });
}

export { pendingCount } from './count.ts';
export { coalesce } from './coalesce.ts';
export { checkAnswer } from './answer.ts';
export { backoffMs, classify } from './classify.ts';
export { followVessels } from './ops/my-setting.ts';
export type { ApiCaller } from './send.ts';

/** The operations waiting for one entity (e.g. 'notification:123'): a clock on "Got it" while one is an ack. */
export function pendingFor(db: QuayDb, entity: string): Promise<OutboxRow[]> {
  return db.outbox.where('entity').equals(entity).sortBy('seq');
}
