// The outbox's controls the window and the worker's triggers call: drains (architecture.md §3 rule 5) and the read-outs of
// what waits and what the server refused, bound to the worker's database and API client.
import type { QuayDb } from '../../src/core/db.ts';
import type { ApiCaller, DrainOptions } from '../../src/core/outbox/drain.ts';
import { pendingCount, pendingFor } from '../../src/core/outbox/drain.ts';
import { clearOutboxConfirmed, clearOutboxFailures, outboxFailures } from '../../src/core/outbox/meta.ts';
import { scheduleDrain } from '../../src/core/outbox/schedule.ts';

/** Results are plain data (Comlink clones them). */
export function createOutboxControls(db: QuayDb, client: ApiCaller, drainOptions: DrainOptions = {}) {
  return {
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
