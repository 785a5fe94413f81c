// The outbox (DESIGN.md §3 write path), framework-free: used by the worker's commands and the service worker.
export { enqueue, entityOf, clientIdOf } from './enqueue.ts';
export {
  drain,
  pendingCount,
  pendingFor,
  pendingEntities,
  classify,
  coalesce,
  backoffMs,
  checkAnswer,
  DEFAULT_BACKOFF,
  DEFAULT_CONCURRENCY,
  type ApiCaller,
  type DrainOptions,
  type DrainResult,
  type OpAnswer,
} from './drain.ts';
export { scheduleDrain, stopScheduledDrain } from './schedule.ts';
export { OUTBOX_LOCK } from './lock.ts';
export { outboxFailures, clearOutboxFailures } from './meta.ts';
export type * from './types.ts';

/** The Background Sync tag the worker registers and the service worker answers. */
export const OUTBOX_SYNC_TAG = 'quay-outbox';
