// Reads and writes the sync status row (src/device/sync/status.ts) in `meta`, where every tab reads it live.
import type { QuayDb } from '../../src/device/db.ts';
import { INITIAL_SYNC_STATUS, type SyncStatus } from '../../src/device/sync/status.ts';

export async function readStatus(db: QuayDb): Promise<SyncStatus> {
  return { ...INITIAL_SYNC_STATUS, ...(await db.getMeta('syncStatus')) };
}

export async function writeStatus(db: QuayDb, change: Partial<SyncStatus>): Promise<SyncStatus> {
  return db.transaction('rw', db.meta, async () => {
    const next = { ...(await readStatus(db)), ...change };
    await db.setMeta('syncStatus', next);
    return next;
  });
}
