// A page's data as this device has it (IndexedDB `pageData`, live), and a request to the worker to bring it up to
// date when the page opens and on pull-to-refresh. The page never waits for the network when it has data.
import { useCallback, useEffect, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../platform/db.ts';
import { toShownError, type ShownError } from '../ui/shown-error.ts';
import { pageError } from './page-error.ts';
import { callWorker, type PageDataOf, type PageKind } from '../platform/worker-bridge.ts';
import { REFRESH_PAGES_EVENT } from '../ui/page-refresh.ts';

/** Pull-to-refresh and Try again tell the open pages to load again (src/shell/Shell.tsx, src/ui/DataAge.tsx). */
export { REFRESH_PAGES_EVENT } from '../ui/page-refresh.ts';

export interface PageData<T> {
  /** undefined while reading the device; null when the device has none (yet). */
  data: T | null | undefined;
  syncedAt: number | null;
  loading: boolean;
  /** The last load's failure (the page still shows what the device had). */
  error: ShownError | null;
  reload: () => void;
}

/** maxAgeMs: how old a kept copy may be before the page asks the server again (default the kind's own). */
export function usePageData<K extends PageKind>(
  kind: K,
  code: string | null,
  maxAgeMs?: number,
): PageData<PageDataOf<K>> {
  const key = code ? `${kind}:${code}` : null;
  const row = useLiveQuery(async () => (key ? ((await db.pageData.get(key)) ?? null) : null), [key]);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<ShownError | null>(null);
  const [attempt, setAttempt] = useState<{ n: number; force: boolean }>({ n: 0, force: false });

  useEffect(() => {
    if (!code) return;
    let current = true;
    setLoading(true);
    callWorker((api) =>
      api.loadPage(kind, code, { force: attempt.force, ...(maxAgeMs === undefined ? {} : { maxAgeMs }) }),
    ).then(
      (result) => {
        if (!current) return;
        setLoading(false);
        setError(result.error ? pageError(kind, code, result.error) : null);
      },
      (err: unknown) => {
        if (!current) return;
        setLoading(false);
        setError(toShownError(err));
      },
    );
    return () => {
      current = false;
    };
  }, [kind, code, attempt, maxAgeMs]);

  const reload = useCallback(() => setAttempt((a) => ({ n: a.n + 1, force: true })), []);
  useEffect(() => {
    window.addEventListener(REFRESH_PAGES_EVENT, reload);
    return () => window.removeEventListener(REFRESH_PAGES_EVENT, reload);
  }, [reload]);

  return {
    data: row === undefined ? undefined : ((row?.data as PageDataOf<K> | undefined) ?? null),
    syncedAt: row?.syncedAt ?? null,
    loading,
    error,
    reload,
  };
}
