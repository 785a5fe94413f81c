// Port to port (product.md#port-to-port): online, GET /port/sailings answers; with no link, or when the call fails
// for want of one, the schedule set this device keeps answers the same search (src/core/sailings.ts), with its age.
// The set is fetched on the search's first use, never by the sync (a vessel user's day does not carry it), kept in
// pageData ('schedules:all'), and asked again (If-None-Match) when older than a day or when the shared catalog moved
// since it was kept. A chunk of the worker's own, loaded on the first search (worker/index.ts).
import { Sailings, ScheduleSet, type SailingsQuery } from '../../src/core/contract/sailings.ts';
import { apiPath, PORT_PREFIX, PORT_SAILINGS, PORT_SCHEDULES } from '../../src/core/contract/api.ts';
import type { QuayDb } from '../../src/device/db.ts';
import type { ApiClient } from '../../src/device/net/api-client.ts';
import { isLinkFailure, RequestError } from '../../src/device/net/http.ts';
import { checkSchema } from '../../src/device/net/schema-check.ts';
import { writeServerRows } from '../../src/device/outbox/rebase.ts';
import { findSailings, sailingsWindow } from '../../src/core/sailings.ts';
import { SAILINGS_WEEKS } from '../../src/core/sailing-weeks.ts';

const checkSailings = checkSchema(Sailings);
const checkSet = checkSchema(ScheduleSet);
const KEY = 'schedules:all';
/** Kept schedules younger than this are not asked for again (unless the catalog moved). */
const SCHEDULES_FRESH_MS = 24 * 60 * 60_000;
/** With the device's schedules to fall back on, a search does not wait the full 20 s for a hung link. */
const TIMEOUT_WITH_SET_MS = 8_000;

export interface SailingsAnswer {
  answer: Sailings;
  /** Answered from the schedules this device keeps (there was no link); schedulesAt says how old they are. */
  fromDevice: boolean;
  schedulesAt: number | null;
}

export interface SailingsDeps {
  db: QuayDb;
  client: Pick<ApiClient, 'json' | 'conditional'>;
  isOnline: () => boolean;
  now?: () => number;
}

export function createSailings({ db, client, isOnline, now = Date.now }: SailingsDeps) {
  /**
   * The one asking for the schedules now, if any. A second search while the first one's schedules are still on the
   * way (5 KB take seconds on a satellite link) waits for them instead of asking a second time.
   */
  let inFlight: Promise<void> | null = null;
  function keepSchedules(): Promise<void> {
    inFlight ??= refreshSchedules().finally(() => {
      inFlight = null;
    });
    return inFlight;
  }

  /** The kept schedules up to date: a day old, or the catalog moved since, asks again (a 304 costs a few hundred B). */
  async function refreshSchedules(): Promise<void> {
    const catalog = (await db.getMeta('pullState'))?.catalog;
    const moved = catalog !== undefined && catalog !== (await db.getMeta('schedulesCatalog'));
    const kept = await db.pageData.get(KEY);
    if (kept && !moved && now() - kept.syncedAt < SCHEDULES_FRESH_MS) return;
    const answer = await client.conditional(
      apiPath(PORT_PREFIX, PORT_SCHEDULES),
      checkSet,
      kept?.etag ?? null,
    );
    const syncedAt = now();
    // pageData is a table operations touch (the followed vessels' page): written under those still waiting.
    await writeServerRows(db, [db.pageData], async () => {
      if (answer.status === 304) await db.pageData.update(KEY, { syncedAt, openedAt: syncedAt });
      else
        await db.pageData.put({
          key: KEY,
          data: answer.data,
          etag: answer.etag,
          syncedAt,
          openedAt: syncedAt,
        });
    });
    if (catalog !== undefined) await db.setMeta('schedulesCatalog', catalog);
  }

  async function fromDevice(q: SailingsQuery, weeks: number): Promise<SailingsAnswer | null> {
    const row = await db.pageData.get(KEY);
    const set = row ? checkSet(row.data) : null;
    if (!row || !set) return null;
    const at = now();
    return {
      answer: {
        fromPortCd: q.fromPortCd,
        toPortCd: q.toPortCd,
        ...sailingsWindow(at, weeks),
        sailings: findSailings(set, q.fromPortCd, q.toPortCd, at, weeks),
      },
      fromDevice: true,
      schedulesAt: row.syncedAt,
    };
  }

  return async function sailings(q: SailingsQuery): Promise<SailingsAnswer> {
    const weeks = q.weeks ?? SAILINGS_WEEKS;
    if (!isOnline()) {
      const local = await fromDevice(q, weeks);
      if (local) return local;
      throw new RequestError(
        'There is no link, and this device has no schedules yet: search once online, and they are kept.',
      );
    }
    const keeping = keepSchedules().catch((err: unknown) =>
      console.warn('Keeping the schedules failed', err),
    );
    const held = await db.pageData.get(KEY);
    const path =
      `${apiPath(PORT_PREFIX, PORT_SAILINGS)}?fromPortCd=${encodeURIComponent(q.fromPortCd)}` +
      `&toPortCd=${encodeURIComponent(q.toPortCd)}&weeks=${weeks}`;
    try {
      const answer = await client.json(path, checkSailings, held ? { timeoutMs: TIMEOUT_WITH_SET_MS } : {});
      return { answer, fromDevice: false, schedulesAt: null };
    } catch (err) {
      if (!isLinkFailure(err)) throw err;
      await keeping;
      const local = await fromDevice(q, weeks);
      if (local) return local;
      throw err;
    }
  };
}
