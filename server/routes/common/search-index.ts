// GET /common/search-index: every vessel, service and port the caller may search, as compact rows, for the worker's
// offline smart search and the port pages' picker (the index is ../../search/search-index.ts's).
import { userOf, type App } from '../../context.ts';
import { SearchIndex } from '../../../src/core/contract/search-index.ts';
import { loadSearchIndex } from '../../search/search-index.ts';
import { COMMON_SEARCH_INDEX } from '../../../src/core/contract/api.ts';

const tags = ['common'];
const security = [{ token: [] }];

export async function searchIndexRoutes(app: App): Promise<void> {
  app.get(
    COMMON_SEARCH_INDEX,
    {
      schema: {
        tags,
        security,
        summary:
          'Every vessel, service and port the caller may search, as compact rows (the offline smart search and the ' +
          'port picker)',
        description:
          'Users of type 5 and 6 get vessels and ports, no services: they search vessels only, and the ports are for ' +
          "the port pages' picker. Rows are [code, name, crrCd] (ports [code, name]); carriers map a " +
          'crrCd to its colours. Ask with If-None-Match: it rarely changes.',
        response: { 200: SearchIndex },
      },
    },
    async (req) => loadSearchIndex(app.ctx.db, userOf(req)),
  );
}
