// The window's one way to ask what still waits to be sent (architecture.md#nothing-expires-silently): an entity's waiting operations, or
// those of every entity under a prefix, live. Views never read the outbox table themselves.
import { useLiveQuery } from 'dexie-react-hooks';
import type { Table } from 'dexie';
import {
  nextOpCounter,
  pendingOps,
  pendingTables,
  pendingUnder,
  serverVersion,
  type PendingOp,
} from '../../device/outbox/pending.ts';
import { db } from '../../platform/db.ts';

export type { PendingOp } from '../../device/outbox/pending.ts';

/** The operations waiting for one entity, oldest first; undefined while the first read is under way. */
export function usePending(entity: string): PendingOp[] | undefined {
  return useLiveQuery(() => pendingOps(db, entity), [entity]);
}

/**
 * The server's version of a row that waiting operations changed (`{ row }`, row null when the server has none), or
 * null when the row shown is the server's; undefined while the first read is under way.
 */
export function useServerVersion(table: string, key: string | null): { row: unknown } | null | undefined {
  return useLiveQuery(
    async () => (key === null ? null : ((await serverVersion(db, table, key)) ?? null)),
    [table, key],
  );
}

export interface PendingWith<T> {
  value: T;
  pending: Map<string, PendingOp[]>;
  /** The counter the next operation gets: a choice committed before it and no longer pending was sent or refused. */
  opCounter: number;
}

/**
 * What `read` reads of `tables` and the pending state under `prefix`, in ONE read transaction so that they agree
 * (a value and whether a change of it still waits); undefined while the first read is under way.
 */
export function usePendingWith<T>(
  prefix: string,
  tables: () => Table[],
  read: () => Promise<T>,
): PendingWith<T> | undefined {
  return useLiveQuery(() =>
    db.transaction('r', [...tables(), ...pendingTables(db)], async () => ({
      value: await read(),
      pending: await pendingUnder(db, prefix),
      opCounter: await nextOpCounter(db),
    })),
  );
}
