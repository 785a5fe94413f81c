// Which terminal Quay already has at a port is the one an SMDG row names: by code, else by name, and only where the
// answer is unambiguous both ways. Pure. integration.md#starting-empty-and-importing.

export interface KnownTerminal {
  ydCd: string;
  ydNm: string;
  smdgCd: string | null;
}

interface Named {
  code: string;
  name: string;
}

/** A row's terminal: known by its code already, given the code by its name, or none (a new one). */
export type Match = { by: 'code' | 'name'; ydCd: string } | { by: 'none' };

/** Words that say what a place is rather than which one: "Euromax Terminal Rotterdam" is "EUROMAX" at NLRTM. */
const GENERIC = new Set([
  'TERMINAL',
  'TERMINALS',
  'CONTAINER',
  'CONTAINERS',
  'CT',
  'PORT',
  'THE',
  'OF',
  'AND',
]);

/** Capitals and digits, accents and punctuation dropped: "PSA Genova Pra'" is "PSA GENOVA PRA". */
function plainName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, ' ')
    .trim();
}

/** The words that tell terminals of a port apart: not the generic ones, not the port's own name. */
function telling(name: string, portWords: ReadonlySet<string>): Set<string> {
  return new Set(
    plainName(name)
      .split(' ')
      .filter((w) => w !== '' && !GENERIC.has(w) && !portWords.has(w)),
  );
}

const subset = (a: ReadonlySet<string>, b: ReadonlySet<string>) => [...a].every((w) => b.has(w));

/**
 * The tests a row's name and a terminal's pass, strongest first: the same plain name; the same telling words; one's
 * telling words all among the other's. Each level takes the pairs of those above it, so that a row ambiguous at one
 * level stays ambiguous below it rather than be paired by a weaker test.
 */
function levels(row: string, terminal: string, portWords: ReadonlySet<string>): boolean[] {
  const a = telling(row, portWords);
  const b = telling(terminal, portWords);
  const same = a.size > 0 && a.size === b.size && subset(a, b);
  const within = a.size > 0 && b.size > 0 && (subset(a, b) || subset(b, a));
  const equal = plainName(row) === plainName(terminal);
  return [equal, equal || same, equal || same || within];
}

/**
 * Each row's terminal at one port. A code already given wins; then, level by level, a row and a terminal without
 * a code are paired only when each is the other's one candidate. Two rows that fit the same terminal (SMDG lists
 * "ECT Delta Dedicated East" and "… North") leave it to neither: a wrong code would be served to partners.
 */
export function matchTerminals(
  rows: readonly Named[],
  known: readonly KnownTerminal[],
  portNm: string,
): Match[] {
  const portWords = new Set(plainName(portNm).split(' '));
  const result: Match[] = rows.map((r) => {
    const t = known.find((k) => k.smdgCd === r.code);
    return t ? { by: 'code', ydCd: t.ydCd } : { by: 'none' };
  });
  const taken = new Set(result.flatMap((m) => (m.by === 'none' ? [] : [m.ydCd])));
  const open = known.filter((k) => k.smdgCd === null && !taken.has(k.ydCd));
  const tests = rows.map((r) => open.map((t) => levels(r.name, t.ydNm, portWords)));
  // A pair's row and terminal were each other's one candidate: taking them out changes no other row's candidates
  // at this level, so one pass a level is enough.
  const fits = (i: number, j: number, level: number) =>
    result[i]?.by === 'none' && !taken.has(open[j]?.ydCd ?? '') && !!tests[i]?.[j]?.[level];
  for (let level = 0; level < 3; level++) {
    for (let i = 0; i < rows.length; i++) {
      const cands = open.flatMap((_, j) => (fits(i, j, level) ? [j] : []));
      const t = cands.length === 1 ? open[cands[0] ?? -1] : undefined;
      if (!t || rows.some((_, other) => other !== i && fits(other, cands[0] ?? -1, level))) continue;
      result[i] = { by: 'name', ydCd: t.ydCd };
      taken.add(t.ydCd);
    }
  }
  return result;
}

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/**
 * A new terminal's code: the port's and 2 characters, as Quay codes its terminals. The first two of the SMDG code
 * when free ("RWG" at NLRTM is NLRTMRW), else its other pairs in order, else the first free pair from AA.
 */
export function newTerminalCode(portCd: string, smdgCd: string, used: ReadonlySet<string>): string {
  const chars = smdgCd.toUpperCase().split('');
  const pairs = chars.flatMap((a, i) => chars.slice(i + 1).map((b) => a + b));
  const all = [...ALNUM].flatMap((a) => [...ALNUM].map((b) => a + b));
  const free = [...pairs, ...all].find((p) => !used.has(portCd + p));
  // 1,296 pairs: a port with more terminals than that is not a port.
  if (!free) throw new Error(`no free terminal code left at ${portCd}`);
  return portCd + free;
}
