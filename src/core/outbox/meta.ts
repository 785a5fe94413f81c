// Outbox entries of the key-value `meta` table: permanent failures for the window to show, and the push
// subscription state. They extend db.ts's MetaValues from here so the schema file stays untouched; move them
// into db.ts's MetaValues when it is next edited (no schema version change needed: meta is key-value).
import type { QuayDb } from '../db.ts';
import type { OutboxFailure, PushSubscriptionState } from './types.ts';

declare module '../db.ts' {
  interface MetaValues {
    /** Operations the server refused for good, newest last (at most MAX_FAILURES). */
    outboxFailures: OutboxFailure[];
    /** What saveSubscription last asked for on this device. */
    pushSubscription: PushSubscriptionState;
  }
}

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
