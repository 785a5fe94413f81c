// The sync status the window shows (online, syncing, signed out, last error): the worker keeps it in the `meta`
// table under SYNC_STATUS_KEY so every tab reads it with useLiveQuery; per-dataset times live in `syncState`.
import type { OpError } from '../outbox/types.ts';
import type { SessionLoss } from '../../core/contract/session-loss.ts';

/** Datasets the worker syncs, each with its own ETag and times (db.ts `syncState`). */
export type Dataset =
  | 'user'
  | 'programs'
  | 'badge'
  | 'notifications'
  | 'settings'
  | 'myPorts'
  | 'ownVessel'
  | 'searchIndex'
  | 'myVessels'
  /** A chat user's rooms with their unread counts (GET /chat/my-room-list/V), on pull-to-refresh. */
  | 'chatRooms'
  /** The pull by cursor (POST /sync/pull): notifications, badge, settings, ports, followed vessels, chat rooms. */
  | 'pull';

export interface SyncStatus {
  online: boolean;
  syncing: boolean;
  /** The session ended (refresh answered Fail, or the token was refused): the window goes to the sign-on page. */
  signedOut: boolean;
  /** Why, when the server said (product.md#token); absent for a sign-out made on this device. */
  lost?: SessionLoss | null;
  /**
   * Since when (ms) a page's answer has been waited for past the patience of a person, or never came: the status
   * strip says "Server not answering" (product.md#honest-waiting). Null or absent while the server answers.
   */
  notAnswering?: number | null;
  /** When the last sync finished with every dataset answered (ms since epoch). */
  lastSyncedAt: number | null;
  /** The last sync's first failure, null when it went well. */
  lastError: OpError | null;
  /** When the next attempt is planned (timer or backoff); null when none (offline, signed out, not leader). */
  nextAttemptAt: number | null;
  /** The live connection hears this user's hints: the data on the device is current (docs/sync.md). */
  live?: boolean;
}

export const INITIAL_SYNC_STATUS: SyncStatus = {
  online: true,
  syncing: false,
  signedOut: false,
  lastSyncedAt: null,
  lastError: null,
  nextAttemptAt: null,
  live: false,
};

/** What getStatus() answers: the status row and each dataset's times. */
export interface SyncStatusSnapshot extends SyncStatus {
  datasets: Partial<Record<Dataset, { syncedAt: number | null; error: OpError | null }>>;
}
