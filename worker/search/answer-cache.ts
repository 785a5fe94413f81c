// Online answers kept in memory by user and keyword, so a repeated search needs no round trip (a satellite one is
// most of a second). Least recently used first out; an answer older than the age limit is asked for again.
import type { SearchResult } from '../../src/core/contract/common.ts';

const CACHE_SIZE = 50;
const CACHE_MAX_AGE_MS = 10 * 60_000;

export function createAnswerCache(
  now: () => number = Date.now,
  size = CACHE_SIZE,
  maxAgeMs = CACHE_MAX_AGE_MS,
) {
  const entries = new Map<string, { at: number; results: SearchResult[] }>();
  const keyOf = (usrId: string, keyword: string) => `${usrId}\n${keyword}`;
  return {
    get(usrId: string, keyword: string): SearchResult[] | null {
      const key = keyOf(usrId, keyword);
      const hit = entries.get(key);
      if (!hit) return null;
      entries.delete(key);
      if (now() - hit.at > maxAgeMs) return null;
      entries.set(key, hit); // now the most recently used
      return hit.results;
    },
    set(usrId: string, keyword: string, results: SearchResult[]): void {
      const key = keyOf(usrId, keyword);
      entries.delete(key);
      entries.set(key, { at: now(), results });
      while (entries.size > size) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        entries.delete(oldest);
      }
    },
    get size() {
      return entries.size;
    },
  };
}
