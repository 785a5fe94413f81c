// Rule 5: the callers decide when to drain (app start, `online`, visible, after a sync, after a command, sw start
// and `sync`); scheduleDrain joins triggers that come while a drain runs and sets a timer for the next retry.
import type { QuayDb } from '../db.ts';
import { drain, type ApiCaller, type DrainOptions, type DrainResult } from './drain.ts';

/** When another context holds the lock, look again after this long (it may have missed a late enqueue). */
const LOCK_BUSY_RETRY_MS = 5_000;

interface Scheduler {
  running: Promise<DrainResult | null> | null;
  again: boolean;
  /** A joined trigger said the link is back: the follow-up run ignores backoff. */
  retryNow: boolean;
  timer: ReturnType<typeof setTimeout> | undefined;
}

const schedulers = new WeakMap<QuayDb, Scheduler>();

/**
 * Starts a drain now, or, if one runs in this context, one more right after it. Resolves with the last run's result
 * (counts summed over the joined runs; null if the last failed unexpectedly, e.g. IndexedDB closed); never rejects, so callers may fire and forget.
 */
export function scheduleDrain(
  db: QuayDb,
  client: ApiCaller,
  opts: DrainOptions = {},
): Promise<DrainResult | null> {
  let s = schedulers.get(db);
  if (!s) {
    s = { running: null, again: false, retryNow: false, timer: undefined };
    schedulers.set(db, s);
  }
  const sched = s;
  if (sched.running) {
    sched.again = true;
    if (opts.retryNow) sched.retryNow = true;
    return sched.running;
  }
  clearTimeout(sched.timer);
  sched.timer = undefined;
  const later = (ms: number) => {
    clearTimeout(sched.timer);
    sched.timer = setTimeout(() => void scheduleDrain(db, client, opts), Math.max(0, ms));
  };
  sched.running = (async () => {
    let result: DrainResult | null = null;
    let retryNow = opts.retryNow ?? false;
    do {
      sched.again = false;
      sched.retryNow = false;
      try {
        result = merge(result, await drain(db, client, { ...opts, retryNow }));
      } catch (err) {
        console.warn('outbox drain failed', err);
        result = null;
      }
      retryNow = sched.retryNow;
    } while (sched.again);
    const now = (opts.now ?? Date.now)();
    if (result === null) later(LOCK_BUSY_RETRY_MS);
    else if (!result.ran) later(LOCK_BUSY_RETRY_MS);
    else if (result.nextAttemptAt !== null && !result.signedOut) later(result.nextAttemptAt - now);
    return result;
  })().finally(() => {
    sched.running = null;
  });
  return sched.running;
}

/** The counts of joined runs add up; what is left and when to look again come from the last run. */
function merge(before: DrainResult | null, last: DrainResult): DrainResult {
  if (!before) return last;
  return {
    ...last,
    ran: before.ran || last.ran,
    applied: before.applied + last.applied,
    refused: before.refused + last.refused,
    retrying: before.retrying + last.retrying,
    coalesced: before.coalesced + last.coalesced,
  };
}

/** Stops the retry timer of a database's scheduler (sign-out, tests). */
export function stopScheduledDrain(db: QuayDb): void {
  const s = schedulers.get(db);
  if (s) clearTimeout(s.timer);
}
