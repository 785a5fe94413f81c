// Loads one page's data for the window (architecture.md#read-path): from the server with If-None-Match when the kept
// copy is older than its kind's freshness, into IndexedDB `pageData`; offline or when the link fails, the kept copy
// stands and the window shows its age. What grows is bounded: the least recently opened pages go first.
import type { PageDataRow, QuayDb } from '../../src/device/db.ts';
import type { ApiClient } from '../../src/device/net/api-client.ts';
import { isLinkFailure, RequestError } from '../../src/device/net/http.ts';
import type { OpError } from '../../src/device/outbox/types.ts';
import { changeLocal } from '../../src/device/outbox/base.ts';
import { writeServerRows } from '../../src/device/outbox/rebase.ts';
import type { VesselCurrent } from '../../src/core/contract/vessel.ts';
import { isVesselUser } from '../../src/core/role.ts';
import { toOpError } from '../sync/run-sync.ts';
import { writeStatus } from '../sync/status-store.ts';
import { checkOf, PAGE_SOURCES, pageKey, type PageKind } from './sources.ts';

/** Pages kept on the device; beyond this the least recently opened go. */
const MAX_PAGES = 300;

/**
 * A page's answer waited for this long has the status strip say "Server not answering" (product.md#honest-waiting),
 * and a forced load (Try again, pull-to-refresh) asks anew rather than wait on with it.
 */
const SLOW_MS = 5_000;

export interface PageLoad {
  /** fetched: 200; current: 304 or fresh enough; stored: kept copy (offline or the link failed); missing: none. */
  status: 'fetched' | 'current' | 'stored' | 'missing';
  error: OpError | null;
}

export interface PageLoaderDeps {
  db: QuayDb;
  client: Pick<ApiClient, 'conditional'>;
  isOnline: () => boolean;
  now?: () => number;
}

