// The sync worker's entry: the API the window calls through Comlink (src/worker-bridge.ts); its type is derived from it.
import { expose } from 'comlink';
import { signOut, startSession, type SessionStart } from './auth/session.ts';
import { db, tokens } from './db.ts';
import { createSyncService } from './sync/service.ts';
import { MemoryLocks } from './sync/memory-locks.ts';

const sync = createSyncService({
  db,
  tokens,
  // Without Web Locks (old browsers) every tab leads: more requests, nothing lost.
  locks: 'locks' in navigator ? navigator.locks : new MemoryLocks(),
  isOnline: () => navigator.onLine,
  channel: typeof BroadcastChannel === 'undefined' ? undefined : new BroadcastChannel('quay-sync'),
});

addEventListener('online', () => void sync.setOnline(true));
addEventListener('offline', () => void sync.setOnline(false));

const api = {
  /** Signs on from the cookie, stores the user, and starts syncing. */
  async startSession(): Promise<SessionStart> {
    const result = await startSession();
    if (result.status === 'signed-on') sync.start();
    return result;
  },
  async signOut(): Promise<void> {
    await signOut();
    await sync.signedOut();
  },
  /** Starts syncing with the stored token (e.g. a reopened app offline, where startSession cannot run). */
  startSync: () => sync.start(),
  /** Pull-to-refresh. */
  syncNow: () => sync.syncNow(),
  /** The page became visible: sync if the data is old. */
  pageVisible: () => sync.pageVisible(),
  /** Push or STOMP said something changed: sync (coalesced with any pass under way). */
  notifySomethingChanged: () => sync.syncNow(),
  getStatus: () => sync.getStatus(),
};

export type WorkerApi = typeof api;
export type { SessionStart } from './auth/session.ts';
export type { SyncStatus, SyncStatusSnapshot } from '../src/core/sync/status.ts';

expose(api);
