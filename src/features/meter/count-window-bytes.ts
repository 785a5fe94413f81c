// The window's own downloads for the data meter: the page, its scripts and styles when they come from the network
// (the first visit, before the service worker holds them). What the service worker answers from its caches reports
// no transfer and costs nothing; images under /assets/img/ are the service worker's to count. The window writes no
// IndexedDB: it hands the sums to the worker every few seconds.
import { requestBytes } from '../../core/meter/usage.ts';
import { callWorker } from '../../worker-bridge.ts';

const SEND_EVERY_MS = 5_000;

/** Starts counting (entries of this page's load included); gives the function that stops it. */
export function watchWindowBytes(): () => void {
  if (typeof PerformanceObserver === 'undefined') return () => undefined;
  let up = 0;
  let down = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const send = () => {
    timer = undefined;
    const bytes = { up, down };
    up = 0;
    down = 0;
    void callWorker((api) => api.countWindowBytes(bytes.up, bytes.down)).catch(() => undefined);
  };
  const take = (list: PerformanceObserverEntryList) => {
    for (const entry of list.getEntries() as PerformanceResourceTiming[]) {
      if (!(entry.transferSize > 0)) continue;
      const url = new URL(entry.name);
      if (url.origin !== location.origin) continue;
      if (navigator.serviceWorker?.controller && url.pathname.startsWith('/assets/img/')) continue;
      up += requestBytes('GET', url.pathname + url.search, [], 0);
      down += entry.transferSize;
    }
    if ((up > 0 || down > 0) && !timer) timer = setTimeout(send, SEND_EVERY_MS);
  };
  const observer = new PerformanceObserver(take);
  for (const type of ['navigation', 'resource']) {
    try {
      observer.observe({ type, buffered: true });
    } catch {
      // A browser without this entry type: nothing of it to count.
    }
  }
  return () => {
    observer.disconnect();
    if (timer) {
      clearTimeout(timer);
      send();
    }
  };
}
