// Results as the user types (SPEC §2, §5): nothing under 3 characters, a short debounce, at most one request in
// flight, and an answer for an older keyword is dropped. Results are filtered by the user's allowed types.
import { useEffect, useRef, useState } from 'react';
import type { SearchResult } from '../../core/contract/common.ts';
import { filterResults, normaliseKeyword, SEARCH_MIN_CHARS } from '../../core/search.ts';
import { toShownError } from '../../ui/shown-error.ts';
import { callWorker } from '../../worker-bridge.ts';

const DEBOUNCE_MS = 300;

export type SearchState =
  | { status: 'idle' }
  | { status: 'searching'; keyword: string }
  | { status: 'done'; keyword: string; results: SearchResult[] }
  | { status: 'error'; keyword: string; message: string };

export function useKeywordSearch(input: string, usrTpCd: string | undefined): SearchState {
  const [state, setState] = useState<SearchState>({ status: 'idle' });
  const latest = useRef('');
  const keyword = normaliseKeyword(input);

  useEffect(() => {
    latest.current = keyword;
    if (keyword.length < SEARCH_MIN_CHARS) {
      setState({ status: 'idle' });
      return;
    }
    setState({ status: 'searching', keyword });
    const timer = setTimeout(() => {
      callWorker((api) => api.keywordSearch(keyword)).then(
        (results) => {
          if (latest.current === keyword)
            setState({ status: 'done', keyword, results: filterResults(results, usrTpCd) });
        },
        (err: unknown) => {
          if (latest.current !== keyword) return;
          const shown = toShownError(err);
          setState({ status: 'error', keyword, message: shown.detail || shown.title });
        },
      );
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [keyword, usrTpCd]);

  return state;
}
