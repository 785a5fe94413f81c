// Smart search rules (product.md#screens-and-routes, product.md#input-and-formatting-rules): the keyword is upper-cased and needs 3 characters; the result types a user may
// see (types 5 and 6: vessels only); each type's label; the drawer's title when restricted to one kind; and the ONE
// matcher that the server's keyword-search and the worker's offline search both run, so online and offline agree.
import type { PgmType, SearchResult } from './contract/common.ts';
import type { SearchIndex } from './contract/search-index.ts';
import { portLiveLink, portStatusLink, serviceLink, vesselLink, type LinkUser } from './link.ts';
import { isRestricted } from './role.ts';

export const SEARCH_MIN_CHARS = 3;
/** At most this many results, best first. */
export const SEARCH_LIMIT = 50;
/** Ports have no carrier: neutral colours. */
export const PORT_BG = '#E5E7EB';
const PORT_FG = '#1F2937';

export const normaliseKeyword = (kw: string): string => kw.trim().toUpperCase();

/** An identifier keyword shorter than this matches only whole (a few digits would match half the fleet's MMSIs). */
const ID_PREFIX_MIN = 5;

/**
 * The keyword as a vessel identifier: "IMO 9527582" and "IMO9527582" are the IMO number 9527582, as trackers write
 * it; anything else as typed (an MMSI, a call sign).
 */
export const idKeyword = (kw: string): string => normaliseKeyword(kw).replace(/^IMO\s*(?=\d)/, '');

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
function allowedTypes(usrTpCd: string | null | undefined): readonly PgmType[] {
  return isRestricted(usrTpCd) ? VESSELS : ALL;
}

/** Keeps the results of the allowed types (product.md#input-and-formatting-rules). */
export function filterResults(
  results: readonly SearchResult[],
  usrTpCd: string | null | undefined,
): SearchResult[] {
  const allowed = allowedTypes(usrTpCd);
  return results.filter((r) => allowed.includes(r.pgmType));
}

/** "Smart Search", or the one kind the user is restricted to (product.md#screens-and-routes). */
export function searchTitle(usrTpCd: string | null | undefined): string {
  const allowed = allowedTypes(usrTpCd);
  if (allowed.every((t) => t === 'VSL' || t === 'VSL_V')) return 'Vessel Search';
  if (allowed.every((t) => t === 'SVC')) return 'Service Search';
  if (allowed.every((t) => t === 'PORT' || t === 'PORT_S')) return 'Port Search';
  return 'Smart Search';
}

/** Where a result opens (its main link): a vessel through the link helper of product.md#who-may-do-what ("#" when the user may not
 * open it: type 4, another vessel), a service its page, a port its live or current-status page by type. */
export function resultLink(result: SearchResult, user: LinkUser): string {
  switch (result.pgmType) {
    case 'SVC':
      return serviceLink(result.code);
    case 'PORT':
      return portLiveLink(result.code);
    case 'PORT_S':
      return portStatusLink(result.code);
    default:
      return vesselLink(user, result.code);
  }
}

/** What a result shows: vessels by name (product.md#screens-and-routes), services and ports by code and name. */
export const resultText = (r: SearchResult): string =>
  r.pgmType === 'VSL' || r.pgmType === 'VSL_V' ? r.name : `${r.code} ${r.name}`;

export const isPortResult = (r: SearchResult): boolean => r.pgmType === 'PORT' || r.pgmType === 'PORT_S';

/** A searchable row: the result it gives, its kind (vessels, then services, then ports) and upper-cased keys. */
export interface IndexedEntry {
  result: SearchResult;
  kind: 0 | 1 | 2;
  codeU: string;
  nameU: string;
  /** A vessel's IMO number, MMSI and call sign (product.md#search-drawer), upper-cased; none for the rest. */
  idsU: readonly string[];
}

