// Smart search (product.md#screens-and-routes, product.md#input-and-formatting-rules), at least 3 characters. Online: GET /common/keyword-search, the answer kept in memory
// by keyword (a repeated search is instant). With no link, or when the call fails for want of one (no answer,
// timeout, 5xx), this device's search index answers the same search, marked fromDevice. Users of types 5 and 6 get
// vessels only in both answers: the server's search reads nothing else, and the device's leaves out the ports their
// index carries for the port picker; the window filters by the allowed type as well.
import { SearchResultList, type SearchResult } from '../../src/core/contract/common.ts';
import type { QuayDb } from '../../src/device/db.ts';
import type { ApiCaller } from '../../src/device/outbox/drain.ts';
import { RequestError } from '../../src/device/net/http.ts';
import { checkSchema } from '../../src/device/net/schema-check.ts';
import { SEARCH_MIN_CHARS, normaliseKeyword } from '../../src/core/search.ts';
import { createAnswerCache } from './answer-cache.ts';
import { createDeviceIndex } from './device-index.ts';
import { COMMON_KEYWORD_SEARCH, commonPath } from '../../src/core/contract/api.ts';

const checkResults = checkSchema(SearchResultList);
/** With the device's index to fall back on, a search does not wait the full 20 s for a hung link. */
const SEARCH_TIMEOUT_WITH_INDEX_MS = 8_000;

export interface KeywordSearchAnswer {
  results: SearchResult[];
  /** Answered from this device's search index: there was no link. */
  fromDevice: boolean;
}

export interface KeywordSearchOptions {
  /** Answer only what needs no request (a cached answer, or the device's index with no link); else null. */
  instant?: boolean;
}

export interface KeywordSearchDeps {
  db: QuayDb;
  client: ApiCaller;
  isOnline: () => boolean;
  now?: () => number;
}

/** No answer, a timeout or a gateway's 5xx: the device's index is good enough. A refusal (4xx) is not. */
const isLinkFailure = (err: unknown) =>
  err instanceof RequestError &&
  (err.name === 'TimeoutError' || err.status === undefined || err.status >= 500);

export function createKeywordSearch({ db, client, isOnline, now = Date.now }: KeywordSearchDeps) {
  const cache = createAnswerCache(now);
  const deviceIndex = createDeviceIndex(db);

  return async function keywordSearch(
    kw: string,
    opts: KeywordSearchOptions = {},
  ): Promise<KeywordSearchAnswer | null> {
    const keyword = normaliseKeyword(kw);
    if (keyword.length < SEARCH_MIN_CHARS) return { results: [], fromDevice: false };
    const user = await db.getMeta('user');
    const usrId = user?.usrId ?? '';
    const local = await deviceIndex(usrId, user?.usrTpCd);
    if (!isOnline()) {
      // With no link, what this device holds answers: its index, else an answer it kept from earlier.
      const kept = local?.search(keyword) ?? cache.get(usrId, keyword);
      if (kept) return { results: kept, fromDevice: true };
      if (opts.instant) return null;
      throw new RequestError(
        'There is no link, and this device has no search index yet: search once online.',
      );
    }
    const cached = cache.get(usrId, keyword);
    if (cached) return { results: cached, fromDevice: false };
    if (opts.instant) return null;
    try {
      const results = await client.json(
        `${commonPath(COMMON_KEYWORD_SEARCH)}?kw=${encodeURIComponent(keyword)}`,
        checkResults,
        local ? { timeoutMs: SEARCH_TIMEOUT_WITH_INDEX_MS } : {},
      );
      cache.set(usrId, keyword, results);
      return { results, fromDevice: false };
    } catch (err) {
      if (local && isLinkFailure(err)) return { results: local.search(keyword), fromDevice: true };
      throw err;
    }
  };
}
