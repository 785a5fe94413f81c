// The outbox's permanent failures in the key-value `meta` table (key 'outboxFailures'), for the window to show.
import type { QuayDb } from '../db.ts';
import type { OutboxConfirmation, OutboxFailure } from './types.ts';

const MAX_FAILURES = 50;

/** Call inside a transaction that includes db.meta. */
export async function recordFailure(db: QuayDb, failure: OutboxFailure): Promise<void> {
  const list = (await db.getMeta('outboxFailures')) ?? [];
  list.push(failure);
  await db.setMeta('outboxFailures', list.slice(-MAX_FAILURES));
}

/** The refused operations not yet shown; the window reads them (live query on meta) and clears what it showed. */
export async function outboxFailures(db: QuayDb): Promise<OutboxFailure[]> {
  return (await db.getMeta('outboxFailures')) ?? [];
}

export async function clearOutboxFailures(db: QuayDb, opIds?: readonly string[]): Promise<void> {
  await db.transaction('rw', db.meta, async () => {
    if (!opIds) return db.deleteMeta('outboxFailures');
    const left = (await outboxFailures(db)).filter((f) => !opIds.includes(f.opId));
    await db.setMeta('outboxFailures', left);
  });
}

/**
 * Operations the server confirmed that the user is told about (product.md#errors: "Acknowledged: …" once an ack is applied),
 * whichever context sent them (the worker, or the service worker with no page open). Call inside a transaction
 * that includes db.meta.
 */
export async function recordConfirmation(db: QuayDb, confirmation: OutboxConfirmation): Promise<void> {
  const list = (await db.getMeta('outboxConfirmed')) ?? [];
  list.push(confirmation);
  await db.setMeta('outboxConfirmed', list.slice(-MAX_FAILURES));
}

export async function clearOutboxConfirmed(db: QuayDb, opIds: readonly string[]): Promise<void> {
  await db.transaction('rw', db.meta, async () => {
    const left = ((await db.getMeta('outboxConfirmed')) ?? []).filter((c) => !opIds.includes(c.opId));
    await db.setMeta('outboxConfirmed', left);
  });
}
