// Reads and writes the sync status row (src/core/sync/status.ts) in `meta`. The typed MetaValues of db.ts has no
// key for it yet, so this goes through the untyped table; the store itself needs no schema change.
import type { QuayDb } from '../../src/core/db.ts';
import { INITIAL_SYNC_STATUS, SYNC_STATUS_KEY, type SyncStatus } from '../../src/core/sync/status.ts';

const metaTable = (db: QuayDb) => db.table<{ key: string; value: unknown }, string>('meta');

export async function readStatus(db: QuayDb): Promise<SyncStatus> {
  const row = await metaTable(db).get(SYNC_STATUS_KEY);
  return { ...INITIAL_SYNC_STATUS, ...(row?.value as Partial<SyncStatus> | undefined) };
}

export async function writeStatus(db: QuayDb, change: Partial<SyncStatus>): Promise<SyncStatus> {
  return db.transaction('rw', metaTable(db), async () => {
    const next = { ...(await readStatus(db)), ...change };
    await metaTable(db).put({ key: SYNC_STATUS_KEY, value: next });
    return next;
  });
}
