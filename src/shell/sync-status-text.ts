// What the header's sync status says, from the worker's status row, the outbox and the browser's link state.
import type { SyncStatus } from '../device/sync/status.ts';
import { updatedAgo } from '../ui/updated-ago.ts';

export interface SyncStatusText {
  /**
   * "Offline", "Server not answering", "Syncing…", "Up to date" (the live connection brings every change), "Updated
   * 5 min ago" or "Not updated yet".
   */
  main: string;
  /** A short hint and the waiting changes, e.g. "Sync failed · 2 changes waiting"; empty when there is neither. */
  detail: string;
  tone: 'offline' | 'syncing' | 'ok' | 'error';
  /** The last error's message, for the title and the accessible description. */
  errorMessage: string | null;
}

function waitingText(count: number): string {
  return count === 1 ? '1 change waiting' : `${count} changes waiting`;
}

export function syncStatusText(
  status: SyncStatus,
  browserOnline: boolean,
  waiting: number,
  now: number,
): SyncStatusText {
  const offline = !browserOnline || !status.online;
  // A page's answer is overdue or never came (product.md#honest-waiting): not "Up to date", whatever the sync says.
  const silent = !offline && !!status.notAnswering;
  const failed = !offline && !status.syncing && status.lastError !== null;
  const main = offline
    ? 'Offline'
    : silent
      ? 'Server not answering'
      : status.syncing
        ? 'Syncing…'
        : status.live === true && !failed
          ? 'Up to date'
          : status.lastSyncedAt === null
            ? 'Not updated yet'
            : `Updated ${updatedAgo(status.lastSyncedAt, now)}`;
  // At sea the first question is how old the data on screen is.
  const age =
    offline && status.lastSyncedAt !== null ? `updated ${updatedAgo(status.lastSyncedAt, now)}` : '';
  const detail = [age, failed ? 'Sync failed' : '', waiting > 0 ? waitingText(waiting) : '']
    .filter(Boolean)
    .join(' · ');
  return {
    main,
    detail,
    tone: offline ? 'offline' : silent || failed ? 'error' : status.syncing ? 'syncing' : 'ok',
    errorMessage: failed ? (status.lastError?.message ?? null) : null,
  };
}
