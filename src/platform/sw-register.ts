// Registers the service worker (sw/sw.ts, built to /sw.js) in production builds; the dev server runs without one.
// A new version waits (registerType 'prompt') until the user agrees: this module notices it and UpdatePrompt asks.

let waiting: ServiceWorker | null = null;
const listeners = new Set<() => void>();

function offer(worker: ServiceWorker): void {
  if (waiting === worker) return;
  waiting = worker;
  for (const listener of listeners) listener();
}

/** The new service worker waiting for the user's agreement, or null. */
export function waitingWorker(): ServiceWorker | null {
  return waiting;
}

export function subscribeWaitingWorker(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** After the user's click only: lets the waiting worker take over, and reloads once it controls the page. */
export function applyUpdate(worker: ServiceWorker): void {
  let reloaded = false;
  const reload = () => {
    if (reloaded) return;
    reloaded = true;
    location.reload();
  };
  if (worker.state !== 'installed') {
    // Another tab already let it take over (or a newer one replaced it): this page just needs the new code.
    reload();
    return;
  }
  navigator.serviceWorker.addEventListener('controllerchange', reload, { once: true });
  worker.postMessage({ type: 'SKIP_WAITING' });
}

function watch(registration: ServiceWorkerRegistration): void {
  // Installed earlier and still waiting (e.g. the user said "Later" in a previous visit).
  if (registration.waiting && navigator.serviceWorker.controller) offer(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    if (!installing) return;
    installing.addEventListener('statechange', () => {
      // With no controller this is the first install: nothing old to replace, nothing to ask.
      if (installing.state === 'installed' && navigator.serviceWorker.controller) offer(installing);
    });
  });
}

export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () =>
    navigator.serviceWorker
      // The browser checks /sw.js on every page load; through the HTTP cache (served for an hour) that costs the
      // paid link nothing most times, and a new version still arrives within the hour.
      .register('/sw.js', { type: 'module', scope: '/', updateViaCache: 'all' })
      .then(watch)
      .catch((err: unknown) => console.error('Service worker registration failed', err));
  // After load, so that installing the precache does not compete with the first page for the link.
  if (document.readyState === 'complete') void register();
  else window.addEventListener('load', () => void register(), { once: true });
}
