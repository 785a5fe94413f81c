// The window's own downloads for the data meter: the page, its scripts and styles when they come from the network
// (the first visit, before the service worker holds them). What the service worker answers from its caches reports
// no transfer and costs nothing; images under /assets/img/ are the service worker's to count. The window writes no
// IndexedDB: it hands the sums to the worker. A page that goes before it could (the first page redirects to the
// sign-on page at once) leaves them in localStorage for the next one.
import { requestBytes } from '../../device/meter/usage.ts';
import { callWorker } from '../../platform/worker-bridge.ts';

const SEND_AFTER_MS = 2_000;
const KEPT_KEY = 'quay:meter-window';

interface Sums {
  up: number;
  down: number;
}

function readKept(): Sums {
  try {
    const kept = JSON.parse(localStorage.getItem(KEPT_KEY) ?? 'null') as Partial<Sums> | null;
    return { up: Number(kept?.up) || 0, down: Number(kept?.down) || 0 };
  } catch {
    return { up: 0, down: 0 };
  }
}

function keep(sums: Sums): void {
  try {
    if (sums.up > 0 || sums.down > 0) localStorage.setItem(KEPT_KEY, JSON.stringify(sums));
    else localStorage.removeItem(KEPT_KEY);
  } catch {
    // Storage blocked: the bytes are only lost if the page goes before they are sent.
  }
}

let started = false;

/** Starts counting once per page (entries of this page's load included). */
export function startWindowMeter(): void {
  if (started || typeof PerformanceObserver === 'undefined') return;
  started = true;
  const pending = readKept();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const send = () => {
    clearTimeout(timer);
    timer = undefined;
    const sent = { ...pending };
    if (sent.up === 0 && sent.down === 0) return;
    void callWorker(async (api) => {
      await api.countWindowBytes(sent.up, sent.down);
      pending.up -= sent.up;
      pending.down -= sent.down;
      keep(pending);
    }).catch(() => undefined);
  };
  const take = (list: PerformanceObserverEntryList) => {
    for (const entry of list.getEntries() as PerformanceResourceTiming[]) {
      if (!(entry.transferSize > 0)) continue;
      const url = new URL(entry.name);
      if (url.origin !== location.origin) continue;
      if (navigator.serviceWorker?.controller && url.pathname.startsWith('/assets/img/')) continue;
      pending.up += requestBytes('GET', url.pathname + url.search, [], 0);
      pending.down += entry.transferSize;
    }
    keep(pending);
    timer ??= setTimeout(send, SEND_AFTER_MS);
  };
  const observer = new PerformanceObserver(take);
  for (const type of ['navigation', 'resource']) {
    try {
      observer.observe({ type, buffered: true });
    } catch {
      // A browser without this entry type: nothing of it to count.
    }
  }
  if (pending.up > 0 || pending.down > 0) timer = setTimeout(send, SEND_AFTER_MS);
  // A page going to the background may not come back (a phone ends it): what the worker counted is stored now.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'hidden') return;
    send();
    void callWorker((api) => api.flushMeter()).catch(() => undefined);
  });
}
