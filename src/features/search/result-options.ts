// The options of the search listbox, one target each: ARIA allows nothing interactive inside an option, so a port
// (two pages, product.md#screens-and-routes "Live" and "Current Status") gives two options, its own page and its other page as a sub-row.
import type { PgmType, SearchResult } from '../../core/contract/common.ts';
import type { LinkUser } from '../../core/link.ts';
import { isPortResult, resultLink, resultText, TYPE_LABEL } from '../../core/search.ts';

export interface ResultOption {
  /** Unique in the list, stable across renders. */
  key: string;
  /** What the option opens and what picking it remembers: for a port's sub-row, the port as that page's type. */
  result: SearchResult;
  /** The page it opens, or null when the user may not open it (product.md#who-may-do-what: type 4, another vessel). */
  href: string | null;
  /** A port's other page, shown as a compact sub-row under the port's own option. */
  sub: boolean;
  /** What a screen reader says: the result and its type label, e.g. "SGSIN Singapore Port current status". */
  name: string;
  /** Why it does not open, in words shown beside it (null when it opens). */
  why: string | null;
}

/** What a closed result says: a vessel user opens its own vessel only (product.md#who-may-do-what). */
const NOT_YOURS = 'Only your own vessel opens';

/** A sub-row's visible text: short, since the port's own row above it already names the port. */
export const portPageText = (r: SearchResult): string => (r.pgmType === 'PORT_S' ? 'Current Status' : 'Live');

const otherPortType = (t: PgmType): 'PORT' | 'PORT_S' => (t === 'PORT' ? 'PORT_S' : 'PORT');

/** One entry per thing a person picks: a port is one whichever of its pages was opened. */
export const sameEntry = (a: SearchResult, b: SearchResult): boolean =>
  a.code === b.code && (a.pgmType === b.pgmType || (isPortResult(a) && isPortResult(b)));

function option(result: SearchResult, user: LinkUser, sub: boolean): ResultOption {
  const href = resultLink(result, user);
  return {
    key: `${result.pgmType}:${result.code}${sub ? ':sub' : ''}`,
    result,
    href: href === '#' ? null : href,
    sub,
    name: `${resultText(result)} ${TYPE_LABEL[result.pgmType]}`,
    why: href === '#' ? NOT_YOURS : null,
  };
}

/**
 * The listbox options for these results, in order: one per result, and right after a port's own option (its page by
 * type: PORT live, PORT_S current status) a sub-row option for its other page. A port listed twice shows once.
 */
export function resultOptions(results: readonly SearchResult[], user: LinkUser): ResultOption[] {
  const out: ResultOption[] = [];
  const ports = new Set<string>();
  for (const r of results) {
    if (!isPortResult(r)) {
      out.push(option(r, user, false));
      continue;
    }
    if (ports.has(r.code)) continue;
    ports.add(r.code);
    out.push(option(r, user, false), option({ ...r, pgmType: otherPortType(r.pgmType) }, user, true));
  }
  return out;
}
