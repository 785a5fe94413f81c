// The server's rows kept apart from what waiting operations did (architecture.md#the-outbox): an operation's effect
// calls `touch` before it changes a row, so the row as it was (the server's) is kept once, in the `base` table.
import type { IndexableType, Table } from 'dexie';
import type { QuayDb } from '../db.ts';
import { baseId } from './base-id.ts';

/**
 * Keeps the server's version of a row before a waiting operation changes it: the first change keeps it, later
 * ones find it kept. Call inside a transaction that includes db.base and `table`.
 */
export async function touch(db: QuayDb, table: Table, key: IndexableType): Promise<void> {
  const id = baseId(table.name, key);
  if (await db.base.get(id)) return;
  const row: unknown = await table.get(key);
  await db.base.put({ id, table: table.name, key, row: row ?? null });
}

/**
 * A change that is the device's own and no operation's (the badge's call counter): made to the visible row and to
 * its kept base, so that a rebase does not take it back. Call inside a transaction over db.base and `table`.
 */
export async function changeLocal<T>(
  db: QuayDb,
  table: Table,
  key: IndexableType,
  change: (row: T) => T,
): Promise<void> {
  const row = (await table.get(key)) as T | undefined;
  if (row !== undefined) await table.put(change(row));
  const id = baseId(table.name, key);
  const kept = await db.base.get(id);
  if (kept?.row) await db.base.put({ ...kept, row: change(kept.row as T) });
}

/** Puts every kept base row back in its table and forgets the bases: the device shows the server's rows alone. */
export async function rewind(db: QuayDb): Promise<void> {
  for (const kept of await db.base.toArray()) {
    const table = db.table(kept.table);
    if (kept.row === null) await table.delete(kept.key);
    else await table.put(kept.row);
  }
  await db.base.clear();
}
