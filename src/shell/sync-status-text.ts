// What the header's sync status says, from the worker's status row, the outbox and the browser's link state.
import type { SyncStatus } from '../device/sync/status.ts';
import { updatedAgo } from '../ui/updated-ago.ts';

export interface SyncStatusText {
  /** "Offline", "Syncing…", "Up to date" (the live connection brings every change), "Updated 5 min ago" or "Not updated yet". */
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

/** What the logout question says: what waits is sent first, and signing on again needs the link. */
export function logoutQuestion(waiting: number): string {
  const relink = 'You need a link to sign on again.';
  if (waiting <= 0) return relink;
  const it = waiting === 1 ? 'It is' : 'They are';
  return `${waitingText(waiting)} to be sent. ${it} sent first, then you are logged out. ${relink}`;
}

export function syncStatusText(
  status: SyncStatus,
  browserOnline: boolean,
  waiting: number,
  now: number,
): SyncStatusText {
  const offline = !browserOnline || !status.online;
  const failed = !offline && !status.syncing && status.lastError !== null;
  const main = offline
    ? 'Offline'
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
    tone: offline ? 'offline' : status.syncing ? 'syncing' : failed ? 'error' : 'ok',
    errorMessage: failed ? (status.lastError?.message ?? null) : null,
  };
}
