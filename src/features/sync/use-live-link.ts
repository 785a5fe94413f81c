// The live connection as the leader worker reports it (worker liveStatus), asked again every few seconds while the
// page is shown: a local call, no network. undefined until the first answer; null when the worker cannot say.
import { useEffect, useState } from 'react';
import { callWorker } from '../../platform/worker-bridge.ts';
import type { LiveLinkReport } from './live-link-text.ts';

const LIVE_LINK_POLL_MS = 2_000;

export function useLiveLink(): LiveLinkReport | null | undefined {
  const [report, setReport] = useState<LiveLinkReport | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    const ask = () =>
      void callWorker((api) => api.liveStatus()).then(
        (r) => live && setReport(r),
        () => live && setReport(null),
      );
    ask();
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') ask();
    }, LIVE_LINK_POLL_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, []);
  return report;
}
