// Rule 4 of architecture.md#how-data-moves, as the window reads it: which operations still wait for an entity (a clock on "Got it", a
// switch marked waiting, the followed vessels laid over the kept list). A module of its own so that the window
// reads the pending state without loading the drain; the window's one way in is src/features/sync/use-pending.ts.
import type { Table } from 'dexie';
import type { QuayDb } from '../db.ts';
import { baseId } from './base-id.ts';
import type { OpKind } from './types.ts';

/** What the window may know of a waiting operation. */
export interface PendingOp {
  opId: string;
  kind: OpKind;
  /** What it sends (e.g. the followed vessels' new list). */
  body: unknown;
}

/** The tables a read of the pending state uses: join them to a read transaction that must agree with it. */
export const pendingTables = (db: QuayDb): Table[] => [db.outbox, db.base, db.meta];

/** The operations waiting for one entity, oldest first. */
export async function pendingOps(db: QuayDb, entity: string): Promise<PendingOp[]> {
  const rows = await db.outbox.where('entity').equals(entity).sortBy('seq');
  return rows.map(({ opId, kind, body }) => ({ opId, kind, body }));
}

/** The operations waiting for every entity whose name starts with `prefix`, by entity, oldest first. */
export async function pendingUnder(db: QuayDb, prefix: string): Promise<Map<string, PendingOp[]>> {
  const rows = await db.outbox.where('entity').startsWith(prefix).toArray();
  rows.sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0));
  const byEntity = new Map<string, PendingOp[]>();
  for (const { entity, opId, kind, body } of rows)
    byEntity.set(entity, [...(byEntity.get(entity) ?? []), { opId, kind, body }]);
  return byEntity;
}

/**
 * The server's version of a row that waiting operations changed (its kept base: architecture.md#the-outbox), e.g.
 * the followed vessels before the changes still waiting; undefined when none is kept (the row shown is the server's).
 */
export async function serverVersion(
  db: QuayDb,
  table: string,
  key: string | number,
): Promise<{ row: unknown } | undefined> {
  const kept = await db.base.get(baseId(table, key));
  return kept && { row: kept.row };
}

/** meta `opCounter`: the counter the next operation gets (0 before the first). */
export async function nextOpCounter(db: QuayDb): Promise<number> {
  return (await db.getMeta('opCounter')) ?? 0;
}
