// The IndexedDB schema of the `quay` database, shared by window, worker and service worker.
// The ONE place that declares Dexie versions: add a new version below, never edit a shipped one, never drop the outbox.
import { Dexie, type DexieOptions, type EntityTable } from 'dexie';

export const DB_NAME = 'quay';

/** Values kept in the key-value `meta` table, by key. */
export interface MetaValues {
  /** The X-AUTH-TOKEN from GET /IBP_REFRESH.do (mirrored to localStorage `token` by the window, SPEC §7). */
  token: string;
}
export type MetaKey = keyof MetaValues;

export interface MetaRow<K extends MetaKey = MetaKey> {
  key: K;
  value: MetaValues[K];
}

export class QuayDb extends Dexie {
  declare meta: EntityTable<MetaRow, 'key'>;

  /** Tests pass `{ indexedDB, IDBKeyRange }` from fake-indexeddb (see TRAPS.md). */
  constructor(options?: DexieOptions) {
    super(DB_NAME, options);
    this.version(1).stores({ meta: 'key' });
  }

  async getMeta<K extends MetaKey>(key: K): Promise<MetaValues[K] | undefined> {
    const row = await this.meta.get(key);
    return row?.value as MetaValues[K] | undefined;
  }

  async setMeta<K extends MetaKey>(key: K, value: MetaValues[K]): Promise<void> {
    await this.meta.put({ key, value });
  }

  async deleteMeta(key: MetaKey): Promise<void> {
    await this.meta.delete(key);
  }
}
