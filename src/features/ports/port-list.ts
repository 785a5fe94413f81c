// The ports this device knows, for the port pages' picker: every port of the user's search index (synced for every
// user type; types 5 and 6 get the ports for this picker alone), with an agent's own ports first, and the match of
// what the user types, best first, with the smart search's ranking (code, then code or name starting with it).
import { rankOf } from '../../core/search.ts';

export interface KnownPort {
  portCd: string;
  portNm: string;
}

/** The index's ports when the stored copy is this user's ([] when there is none, or it is another user's). */
export function portsOfIndex(entries: unknown, usrId: string | null | undefined): KnownPort[] {
  if (!entries || typeof entries !== 'object' || !usrId) return [];
  const index = entries as { usrId?: unknown; ports?: unknown };
  if (index.usrId !== usrId || !Array.isArray(index.ports)) return [];
  return index.ports.flatMap((row: unknown) =>
    Array.isArray(row) && typeof row[0] === 'string' && typeof row[1] === 'string'
      ? [{ portCd: row[0], portNm: row[1] }]
      : [],
  );
}

/** The ports to offer, by name, the user's own ones (an agent's) first and each port once. */
export function knownPorts(own: readonly KnownPort[], indexed: readonly KnownPort[]): KnownPort[] {
  const seen = new Set(own.map((p) => p.portCd));
  const rest = indexed.filter((p) => !seen.has(p.portCd));
  return [
    ...own,
    ...rest.sort((a, b) => a.portNm.localeCompare(b.portNm) || a.portCd.localeCompare(b.portCd)),
  ];
}

/** The ports whose code or name holds the text typed (any case), best first; all of them for no text. */
export function matchPorts(ports: readonly KnownPort[], typed: string): KnownPort[] {
  const q = typed.trim().toUpperCase();
  if (!q) return [...ports];
  return ports
    .map((p, i) => ({ p, i, rank: rankOf(p.portCd.toUpperCase(), p.portNm.toUpperCase(), q) }))
    .filter((x) => x.rank >= 0)
    .sort((a, b) => a.rank - b.rank || a.i - b.i)
    .map((x) => x.p);
}
