// Convergence by rebase (architecture.md#the-outbox, as Replicache does it): the server's rows are written alone,
// then the operations still waiting are applied again on top of them, in order, in the same transaction.
import type { Table } from 'dexie';
import type { QuayDb } from '../db.ts';
import { rewind } from './base.ts';
import { allOps, opOf } from './ops/index.ts';
import type { OutboxRow } from './types.ts';

/** Every table a rebase may write: the bases, the outbox, meta and what each kind's effect changes. */
export function rebaseTables(db: QuayDb): Table[] {
  return [...new Set([db.base, db.outbox, db.meta, ...allOps().flatMap((op) => op.tables(db))])];
}

/**
 * Runs one operation's effect (`apply`). Never `await undefined` for a kind with none: Dexie follows the caller's
 * transaction through a bounded number of native awaits that run no query (its zone echoes), and a rebase of a
 * hundred such awaits in a row would lose it.
 */
export async function applyOne(db: QuayDb, stored: OutboxRow): Promise<void> {
  const { op, row } = opOf(stored);
  if (op.apply) await op.apply(db, row);
}

/** Applies every waiting operation again, oldest first; each effect keeps the bases of the rows it changes. */
export async function replay(db: QuayDb): Promise<void> {
  for (const stored of await db.outbox.orderBy('seq').toArray()) {
    if (opOf(stored).op.apply) await applyOne(db, stored);
  }
}

/**
 * Writes what the server says (`write`, on the visible tables) under the waiting operations: the kept bases go back,
 * `write` runs, and the waiting operations are applied again. Nothing waits and nothing is kept: just `write`.
 * Call inside a transaction over rebaseTables(db) and what `write` touches.
 */
export async function underWaiting<T>(db: QuayDb, write: () => Promise<T>): Promise<T> {
  if ((await db.base.count()) === 0 && (await db.outbox.count()) === 0) return write();
  await rewind(db);
  const result = await write();
  await replay(db);
  return result;
}

/**
 * What the server says, written in a transaction of its own under the waiting operations (underWaiting): the one
 * way every writer outside a pull (a dataset, a page, the live topics, a push) puts the server's rows on the device.
 * `tables` are what `write` touches beyond rebaseTables(db).
 */
export function writeServerRows<T>(
  db: QuayDb,
  tables: readonly Table[],
  write: () => Promise<T>,
): Promise<T> {
  const all = [...new Set([...rebaseTables(db), ...tables])];
  // An async scope: Dexie follows native awaits in the transaction only from a scope that is an async function.
  return db.transaction('rw', all, async () => underWaiting(db, write));
}
