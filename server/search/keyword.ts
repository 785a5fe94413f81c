// The keyword search of GET /common/keyword-search (product.md#search-drawer smart search, product.md#input-and-formatting-rules rules): SQL narrows the caller's
// search index (./search-index.ts) to the rows that contain the keyword; the ranking and order come from the matcher
// the worker's offline search runs too (src/core/search.ts), so both answer alike.
import type { AuthUser } from '../auth/user.ts';
import type { Sql } from '../db/db.ts';
import { badRequest } from '../http/errors.ts';
import type { PgmType, SearchResult } from '../../src/core/contract/common.ts';
import { matchIndex, prepareIndex, SEARCH_LIMIT, SEARCH_MIN_CHARS } from '../../src/core/search.ts';
import { loadSearchIndex } from './search-index.ts';

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
