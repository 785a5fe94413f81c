// Smart search rules (SPEC §2, §5): the keyword is upper-cased and needs 3 characters; the result types a user may
// see (types 5 and 6: vessels only); each type's label; and the drawer's title when restricted to one kind.
import type { PgmType, SearchResult } from './contract/common.ts';
import { isRestrictedType } from './role.ts';

export const SEARCH_MIN_CHARS = 3;

export const normaliseKeyword = (kw: string): string => kw.trim().toUpperCase();

export const TYPE_LABEL: Record<PgmType, string> = {
  VSL: 'Vessel',
  VSL_V: 'Vessel',
  SVC: 'Service',
  PORT: 'Port live',
  PORT_S: 'Port current status',
};

const ALL: readonly PgmType[] = ['VSL', 'VSL_V', 'SVC', 'PORT', 'PORT_S'];
const VESSELS: readonly PgmType[] = ['VSL', 'VSL_V'];

/** The result types a user of this type may see. */
export function allowedTypes(usrTpCd: string | null | undefined): readonly PgmType[] {
  return isRestrictedType(usrTpCd ?? '') ? VESSELS : ALL;
}

/** Keeps the results of the allowed types (SPEC §5). */
export function filterResults(
  results: readonly SearchResult[],
  usrTpCd: string | null | undefined,
): SearchResult[] {
  const allowed = allowedTypes(usrTpCd);
  return results.filter((r) => allowed.includes(r.pgmType));
}

/** "Smart Search", or the one kind the user is restricted to (SPEC §2). */
export function searchTitle(usrTpCd: string | null | undefined): string {
  const allowed = allowedTypes(usrTpCd);
  if (allowed.every((t) => t === 'VSL' || t === 'VSL_V')) return 'Vessel Search';
  if (allowed.every((t) => t === 'SVC')) return 'Service Search';
  if (allowed.every((t) => t === 'PORT' || t === 'PORT_S')) return 'Port Search';
  return 'Smart Search';
}
