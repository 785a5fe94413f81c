// Reads the app's IndexedDB database `quay` from inside a page with raw indexedDB (no Dexie), so a test sees exactly
// what the worker stored. Never creates the database: a page whose origin has none gets `exists: false`.
import type { Page } from '@playwright/test';
import type { NotificationSetting } from '../../src/core/contract/notification.ts';
import type { BadgeRow, Dataset } from '../../src/device/db.ts';

interface SyncStateSeen {
  dataset: Dataset;
  syncedAt: number | null;
}

interface OutboxSeen {
  opId: string;
  kind: string;
  entity: string;
  path: string;
  body: unknown;
  attempts: number;
  /** When the drain may try it again (ms since epoch): the backoff after a failed attempt. */
  nextAttemptAt: number;
}

export interface QuayDbSnapshot {
  exists: boolean;
  /** The native version (Dexie's times 10). */
  version: number;
  /** The `meta` table by key. */
  meta: Record<string, unknown>;
  notifications: number;
  /** The notSeqs of the `notifications` table, ascending. */
  notificationSeqs: number[];
  programs: number;
  settings: NotificationSetting[];
  badge: BadgeRow | null;
  syncState: SyncStateSeen[];
  outbox: OutboxSeen[];
  /** An agent's own ports, in the agent's order. */
  myPorts: { portCd: string; sortNo: number }[];
}

/** One consistent read of every table the data core fills (one read-only transaction). */
export function readQuayDb(page: Page): Promise<QuayDbSnapshot> {
  return page.evaluate(async () => {
    const empty = {
      exists: false,
      version: 0,
      meta: {},
      notifications: 0,
      notificationSeqs: [],
      programs: 0,
      settings: [],
      badge: null,
      syncState: [],
      outbox: [],
      myPorts: [],
    };
    const known = await indexedDB.databases();
    if (!known.some((d) => d.name === 'quay')) return empty;
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('quay');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error ?? new Error('cannot open the quay database'));
    });
    try {
      const names = [
        'meta',
        'notifications',
        'programs',
        'notificationSettings',
        'badge',
        'syncState',
        'outbox',
        'myPorts',
      ];
      const present = names.filter((n) => db.objectStoreNames.contains(n));
      const tx = db.transaction(present, 'readonly');
      const all = (name: string) =>
        present.includes(name)
          ? new Promise<unknown[]>((resolve, reject) => {
              const req = tx.objectStore(name).getAll();
              req.onsuccess = () => resolve(req.result as unknown[]);
              req.onerror = () => reject(req.error ?? new Error(`cannot read ${name}`));
            })
          : Promise.resolve([]);
      const [meta, notifications, programs, settings, badge, syncState, outbox, myPorts] = await Promise.all(
        names.map(all),
      );
      type Row = Record<string, unknown>;
      return {
        exists: true,
        version: db.version,
        meta: Object.fromEntries((meta as Row[]).map((r) => [String(r.key), r.value])),
        notifications: notifications?.length ?? 0,
        notificationSeqs: ((notifications ?? []) as Row[]).map((r) => Number(r.notSeq)).sort((a, b) => a - b),
        programs: programs?.length ?? 0,
        settings: settings as never,
        badge: ((badge as Row[]).find((r) => r.key === 'notification') ?? null) as never,
        syncState: (syncState as Row[]).map((r) => ({ dataset: r.dataset, syncedAt: r.syncedAt })) as never,
        outbox: (outbox as Row[]).map((r) => ({
          opId: r.opId,
          kind: r.kind,
          entity: r.entity,
          path: r.path,
          body: r.body,
          attempts: r.attempts,
          nextAttemptAt: r.nextAttemptAt,
        })) as never,
        myPorts: (myPorts as Row[])
          .map((r) => ({ portCd: String(r.portCd), sortNo: Number(r.sortNo) }))
          .sort((a, b) => a.sortNo - b.sortNo),
      };
    } finally {
      db.close();
    }
  });
}

/**
 * The datasets every signed-on user syncs: the pull by cursor (notifications, badge, settings, an agent's ports…)
 * and the shared ones it does not carry.
 */
export const COMMON_DATASETS: Dataset[] = ['user', 'programs', 'pull', 'searchIndex'];

/** Which of `datasets` have a syncState row with syncedAt set. */
export function syncedDatasets(snapshot: QuayDbSnapshot, datasets: Dataset[] = COMMON_DATASETS): Dataset[] {
  return datasets.filter((d) => snapshot.syncState.some((s) => s.dataset === d && s.syncedAt !== null));
}

/**
 * Sets an outbox operation's next attempt time and attempts, as a long outage the browser did not notice leaves it
 * (tried and failed a few times, its backoff grown to minutes): lets a test reach that state without waiting minutes.
 * Writes the raw row; the app's code is not involved.
 */
export function setNextAttemptAt(
  page: Page,
  opId: string,
  nextAttemptAt: number,
  attempts = 5,
): Promise<void> {
  return page.evaluate(
    ({ opId, nextAttemptAt, attempts }) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('quay');
        open.onerror = () => reject(open.error ?? new Error('cannot open the quay database'));
        open.onsuccess = () => {
          const db = open.result;
          const tx = db.transaction('outbox', 'readwrite');
          const store = tx.objectStore('outbox');
          const all = store.getAll();
          all.onsuccess = () => {
            const row = (all.result as { opId: string }[]).find((r) => r.opId === opId);
            if (!row) return reject(new Error(`no outbox operation ${opId}`));
            store.put({ ...row, nextAttemptAt, attempts });
          };
          tx.oncomplete = () => {
            db.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error ?? new Error('cannot write the outbox'));
        };
      }),
    { opId, nextAttemptAt, attempts },
  );
}
