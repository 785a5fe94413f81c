// The worker's write commands and outbox read-outs, bound to the worker's database and API client: spread the
// result into the Comlink API object (worker/index.ts).
import type { QuayDb } from '../../src/core/db.ts';
import type { ApiCaller, DrainOptions } from '../../src/core/outbox/drain.ts';
import { OUTBOX_SYNC_TAG } from '../../src/core/outbox/lock.ts';
import { pendingCount, pendingFor } from '../../src/core/outbox/drain.ts';
import { clearOutboxConfirmed, clearOutboxFailures, outboxFailures } from '../../src/core/outbox/meta.ts';
import { scheduleDrain } from '../../src/core/outbox/schedule.ts';
import { createCommands } from './commands.ts';

interface SyncManagerLike {
  register(tag: string): Promise<void>;
}
interface WorkerNavigatorWithSw {
  serviceWorker?: { ready: Promise<{ sync?: SyncManagerLike }> };
}

/** Background Sync where it exists (Chromium); Safari and Firefox lack it, and the other triggers cover them. */
async function registerSync(): Promise<void> {
  const sw = (globalThis as { navigator?: WorkerNavigatorWithSw }).navigator?.serviceWorker;
  if (!sw) return;
  const reg = await sw.ready;
  await reg.sync?.register(OUTBOX_SYNC_TAG);
}

/** Everything the window calls for the write path; results are plain data (Comlink clones them). */
export function workerCommands(db: QuayDb, client: ApiCaller, drainOptions: DrainOptions = {}) {
  return {
    ...createCommands({ db, client, registerSync, drainOptions }),
    /** Rule 5 triggers (start, online, visible, after a sync, after a command) call this; gives the run's counts. */
    drainOutbox: () => scheduleDrain(db, client, drainOptions),
    /** The link came back: send now, whatever the backoff planned. */
    drainOutboxNow: () => scheduleDrain(db, client, { ...drainOptions, retryNow: true }),
    pendingCount: () => pendingCount(db),
    pendingFor: (entity: string) => pendingFor(db, entity),
    outboxFailures: () => outboxFailures(db),
    clearOutboxFailures: (opIds?: string[]) => clearOutboxFailures(db, opIds),
    clearOutboxConfirmed: (opIds: string[]) => clearOutboxConfirmed(db, opIds),
  };
}