export function createPageLoader({ db, client, isOnline, now = Date.now }: PageLoaderDeps) {
  /** One request per page at a time: the window may ask twice (mount, pull-to-refresh). */
  const inFlight = new Map<string, { running: Promise<PageLoad>; since: number }>();
  /** Pages whose answer has been waited for longer than SLOW_MS; an answer for the page (Try again's) clears it. */
  const slow = new Set<string>();

  /** The strip says the server is silent from the first slow answer until one comes (or the sync gets one). */
  const notAnswering = (since: number | null) =>
    writeStatus(db, { notAnswering: since }).catch(() => undefined);

  /** The server answered something: it is answering, unless a page still waits on it. */
  async function answered(): Promise<void> {
    if (slow.size > 0) return;
    if ((await db.getMeta('syncStatus'))?.notAnswering) await notAnswering(null);
  }

  /** The request, watched: past SLOW_MS its page counts as slow until an answer for it comes. */
  async function watched<T>(key: string, ask: () => Promise<T>): Promise<T> {
    const started = now();
    const timer = setTimeout(() => {
      slow.add(key);
      void notAnswering(started);
    }, SLOW_MS);
    try {
      const answer = await ask();
      clearTimeout(timer);
      slow.delete(key);
      await answered();
      return answer;
    } catch (err) {
      clearTimeout(timer);
      slow.delete(key);
      // A timeout leaves the strip saying so until the server answers again (this page, another, or a sync pass);
      // any other answer (a 404, a 500) came from a server that answers.
      if (!(err instanceof Error && err.name === 'TimeoutError')) await answered();
      throw err;
    }
  }

  async function evict(): Promise<void> {
    const count = await db.pageData.count();
    if (count <= MAX_PAGES) return;
    const oldest = await db.pageData
      .orderBy('openedAt')
      .limit(count - MAX_PAGES)
      .primaryKeys();
    await db.pageData.bulkDelete(oldest);
  }

  /** When the page was opened or found current: the device's own note on the row, which a rebase keeps. */
  async function stamp(key: string, change: Partial<Pick<PageDataRow, 'openedAt' | 'syncedAt'>>) {
    await db.transaction('rw', db.pageData, db.base, async () =>
      changeLocal<PageDataRow>(db, db.pageData, key, (row) => ({ ...row, ...change })),
    );
  }

  /**
   * Keeps a 200, as the server's row under the operations still waiting (the followed vessels' page under a change
   * of the list not sent yet). A vessel user's own vessel page is the same answer as the sync's ownVessel dataset
   * (worker/sync/datasets.ts): it is kept as that dataset too, so the next sync pass does not download it again.
   */
  async function keep(key: string, kind: PageKind, code: string, data: unknown, etag: string | null) {
    const syncedAt = now();
    await writeServerRows(db, [db.pageData, db.meta, db.syncState], async () => {
      const kept = await db.pageData.get(key);
      await db.pageData.put({ key, data, etag, syncedAt, openedAt: kept?.openedAt ?? syncedAt });
      await evict();
      const user = await db.getMeta('user');
      if (kind !== 'vessel' || !user || !isVesselUser(user) || user.ofcId !== code) return;
      await db.setMeta('ownVessel', data as VesselCurrent);
      await db.syncState.put({ dataset: 'ownVessel', etag, syncedAt, attemptedAt: syncedAt, error: null });
    });
  }

  /** anew: a request of its own, not joined to the same GET still on the wire (the client shares those). */
  async function load(
    kind: PageKind,
    code: string,
    force: boolean,
    maxAgeMs?: number,
    anew = false,
  ): Promise<PageLoad> {
    const key = pageKey(kind, code);
    const kept = await db.pageData.get(key);
    const opened = now();
    if (kept) await stamp(key, { openedAt: opened });
    if (!isOnline()) return { status: kept ? 'stored' : 'missing', error: null };
    if (kept && !force && opened - kept.syncedAt < (maxAgeMs ?? PAGE_SOURCES[kind].freshMs))
      return { status: 'current', error: null };
    try {
      const answer = await watched(key, () =>
        client.conditional(
          PAGE_SOURCES[kind].path(code),
          checkOf(kind),
          kept?.etag ?? null,
          anew ? { headers: {} } : {},
        ),
      );
      if (answer.status === 304) {
        await stamp(key, { syncedAt: now() });
        return { status: 'current', error: null };
      }
      await keep(key, kind, code, answer.data, answer.etag);
      return { status: 'fetched', error: null };
    } catch (err) {
      if (kept && isLinkFailure(err)) return { status: 'stored', error: toOpError(err) };
      // The server refuses the code (400) or knows nothing by it (404): no such page, said as such (the page puts it
      // in plain words), not thrown as an unknown error with the server's developer words.
      if (err instanceof RequestError && (err.status === 400 || err.status === 404))
        return {
          status: kept ? 'stored' : 'missing',
          error: { name: 'NotFoundError', message: err.message, status: err.status },
        };
      throw err;
    }
  }

  /**
   * force: ask the server whatever the age, and anew if the request on the wire is slow (Try again);
   * maxAgeMs: how old a kept copy may be (default the kind's).
   */
  function loadPage(
    kind: PageKind,
    code: string,
    opts: { force?: boolean; maxAgeMs?: number } = {},
  ): Promise<PageLoad> {
    if (!(kind in PAGE_SOURCES)) return Promise.reject(new RequestError(`Unknown page ${String(kind)}.`));
    const key = pageKey(kind, code);
    const flying = inFlight.get(key);
    if (flying && !(opts.force && now() - flying.since >= SLOW_MS)) return flying.running;
    const entry = {
      running: load(kind, code, opts.force ?? false, opts.maxAgeMs, flying !== undefined),
      since: now(),
    };
    entry.running = entry.running.finally(() => {
      if (inFlight.get(key) === entry) inFlight.delete(key);
    });
    inFlight.set(key, entry);
    return entry.running;
  }
  /** A sync pass got its answers: the strip's "Server not answering" goes, unless a page still waits. */
  return Object.assign(loadPage, { serverAnswered: answered });
}
