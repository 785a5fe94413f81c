// Asks the worker to keep a page's data on the device without showing it: the voyage page (a vessel user's home)
// keeps the vessel page's track current, so the vessel page opens complete at sea.
import { useEffect } from 'react';
import { callWorker, type PageKind } from '../../platform/worker-bridge.ts';

export function useWarmPage(kind: PageKind, code: string | null): void {
  useEffect(() => {
    if (!code) return;
    void callWorker((api) => api.loadPage(kind, code)).catch(() => undefined);
  }, [kind, code]);
}
