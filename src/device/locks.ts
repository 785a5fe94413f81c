// Web Locks as the sync worker's leader election and the outbox's single drainer use them. The lock manager is
// injected: Node (tests) has no navigator.locks, so they pass memoryLocks(); a context without Web Locks falls back
// to one lock manager per JS context (that context simply leads).

/** The part of the Web Locks LockManager the app uses (navigator.locks satisfies it). */
export interface Locks {
  request<T>(
    name: string,
    options: { ifAvailable?: boolean; mode?: 'exclusive' | 'shared' },
    callback: (lock: unknown) => Promise<T>,
  ): Promise<T>;
}

/** An in-memory exclusive lock manager with the Web Locks semantics the outbox needs (ifAvailable or wait, FIFO). */
export function memoryLocks(): Locks {
  const held = new Set<string>();
  const waiting = new Map<string, (() => void)[]>();
  const release = (name: string) => {
    const next = waiting.get(name)?.shift();
    if (next) next();
    else held.delete(name);
  };
  return {
    async request(name, options, callback) {
      if (held.has(name)) {
        if (options.ifAvailable) return callback(null);
        await new Promise<void>((resolve) => {
          const queue = waiting.get(name) ?? [];
          queue.push(resolve);
          waiting.set(name, queue);
        });
      } else {
        held.add(name);
      }
      try {
        return await callback({ name, mode: 'exclusive' });
      } finally {
        release(name);
      }
    },
  };
}

const fallback = memoryLocks();

/** navigator.locks where it exists (windows, workers, service workers), else a lock for this JS context. */
export function defaultLocks(): Locks {
  const nav = (globalThis as { navigator?: { locks?: Locks } }).navigator;
  return nav?.locks ?? fallback;
}
