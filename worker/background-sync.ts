// Background Sync (Chromium): asked for after a change of the user's is queued, so the service worker sends the
// outbox should the page close first. Safari and Firefox lack it; the other drain triggers cover them.
import { OUTBOX_SYNC_TAG } from '../src/device/outbox/lock.ts';

interface SyncManagerLike {
  register(tag: string): Promise<void>;
}
interface WorkerNavigatorWithSw {
  serviceWorker?: { ready: Promise<{ sync?: SyncManagerLike }> };
}

/** Registers the outbox's sync tag where the browser has Background Sync; does nothing elsewhere. */
export async function registerSync(): Promise<void> {
  const sw = (globalThis as { navigator?: WorkerNavigatorWithSw }).navigator?.serviceWorker;
  if (!sw) return;
  await (await sw.ready).sync?.register(OUTBOX_SYNC_TAG);
}
