// The search index kept on this device (table searchIndex, synced hourly with ETag by the 'searchIndex' dataset):
// checked and prepared once per synced copy, then searched in memory with the matcher the server runs, over the kinds
// the user may search (types 5 and 6: vessels, though their index carries the ports for the port picker).
import type { SearchResult } from '../../src/core/contract/common.ts';
import { SearchIndex } from '../../src/core/contract/search-index.ts';
import type { QuayDb } from '../../src/device/db.ts';
import { checkSchema } from '../../src/device/net/schema-check.ts';
import { matchIndex, prepareIndex, searchableEntries, type IndexedEntry } from '../../src/core/search.ts';

const checkIndex = checkSchema(SearchIndex);

export interface DeviceIndex {
  usrId: string;
  syncedAt: number;
  search(keyword: string): SearchResult[];
}

export function createDeviceIndex(db: QuayDb) {
  let prepared: { stamp: string; usrId: string; entries: IndexedEntry[] } | null = null;

  /** The index of this user, or null when the device has none (never synced, or another user's). */
  return async function deviceIndex(usrId: string, usrTpCd?: string): Promise<DeviceIndex | null> {
    const row = await db.searchIndex.get('all');
    if (!row) return null;
    const stamp = `${row.etag ?? ''}@${row.syncedAt}`;
    if (prepared?.stamp !== stamp) {
      const index = checkIndex(row.entries);
      prepared = index ? { stamp, usrId: index.usrId, entries: prepareIndex(index) } : null;
    }
    // A copy left by a user who signed out before this one must not answer (it may hold what this one may not see).
    if (!prepared || prepared.usrId !== usrId) return null;
    const entries = searchableEntries(prepared.entries, usrTpCd);
    return { usrId, syncedAt: row.syncedAt, search: (keyword) => matchIndex(entries, keyword) };
  };
}
