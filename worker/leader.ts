// Leader election across tabs (architecture.md#tabs): each tab's worker asks for one Web Lock and holds it for its
// whole life; the holder syncs, the others wait in the lock's queue and take over within moments when it goes.
import type { Locks } from '../src/device/locks.ts';

export const LEADER_LOCK = 'quay-sync-leader';

export interface Leadership {
  readonly isLeader: boolean;
  /** Gives the lock up (a worker about to close): the next tab in the queue becomes leader. */
  release(): void;
}

/** Queues for the lock; `onLeader` runs once it is granted. */
export function electLeader(locks: Locks, onLeader: () => void, name = LEADER_LOCK): Leadership {
  let isLeader = false;
  let released = false;
  let letGo: () => void = () => {
    released = true;
  };
  void locks
    .request(name, {}, async () => {
      if (released) return;
      isLeader = true;
      const held = new Promise<void>((resolve) => {
        letGo = resolve;
      });
      onLeader();
      await held;
      isLeader = false;
    })
    .catch(() => undefined);
  return {
    get isLeader() {
      return isLeader;
    },
    release: () => letGo(),
  };
}
