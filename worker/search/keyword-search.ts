// Smart search (SPEC §2, §5): GET /common/keyword-search, at least 3 characters, results checked at the boundary.
// The server limits users of types 5 and 6 to vessels; the window filters by the allowed type as well.
import { SearchResultList, type SearchResult } from '../../src/core/contract/common.ts';
import type { ApiCaller } from '../../src/core/outbox/drain.ts';
import { checkSchema } from '../../src/core/net/schema-check.ts';
import { SEARCH_MIN_CHARS, normaliseKeyword } from '../../src/core/search.ts';

const checkResults = checkSchema(SearchResultList);

export function createKeywordSearch(client: ApiCaller) {
  return async function keywordSearch(kw: string): Promise<SearchResult[]> {
    const keyword = normaliseKeyword(kw);
    if (keyword.length < SEARCH_MIN_CHARS) return [];
    return client.json(`/api/v2/app/common/keyword-search?kw=${encodeURIComponent(keyword)}`, checkResults);
  };
}