/** The compact index as searchable rows; done once per index, not per keystroke. */
export function prepareIndex(index: SearchIndex): IndexedEntry[] {
  const colours = (crrCd: string): [string, string] => index.carriers[crrCd] ?? ['', ''];
  const entry = (kind: 0 | 1 | 2, result: SearchResult, ids = ''): IndexedEntry => ({
    result,
    kind,
    codeU: result.code.toUpperCase(),
    nameU: result.name.toUpperCase(),
    idsU: ids ? ids.toUpperCase().split(' ').filter(Boolean) : [],
  });
  const carried = (pgmType: PgmType, code: string, name: string, crrCd: string): SearchResult => {
    const [crrBgColrVal, crrFgColrVal] = colours(crrCd);
    return { pgmType, code, name, crrCd, crrBgColrVal, crrFgColrVal };
  };
  return [
    ...index.vessels.map(([code, name, crrCd, ids]) =>
      entry(0, carried(code === index.ownVslCd ? 'VSL_V' : 'VSL', code, name, crrCd), ids),
    ),
    ...index.services.map(([code, name, crrCd]) => entry(1, carried('SVC', code, name, crrCd))),
    ...index.ports.map(([code, name]) =>
      entry(2, { pgmType: 'PORT', code, name, crrCd: '', crrBgColrVal: PORT_BG, crrFgColrVal: PORT_FG }),
    ),
  ];
}

/** The rows a user of this type may search: types 5 and 6 vessels only (their index carries ports for the picker). */
export function searchableEntries(
  entries: readonly IndexedEntry[],
  usrTpCd: string | null | undefined,
): IndexedEntry[] {
  const allowed = allowedTypes(usrTpCd);
  return entries.filter((e) => allowed.includes(e.result.pgmType));
}

/** 0 the code is the keyword, 1 code or name starts with it, 2 either contains it, -1 no match. */
export function rankOf(codeU: string, nameU: string, kw: string): -1 | 0 | 1 | 2 {
  if (codeU === kw) return 0;
  const inCode = codeU.indexOf(kw);
  const inName = nameU.indexOf(kw);
  if (inCode === 0 || inName === 0) return 1;
  return inCode > 0 || inName > 0 ? 2 : -1;
}

/** 0 an identifier is the keyword, 1 one starts with it (ID_PREFIX_MIN characters or more), -1 no match. */
function idRankOf(idsU: readonly string[], idKw: string): -1 | 0 | 1 {
  if (idsU.includes(idKw)) return 0;
  return idKw.length >= ID_PREFIX_MIN && idsU.some((id) => id.startsWith(idKw)) ? 1 : -1;
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The smart search over prepared rows: code or name contains the (trimmed, upper-cased) keyword, or a vessel's
 * identifier is it (or starts with it, from ID_PREFIX_MIN characters; "IMO 9527582" is 9527582); best rank first,
 * then vessels, services, ports, then by name and code; at most `limit`. A keyword under 3 characters finds nothing.
 */
export function matchIndex(
  entries: readonly IndexedEntry[],
  keyword: string,
  limit = SEARCH_LIMIT,
): SearchResult[] {
  const kw = normaliseKeyword(keyword);
  if (kw.length < SEARCH_MIN_CHARS) return [];
  const idKw = idKeyword(kw);
  const hits: { e: IndexedEntry; rank: number }[] = [];
  for (const e of entries) {
    const byText = rankOf(e.codeU, e.nameU, kw);
    const byId = e.idsU.length > 0 ? idRankOf(e.idsU, idKw) : -1;
    const rank = byText < 0 ? byId : byId < 0 ? byText : Math.min(byText, byId);
    if (rank >= 0) hits.push({ e, rank });
  }
  hits.sort(
    (a, b) =>
      a.rank - b.rank ||
      a.e.kind - b.e.kind ||
      cmp(a.e.result.name, b.e.result.name) ||
      cmp(a.e.result.code, b.e.result.code),
  );
  return hits.slice(0, limit).map((h) => h.e.result);
}
