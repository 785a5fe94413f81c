// The sync worker against the real server: a cold sync fills every dataset, a resync with nothing changed costs
// only 304s, pending outbox operations keep their local state, malformed answers are errors that keep the old
// rows, and only the leader of several workers syncs.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { QuayDb, type Dataset } from '../src/core/db.ts';
import { TokenStore } from '../src/core/net/token.ts';
import { createSyncService, type SyncService, type SyncServiceDeps } from '../worker/sync/service.ts';
import { memoryLocks } from '../src/core/locks.ts';
import { signOnHttp } from './helpers/http-session.ts';
import { startTestServer, type TestServer } from './helpers/server.ts';

const API = '/api/v2/app';
let s: TestServer;
let url: string;
interface Seen {
  path: string;
  status: number;
  /** Response status line + headers + body as sent (content-length, i.e. compressed when compressed). */
  bytesDown: number;
  /** Request line + headers (the GETs have no body). */
  bytesUp: number;
}
const seen: Seen[] = [];
/** Answers one path with this instead of asking the server (malformed-answer tests). */
let override: { path: string; response: () => Response } | null = null;
const services: SyncService[] = [];

/** Signs on with the link that answers `override` and measures every request into `seen`. */
const signOn = (usrId: string) =>
  signOnHttp(url, usrId, {
    via: async ({ target, headers }, send) => {
      headers.set('accept-encoding', 'gzip, deflate, br');
      const res = override?.path === target.pathname ? override.response() : await send();
      const headerBytes = (h: Headers) => [...h].reduce((n, [k, v]) => n + k.length + v.length + 4, 0);
      const length = Number(
        res.headers.get('content-length') ?? (await res.clone().arrayBuffer()).byteLength,
      );
      seen.push({
        path: target.pathname,
        status: res.status,
        bytesDown: 17 + headerBytes(res.headers) + length,
        bytesUp:
          16 + target.pathname.length + target.search.length + headerBytes(headers) + target.host.length,
      });
      return res;
    },
  });

/** A sync service on `db` (online, its own locks unless given), stopped after the test. */
function service(db: QuayDb, deps: Partial<SyncServiceDeps> = {}): SyncService {
  const sync = createSyncService({
    db,
    tokens: new TokenStore(db),
    locks: memoryLocks(),
    isOnline: () => true,
    ...deps,
  });
  services.push(sync);
  return sync;
}

const freshDb = () => new QuayDb({ indexedDB: new IDBFactory(), IDBKeyRange });

/** Signs `usrId` on and starts a sync service on a fresh database; resolves once that service leads. */
async function leader(usrId: string): Promise<{ db: QuayDb; sync: SyncService }> {
  await signOn(usrId);
  const db = freshDb();
  const sync = service(db);
  sync.start();
  await sync.whenLeading();
  return { db, sync };
}

const serverJson = async <T>(usrId: string, path: string) =>
  (await s.call('GET', path, { as: usrId })).json<T>();
const sum = (rows: Seen[], key: 'bytesDown' | 'bytesUp') => rows.reduce((n, r) => n + r[key], 0);

beforeAll(async () => {
  s = await startTestServer();
  url = await s.listen();
});
afterEach(() => {
  override = null;
  while (services.length) services.pop()?.stop();
});
afterAll(() => s.close());

