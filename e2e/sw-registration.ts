// The app's service worker registration as CDP names it, for what only CDP can do to it: deliver a push
// (ServiceWorker.deliverPushMessage) or fire Background Sync (ServiceWorker.dispatchSyncEvent).
import { expect, type CDPSession } from '@playwright/test';

/** Waits until the origin's registration (scope `${origin}/`, not deleted) is known, and gives its id. */
export async function serviceWorkerRegistrationId(cdp: CDPSession, origin: string): Promise<string> {
  const registrations = new Map<string, { scopeURL: string; isDeleted: boolean }>();
  cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: updated }) => {
    for (const r of updated) registrations.set(r.registrationId, r);
  });
  await cdp.send('ServiceWorker.enable');
  let registrationId: string | undefined;
  await expect
    .poll(() => {
      registrationId = [...registrations].find(([, r]) => r.scopeURL === `${origin}/` && !r.isDeleted)?.[0];
      return registrationId;
    })
    .toBeTruthy();
  return registrationId as string;
}
