// Rule 6: one drainer at a time, under the Web Lock 'quay-outbox'. The lock manager is injected: Node (tests) has no
// navigator.locks, so they pass memoryLocks(); a context without Web Locks falls back to one per module instance.

export const OUTBOX_LOCK = 'quay-outbox';

/** The part of the Web Locks LockManager the outbox uses (navigator.locks satisfies it). */
export interface OutboxLocks {
  request<T>(
    name: string,
    options: { ifAvailable?: boolean; mode?: 'exclusive' | 'shared' },
    callback: (lock: unknown) => Promise<T>,
  ): Promise<T>;
}

/** An in-memory exclusive lock manager with the Web Locks semantics the outbox needs (ifAvailable or wait, FIFO). */
export function memoryLocks(): OutboxLocks {
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
export function defaultLocks(): OutboxLocks {
  const nav = (globalThis as { navigator?: { locks?: OutboxLocks } }).navigator;
  return nav?.locks ?? fallback;
}
