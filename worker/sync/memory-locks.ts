// A tiny in-process stand-in for navigator.locks (exclusive locks, first come first served): for Node tests, and
// for a browser without Web Locks, where this tab simply leads.
import type { LocksLike } from '../leader.ts';

export class MemoryLocks implements LocksLike {
  private readonly tails = new Map<string, Promise<void>>();

  request(name: string, callback: () => Promise<void>): Promise<void> {
    const previous = this.tails.get(name) ?? Promise.resolve();
    const run = previous.then(callback);
    const tail = run.catch(() => undefined);
    this.tails.set(name, tail);
    void tail.then(() => {
      if (this.tails.get(name) === tail) this.tails.delete(name);
    });
    return run;
  }
}
