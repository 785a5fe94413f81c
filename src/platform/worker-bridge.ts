// The window's one door to the sync worker: starts it on first use, wraps it with Comlink, and turns a worker
// that cannot start (e.g. its script failed to load) into a rejected call instead of a call that never answers.
import { wrap, type Remote } from 'comlink';
import type { WorkerApi } from '../../worker/index.ts';
// The worker's address: a chunk of this build that shares its libraries with the window (vite.config.ts).
import syncWorkerUrl from 'virtual:sync-worker-url';

export type {
  AdminAnswer,
  SessionStart,
  PageDataOf,
  PageKind,
  SailingsAnswer,
  SignOutResult,
  UnsentChoice,
} from '../../worker/index.ts';
export type { OpArgs, OpCommandKind, OpResult } from '../../worker/commands/commands.ts';

let remote: Remote<WorkerApi> | undefined;
let failed: Promise<never> | undefined;

function ensureWorker(): { remote: Remote<WorkerApi>; failed: Promise<never> } {
  if (!remote || !failed) {
    const worker = new Worker(syncWorkerUrl, { type: 'module' });
    failed = new Promise<never>((_, reject) => {
      worker.addEventListener('error', (event) => {
        // Start afresh on the next call (e.g. "Try again" once the link is back).
        worker.terminate();
        remote = undefined;
        failed = undefined;
        reject(
          new Error(
            `The app's background worker stopped: ${event.message || 'its script could not be loaded'}.`,
          ),
        );
      });
    });
    failed.catch(() => undefined);
    remote = wrap<WorkerApi>(worker);
  }
  return { remote, failed };
}

/** Calls the worker's API; rejects with the worker's typed error (name and message cross over). */
export function callWorker<T>(call: (api: Remote<WorkerApi>) => Promise<T>): Promise<T> {
  const { remote: api, failed: failure } = ensureWorker();
  return Promise.race([call(api), failure]);
}

/** Forwards the page's online/offline events to the worker: Chromium does not fire them in dedicated workers.
 * Call once when the app starts; gives the function that stops watching. */
export function watchLink(): () => void {
  const tell = (online: boolean) => () =>
    void callWorker((api) => api.linkChanged(online)).catch(() => undefined);
  const up = tell(true);
  const down = tell(false);
  window.addEventListener('online', up);
  window.addEventListener('offline', down);
  return () => {
    window.removeEventListener('online', up);
    window.removeEventListener('offline', down);
  };
}

/** Tells the worker when the page becomes visible again (architecture.md#when-the-worker-talks-to-the-server): it syncs if its data is old.
 * Call once when the app starts; gives the function that stops watching. */
export function watchVisibility(): () => void {
  const onChange = () => {
    if (document.visibilityState === 'visible')
      void callWorker((api) => api.pageVisible()).catch(() => undefined);
  };
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
}
