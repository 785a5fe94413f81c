// GET /common/keyword-search: smart search over vessels, services (lanes) and ports (product.md §2 smart search, §5 rules).
// SQL narrows the caller's search index (./search-index.ts) to the rows that contain the keyword; the ranking and
// order come from the matcher the worker's offline search runs too (src/core/search.ts), so both answer alike.
import { userOf, type App, type AuthUser } from '../../context.ts';
import type { Sql } from '../../db/db.ts';
import { badRequest } from '../../http/errors.ts';
import {
  KeywordSearchQuery,
  SearchResultList,
  type PgmType,
  type SearchResult,
} from '../../../src/core/contract/common.ts';
import { matchIndex, prepareIndex, SEARCH_LIMIT, SEARCH_MIN_CHARS } from '../../../src/core/search.ts';
import { loadSearchIndex } from './search-index.ts';
import { COMMON_KEYWORD_SEARCH } from '../../../src/core/contract/api.ts';

const tags = ['common'];
const security = [{ token: [] }];

const PGM_TYPES: readonly PgmType[] = ['VSL', 'VSL_V', 'SVC', 'PORT', 'PORT_S'];

function parseTypes(type: string | undefined): Set<PgmType> | null {
  if (type === undefined || type.trim() === '') return null;
  const out = new Set<PgmType>();
  for (const raw of type.split(',')) {
    const t = raw.trim().toUpperCase();
    if (!t) continue;
    if (!(PGM_TYPES as readonly string[]).includes(t))
      throw badRequest(`type: unknown pgmType ${t} (use ${PGM_TYPES.join(', ')})`);
    out.add(t as PgmType);
  }
  return out.size ? out : null;
}

export async function keywordSearch(
  sql: Sql,
  user: AuthUser,
  kwRaw: string,
  type?: string,
): Promise<SearchResult[]> {
  const kw = kwRaw.trim().toUpperCase();
  if (kw.length < SEARCH_MIN_CHARS)
    throw badRequest(`kw must be at least ${SEARCH_MIN_CHARS} characters after trimming`);
  const types = parseTypes(type);
  const want = (...t: PgmType[]) => !types || t.some((x) => types.has(x));
  // Users of types 5 and 6 get vessels only whatever type asks: their search reads nothing else.
  const index = await loadSearchIndex(sql, user, {
    kw,
    vessels: want('VSL', 'VSL_V'),
    services: want('SVC'),
    ports: want('PORT', 'PORT_S'),
  });
  const results = matchIndex(prepareIndex(index), kw, SEARCH_LIMIT);
  // Asked for port current status only: the port results say so.
  const portStatus = types !== null && types.has('PORT_S') && !types.has('PORT');
  return portStatus ? results.map((r) => (r.pgmType === 'PORT' ? { ...r, pgmType: 'PORT_S' } : r)) : results;
}

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
