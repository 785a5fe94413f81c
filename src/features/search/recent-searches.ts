// Recent searches: the last results a user picked, newest first, kept on this device in localStorage
// ('quay:recent-searches', one list per user id) and shown when the search input is empty. A port is kept as the page
// last opened from it (PORT live or PORT_S current status), once.
import type { PgmType, SearchResult } from '../../core/contract/common.ts';
import { sameEntry } from './result-options.ts';

const RECENT_KEY = 'quay:recent-searches';
const RECENT_MAX = 8;

const PGM_TYPES: readonly string[] = ['VSL', 'VSL_V', 'SVC', 'PORT', 'PORT_S'] satisfies PgmType[];
const FIELDS = ['code', 'name', 'crrCd', 'crrBgColrVal', 'crrFgColrVal'] as const;

/** Storage is the user's: a value that is not what we wrote (edited, older format) is ignored, never trusted. */
function isResult(value: unknown): value is SearchResult {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return PGM_TYPES.includes(String(v.pgmType)) && FIELDS.every((f) => typeof v[f] === 'string');
}

function readAll(): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(RECENT_KEY) ?? '{}');
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

export function readRecent(usrId: string): SearchResult[] {
  const list = readAll()[usrId];
  return Array.isArray(list) ? list.filter(isResult).slice(0, RECENT_MAX) : [];
}

/** Puts a picked result first (once), keeps the newest 8; storage that is full or refused only loses the list. */
export function rememberPick(usrId: string, picked: SearchResult): SearchResult[] {
  const same = (r: SearchResult) => sameEntry(r, picked);
  const { pgmType, code, name, crrCd, crrBgColrVal, crrFgColrVal } = picked;
  const list = [
    { pgmType, code, name, crrCd, crrBgColrVal, crrFgColrVal },
    ...readRecent(usrId).filter((r) => !same(r)),
  ].slice(0, RECENT_MAX);
  try {
    localStorage.setItem(RECENT_KEY, JSON.stringify({ ...readAll(), [usrId]: list }));
  } catch {
    // Private mode or quota: recent searches are a convenience.
  }
  return list;
}
