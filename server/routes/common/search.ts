// GET /common/keyword-search: smart search over vessels, services (lanes) and ports (product.md#search-drawer smart search, product.md#input-and-formatting-rules
// rules), answered by ../../search/keyword.ts from the same rows and matcher as the worker's offline search.
import { userOf, type App } from '../../context.ts';
import { KeywordSearchQuery, SearchResultList } from '../../../src/core/contract/common.ts';
import { keywordSearch } from '../../search/keyword.ts';
import { COMMON_KEYWORD_SEARCH } from '../../../src/core/contract/api.ts';

const tags = ['common'];
const security = [{ token: [] }];

export async function searchRoutes(app: App): Promise<void> {
  app.get(
    COMMON_KEYWORD_SEARCH,
    {
      schema: {
        tags,
        security,
        summary:
          'Smart search: vessels, services and ports whose code or name contains kw (prefix matches first, at most 50)',
        description:
          'kw is trimmed and upper-cased and needs at least 3 characters. Users of type 5 and 6 get vessels only, whatever type asks. ' +
          "A vessel user's own vessel comes as VSL_V.",
        querystring: KeywordSearchQuery,
        response: { 200: SearchResultList },
      },
    },
    async (req) => keywordSearch(app.ctx.db, userOf(req), req.query.kw, req.query.type),
  );
}
