// How many password checks run at once. Each scrypt holds a core for tens of milliseconds; unbounded, a flood of
// sign-on attempts the per-user and per-address limits do not stop (many user IDs, many addresses) would take every
// core and the thread pool, and other users' requests would wait behind it. A few run, a bounded number wait their
// turn, and beyond that sign-on answers "busy, try again in a second" without hashing.
import { availableParallelism } from 'node:os';

export interface HashGate {
  /** Runs `check` when a slot is free; null at once when too many are already waiting. */
  run<T>(check: () => Promise<T>): Promise<T | null>;
}

export function hashGate(slots = Math.max(1, availableParallelism() - 1), maxWaiting = 32 * slots): HashGate {
  let running = 0;
  const waiting: (() => void)[] = [];
  return {
    async run(check) {
      if (running >= slots) {
        if (waiting.length >= maxWaiting) return null;
        await new Promise<void>((resolve) => waiting.push(resolve));
      } else running++;
      try {
        return await check();
      } finally {
        // The slot passes straight to the next waiter, or is freed.
        const next = waiting.shift();
        if (next) next();
        else running--;
      }
    },
  };
}