describe('sync', () => {
  it('fills every dataset on a cold sync, and a resync with nothing changed gets only 304s', async () => {
    await signOn('vessel');
    const db = freshDb();
    const sync = service(db);
    seen.length = 0;
    sync.start();
    await sync.whenLeading();
    const cold = [...seen];

    const { notiList } = await serverJson<{ notiList: unknown[] }>('vessel', `${API}/notification/user/list`);
    const { settingList } = await serverJson<{ settingList: unknown[] }>(
      'vessel',
      `${API}/notification/settings`,
    );
    const programs = await serverJson<unknown[]>('vessel', `${API}/common/programs`);
    const badge = await serverJson<{ notCnt: number }[]>('vessel', `${API}/notification/user/badge`);
    expect(await db.notifications.count()).toBe(notiList.length);
    expect(notiList.length).toBeGreaterThan(0);
    expect(await db.notificationSettings.count()).toBe(settingList.length);
    expect(await db.programs.count()).toBe(programs.length);
    expect((await db.badge.get('notification'))?.notCnt).toBe(badge[0]?.notCnt);
    expect((await db.getMeta('user'))?.usrId).toBe('vessel');
    expect((await db.searchIndex.get('all'))?.entries).toMatchObject({ usrId: 'vessel' });
    const states = await db.syncState.toArray();
    expect(states.map((r) => r.dataset).sort()).toEqual([
      'badge',
      'notifications',
      'ownVessel',
      'programs',
      'searchIndex',
      'settings',
      'user',
    ]);
    expect(states.every((r) => r.etag && r.syncedAt && !r.error)).toBe(true);
    const status = await sync.getStatus();
    expect(status).toMatchObject({ syncing: false, signedOut: false, lastError: null, leader: true });

    // Pull-to-refresh asks for every dataset: seven 304s (the own vessel and the search index among them).
    seen.length = 0;
    await sync.syncNow();
    const full = [...seen];
    expect(full).toHaveLength(7);
    expect(full.every((r) => r.status === 304)).toBe(true);
    expect(await db.notifications.count()).toBe(notiList.length);

    // A routine pass (timer, visible, reconnect) asks for the list; the badge only when the list changed, the rest
    // once an hour.
    seen.length = 0;
    await sync.engine.request();
    const warm = [...seen];
    expect(warm.map((r) => `${r.path.replace(API, '')} ${r.status}`)).toEqual([
      '/notification/user/list 304',
    ]);

    // Something new: the list and the badge come.
    await s.call('POST', '/api/dev/notifications', {
      body: { usrId: 'vessel', notId: 'N002', count: 1 },
    });
    seen.length = 0;
    await sync.engine.request();
    expect(seen.map((r) => `${r.path.replace(API, '')} ${r.status}`)).toEqual([
      '/notification/user/list 200',
      '/notification/user/badge 200',
    ]);
    expect((await db.badge.get('notification'))?.notCnt).toBe((badge[0]?.notCnt ?? 0) + 1);

    console.log(
      `cold sync (vessel): ${cold.length} requests (${cold.map((r) => `${r.path.replace(API, '')} ${r.status}`).join(', ')}), ` +
        `${sum(cold, 'bytesDown')} B down, ${sum(cold, 'bytesUp')} B up; ` +
        `no-change resync: ${warm.length} requests, ${sum(warm, 'bytesDown')} B down, ${sum(warm, 'bytesUp')} B up; ` +
        `no-change pull-to-refresh: ${full.length} requests, ${sum(full, 'bytesDown')} B down, ${sum(full, 'bytesUp')} B up`,
    );
  });

  it('asks for the rarely changing datasets again on a routine pass once they are an hour old', async () => {
    await signOn('vessel');
    const db = freshDb();
    let clock = Date.now();
    const sync = service(db, { now: () => clock });
    sync.start();
    await sync.whenLeading();
    clock += 59 * 60_000;
    seen.length = 0;
    await sync.engine.request();
    expect(seen.map((r) => r.path.replace(API, ''))).toEqual(['/notification/user/list']);
    clock += 2 * 60_000;
    seen.length = 0;
    await sync.engine.request();
    expect(seen.map((r) => r.path.replace(API, '')).sort()).toEqual([
      '/common/logged-user',
      '/common/programs',
      '/common/search-index',
      '/notification/settings',
      '/notification/user/badge',
      '/notification/user/list',
      '/vessel/current',
    ]);
  });

  it('loads the own ports for an agent', async () => {
    const { db } = await leader('agent');
    const { myPortList } = await serverJson<{ myPortList: unknown[] }>('agent', `${API}/common/my-port`);
    expect(myPortList.length).toBeGreaterThan(0);
    expect(await db.myPorts.count()).toBe(myPortList.length);
  });

  it("loads a vessel user's own vessel with its slane code, and no other user's", async () => {
    const { db } = await leader('vessel');
    const user = await db.getMeta('user');
    const own = await db.getMeta('ownVessel');
    expect(own?.vslCd).toBe(user?.ofcId);
    expect(own?.vslSlanCd).toMatch(/^[A-Z0-9]{2,5}$/);
    expect((await db.syncState.get('ownVessel'))?.etag).toBeTruthy();

    const { db: other } = await leader('staff');
    expect(await other.getMeta('ownVessel')).toBeUndefined();
  });

  it('keeps the local state of a notification with a pending outbox operation through a sync', async () => {
    const { db, sync } = await leader('vessel');
    const [pending, other] = await db.notifications.limit(2).toArray();
    if (!pending || !other) throw new Error('the seed has too few notifications');
    const flip = (yn: 'Y' | 'N') => (yn === 'Y' ? 'N' : 'Y');
    await db.notifications.update(pending.notSeq, { notReadYn: flip(pending.notReadYn) });
    await db.notifications.update(other.notSeq, { notReadYn: flip(other.notReadYn) });
    await db.outbox.add({
      opId: 'test:1',
      kind: 'read',
      entity: `notification:${pending.notSeq}`,
      method: 'POST',
      path: `${API}/notification/user/read`,
      body: { notSeq: pending.notSeq },
      undo: { notReadYn: pending.notReadYn },
      createdAt: Date.now(),
      attempts: 0,
      nextAttemptAt: 0,
      lastError: null,
    });
    // Forget the ETag so the server answers 200 with the full list.
    await db.syncState.update('notifications', { etag: null });
    await sync.syncNow();
    expect((await db.notifications.get(pending.notSeq))?.notReadYn).toBe(flip(pending.notReadYn));
    expect((await db.notifications.get(other.notSeq))?.notReadYn).toBe(other.notReadYn);
    expect((await db.syncState.get('notifications'))?.etag).toBeTruthy();
  });

  it('turns a malformed answer into an UnknownError status and keeps the old rows', async () => {
    const { db, sync } = await leader('vessel');
    const before = await db.notifications.toArray();
    const etag = (await db.syncState.get('notifications'))?.etag;
    await db.syncState.update('notifications', { etag: null });
    override = {
      path: `${API}/notification/user/list`,
      response: () => new Response('{"notiList": 5}', { headers: { 'content-type': 'application/json' } }),
    };
    await sync.syncNow();
    const status = await sync.getStatus();
    expect(status.lastError?.name).toBe('UnknownError');
    expect(status.lastError?.message).toMatch(/notification\/user\/list(\?limit=\d+)? was not understood/);
    expect(status.datasets.notifications?.error?.name).toBe('UnknownError');
    expect(status.datasets.badge?.error).toBeNull();
    expect(await db.notifications.toArray()).toEqual(before);
    // A failure plans a retry with backoff (15 s +- jitter), not the 5-minute timer.
    expect(status.nextAttemptAt).not.toBeNull();
    expect((status.nextAttemptAt ?? 0) - Date.now()).toBeLessThan(60_000);
    override = { path: `${API}/notification/user/list`, response: () => new Response('not json at all') };
    await sync.syncNow();
    expect((await sync.getStatus()).lastError?.name).toBe('UnknownError');
    override = null;
    await sync.syncNow();
    expect((await sync.getStatus()).lastError).toBeNull();
    expect((await db.syncState.get('notifications'))?.etag).toBe(etag);
  });

  it('coalesces requests made during a sync into one follow-up, and makes no attempt offline', async () => {
    await signOn('vessel');
    const db = freshDb();
    let online = true;
    const sync = service(db, { isOnline: () => online });
    sync.start();
    await sync.whenLeading();
    const runs = sync.engine.runs;
    await Promise.all([sync.syncNow(), sync.syncNow(), sync.syncNow(), sync.syncNow(), sync.syncNow()]);
    expect(sync.engine.runs - runs).toBe(2);

    online = false;
    await sync.setOnline(false);
    seen.length = 0;
    await sync.syncNow();
    await sync.pageVisible();
    expect(seen).toHaveLength(0);
    expect((await sync.getStatus()).online).toBe(false);
    online = true;
    await sync.setOnline(true);
    expect(seen.length).toBeGreaterThan(0);
    expect((await sync.getStatus()).online).toBe(true);
  });

  it('lets only the leader of two workers sync, and hands over when it goes', async () => {
    await signOn('vessel');
    const factory = new IDBFactory();
    const locks = memoryLocks();
    const a = service(new QuayDb({ indexedDB: factory, IDBKeyRange }), { locks });
    const bDb = new QuayDb({ indexedDB: factory, IDBKeyRange });
    const b = service(bDb, { locks });
    a.start();
    b.start();
    await a.whenLeading();
    expect(a.isLeader).toBe(true);
    expect(b.isLeader).toBe(false);
    await b.syncNow();
    await b.pageVisible();
    expect(a.engine.runs).toBe(1);
    expect(b.engine.runs).toBe(0);
    // The follower reads what the leader wrote (same database).
    expect(await bDb.notifications.count()).toBeGreaterThan(0);

    a.stop();
    await b.whenLeading();
    expect(b.isLeader).toBe(true);
    expect(b.engine.runs).toBe(1);
    const datasets: Dataset[] = ['user', 'badge', 'notifications', 'programs', 'settings'];
    const status = await b.getStatus();
    expect(datasets.every((d) => status.datasets[d]?.error === null)).toBe(true);
  });
});
