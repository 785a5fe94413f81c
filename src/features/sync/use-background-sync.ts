// Asks the service worker for a Background Sync when changes start to wait, so they are sent even if the page is
// closed first (architecture.md#drain-triggers). Chromium only; the worker's other drain triggers cover the rest.
import { useEffect, useRef } from 'react';
import { OUTBOX_SYNC_TAG } from '../../device/outbox/lock.ts';

/** SyncManager is missing from TypeScript's DOM lib (traps.md). */
interface SyncManagerLike {
  register(tag: string): Promise<void>;
}
type RegistrationWithSync = ServiceWorkerRegistration & { sync?: SyncManagerLike };

/** Asks the service worker for a Background Sync by tag; nothing where the browser has none. */
export async function registerSyncTag(tag: string): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const registration: RegistrationWithSync = await navigator.serviceWorker.ready;
  await registration.sync?.register(tag);
}

/** `waiting`: the outbox count (undefined while loading). Registers when it goes from 0 (or unknown) to more. */
export function useBackgroundSync(waiting: number | undefined): void {
  const before = useRef(0);
  useEffect(() => {
    if (waiting === undefined) return;
    const previous = before.current;
    before.current = waiting;
    if (previous === 0 && waiting > 0) {
      registerSyncTag(OUTBOX_SYNC_TAG).catch((err: unknown) =>
        console.warn('Background Sync registration failed', err),
      );
    }
  }, [waiting]);
}
