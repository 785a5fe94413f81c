// The outbox's controls the worker's triggers and the window call: drains (architecture.md#drain-triggers), and the clearing
// of what the window has shown of the server's refusals and confirmations. The window reads what waits from IndexedDB.
import type { QuayDb } from '../../src/device/db.ts';
import type { ApiCaller, DrainOptions } from '../../src/device/outbox/drain.ts';
import { clearOutboxConfirmed, clearOutboxFailures } from '../../src/device/outbox/meta.ts';
import { scheduleDrain } from '../../src/device/outbox/schedule.ts';

/** Results are plain data (Comlink clones them). */
export function createOutboxControls(db: QuayDb, client: ApiCaller, drainOptions: DrainOptions = {}) {
  return {
    /** Rule 5 triggers (start, online, visible, after a sync, after a command) call this; gives the run's counts. */
    drainOutbox: () => scheduleDrain(db, client, drainOptions),
    /** The link came back: send now, whatever the backoff planned. */
    drainOutboxNow: () => scheduleDrain(db, client, { ...drainOptions, retryNow: true }),
    clearOutboxFailures: (opIds?: string[]) => clearOutboxFailures(db, opIds),
    clearOutboxConfirmed: (opIds: string[]) => clearOutboxConfirmed(db, opIds),
  };
}
