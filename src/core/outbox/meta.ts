// The outbox's permanent failures in the key-value `meta` table (key 'outboxFailures'), for the window to show.
import type { QuayDb } from '../db.ts';
import type { OutboxFailure } from './types.ts';

export const MAX_FAILURES = 50;

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
