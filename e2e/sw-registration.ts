// The app's service worker registration as CDP names it, for what only CDP can do to it: deliver a push
// (ServiceWorker.deliverPushMessage) or fire Background Sync (ServiceWorker.dispatchSyncEvent).
import { expect, type CDPSession } from '@playwright/test';

interface Version {
  registrationId: string;
  status: string;
  runningStatus: string;
}

/** What CDP told of the service workers from the moment it began to watch: their states and errors, in order. */
export type WorkerLog = () => string;

/**
 * Waits until the origin's registration (scope `${origin}/`, not deleted) has an activated version that is not
 * starting or stopping, and gives the registration's id. An event delivered to a version in the middle of a start
 * or stop, right after CDP began to watch the service workers, was seen to be lost on a busy machine.
 */
export async function serviceWorkerRegistrationId(
  cdp: CDPSession,
  origin: string,
): Promise<{ registrationId: string; log: WorkerLog }> {
  const registrations = new Map<string, { scopeURL: string; isDeleted: boolean }>();
  const versions = new Map<string, Version>();
  // Kept for the message of a test that waits in vain for what a service worker should have done.
  const seen: string[] = [];
  const started = Date.now();
  const note = (what: string) => seen.push(`+${Date.now() - started} ms ${what}`);
  cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: updated }) => {
    for (const r of updated) registrations.set(r.registrationId, r);
  });
  cdp.on('ServiceWorker.workerVersionUpdated', ({ versions: updated }) => {
    for (const v of updated) {
      versions.set(v.versionId, v);
      note(`version ${v.versionId} of ${v.registrationId}: ${v.status}, ${v.runningStatus}`);
    }
  });
  cdp.on('ServiceWorker.workerErrorReported', ({ errorMessage: e }) =>
    note(`error in ${e.versionId}: ${e.errorMessage} (${e.sourceURL}:${e.lineNumber})`),
  );
  await cdp.send('ServiceWorker.enable');
  let registrationId: string | undefined;
  await expect
    .poll(
      () => {
        registrationId = [...registrations].find(([, r]) => r.scopeURL === `${origin}/` && !r.isDeleted)?.[0];
        const settled = [...versions.values()].some(
          (v) =>
            v.registrationId === registrationId &&
            v.status === 'activated' &&
            (v.runningStatus === 'running' || v.runningStatus === 'stopped'),
        );
        return settled ? registrationId : undefined;
      },
      { message: `an activated service worker for ${origin}/` },
    )
    .toBeTruthy();
  return { registrationId: registrationId as string, log: () => seen.join('\n') };
}
