// Results as the user types (product.md#screens-and-routes, product.md#input-and-formatting-rules): nothing under 3 characters; an answer that needs no request (the worker's
// cache of earlier answers, or this device's index with no link) at once; otherwise after a short debounce, with at
// most one request in flight (a keyword typed meanwhile waits, and only the newest is sent), and an answer for an
// older keyword is dropped. Results are filtered by the user's allowed types.
import { useEffect, useMemo, useRef, useState } from 'react';
import type { SearchResult } from '../../core/contract/common.ts';
import { filterResults, normaliseKeyword, SEARCH_MIN_CHARS } from '../../core/search.ts';
import { toShownError } from '../../ui/shown-error.ts';
import { callWorker } from '../../platform/worker-bridge.ts';

const DEBOUNCE_MS = 300;

export type SearchState =
  | { status: 'idle' }
  | { status: 'searching'; keyword: string }
  | { status: 'done'; keyword: string; results: SearchResult[]; fromDevice: boolean }
  | { status: 'error'; keyword: string; message: string };

export function useKeywordSearch(input: string, usrTpCd: string | undefined): SearchState {
  const [state, setState] = useState<SearchState>({ status: 'idle' });
  const latest = useRef('');
  const inFlight = useRef(false);
  const queued = useRef<string | null>(null);
  const keyword = normaliseKeyword(input);

  useEffect(() => {
    latest.current = keyword;
    if (keyword.length < SEARCH_MIN_CHARS) {
      setState({ status: 'idle' });
      return;
    }
    const fail = (kw: string) => (err: unknown) => {
      if (latest.current !== kw) return;
      const shown = toShownError(err);
      setState({ status: 'error', keyword: kw, message: shown.detail || shown.title });
    };
    const send = (kw: string) => {
      if (inFlight.current) {
        queued.current = kw;
        return;
      }
      inFlight.current = true;
      callWorker((api) => api.keywordSearch(kw))
        .then((answer) => {
          if (latest.current === kw && answer) setState({ status: 'done', keyword: kw, ...answer });
        }, fail(kw))
        .finally(() => {
          inFlight.current = false;
          const next = queued.current;
          queued.current = null;
          if (next !== null && next === latest.current) send(next);
        });
    };
    let timer: ReturnType<typeof setTimeout> | undefined;
    let cancelled = false;
    callWorker((api) => api.keywordSearch(keyword, { instant: true })).then((answer) => {
      if (cancelled || latest.current !== keyword) return;
      if (answer) {
        setState({ status: 'done', keyword, ...answer });
        return;
      }
      setState({ status: 'searching', keyword });
      timer = setTimeout(() => send(keyword), DEBOUNCE_MS);
    }, fail(keyword));
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [keyword]);

  return useMemo(
    () => (state.status === 'done' ? { ...state, results: filterResults(state.results, usrTpCd) } : state),
    [state, usrTpCd],
  );
}
