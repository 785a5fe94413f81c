// A port-to-port search's answer for the page: asked of the worker when the ports or weeks change, when the link
// comes back, and on pull-to-refresh; the answer of an older search is dropped.
import { useEffect, useState } from 'react';
import { callWorker, type SailingsAnswer } from '../../platform/worker-bridge.ts';
import { REFRESH_PAGES_EVENT } from '../../state/use-page-data.ts';
import { toShownError } from '../../ui/shown-error.ts';

export type SailingsState =
  | { status: 'idle' }
  | { status: 'searching' }
  | { status: 'done'; result: SailingsAnswer; key: string }
  | { status: 'error'; message: string };

export function useSailings(from: string | null, to: string | null, weeks: number): SailingsState {
  const [state, setState] = useState<SailingsState>({ status: 'idle' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const again = () => setAttempt((n) => n + 1);
    window.addEventListener(REFRESH_PAGES_EVENT, again);
    window.addEventListener('online', again);
    return () => {
      window.removeEventListener(REFRESH_PAGES_EVENT, again);
      window.removeEventListener('online', again);
    };
  }, []);

  useEffect(() => {
    if (!from || !to || from === to) {
      setState({ status: 'idle' });
      return;
    }
    let current = true;
    const key = `${from}>${to}>${weeks}`;
    // A refresh of the same search keeps its answer on screen until the new one comes.
    setState((s) => (s.status === 'done' && s.key === key ? s : { status: 'searching' }));
    callWorker((api) => api.sailings({ fromPortCd: from, toPortCd: to, weeks })).then(
      (result) => current && setState({ status: 'done', result, key }),
      (err: unknown) => {
        if (!current) return;
        const shown = toShownError(err);
        setState({ status: 'error', message: shown.detail || shown.title });
      },
    );
    return () => {
      current = false;
    };
  }, [from, to, weeks, attempt]);

  return state;
}
