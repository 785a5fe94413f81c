// The sync worker against the real server: a cold sync fills every dataset, a resync with nothing changed is one
// pull, a pull keeps the local state of rows whose outbox operation waits, a malformed answer is an error that keeps
// the old rows, a refused cursor pulls from scratch, and only the leader of several workers syncs.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { QuayDb, type Dataset } from '../src/device/db.ts';
import { TokenStore } from '../src/device/net/token.ts';
import { createSyncService, type SyncService, type SyncServiceDeps } from '../worker/sync/service.ts';
import { memoryLocks } from '../src/device/locks.ts';
import type { FleetResponse } from '../src/core/contract/vessel.ts';
import { createPageLoader } from '../worker/page-data/load-page.ts';
import { createNotificationDetail } from '../worker/notifications/detail.ts';
import { pruneDetails } from '../worker/sync/apply-pull.ts';
import { signOnHttp } from './helpers/http-session.ts';
import { startTestServer, type TestServer } from './helpers/server.ts';

const API = '/api/v2/app';
let s: TestServer;
let url: string;
interface Seen {
  method: string;
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
const at = (r: Seen) => `${r.method} ${r.path.replace(API, '')} ${r.status}`;
const services: SyncService[] = [];

/** Signs on with the link that answers `override` and measures every request into `seen`. */
const signOn = (usrId: string) =>
  signOnHttp(url, usrId, {
    via: async ({ target, init, headers }, send) => {
      headers.set('accept-encoding', 'gzip, deflate, br');
      const res = override?.path === target.pathname ? override.response() : await send();
      const headerBytes = (h: Headers) => [...h].reduce((n, [k, v]) => n + k.length + v.length + 4, 0);
      const length = Number(
        res.headers.get('content-length') ?? (await res.clone().arrayBuffer()).byteLength,
      );
      seen.push({
        method: init?.method ?? 'GET',
        path: target.pathname,
        status: res.status,
        bytesDown: 17 + headerBytes(res.headers) + length,
        bytesUp:
          16 +
          target.pathname.length +
          target.search.length +
          headerBytes(headers) +
          target.host.length +
          (typeof init?.body === 'string' ? init.body.length : 0),
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
  it('fills every dataset on a cold sync, and a resync with nothing changed is one pull', async () => {
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
    // The newest ones open with no link: their details came with the pull.
    expect(await db.notificationDetails.count()).toBeGreaterThan(0);
    expect(await db.notificationSettings.count()).toBe(settingList.length);
    expect(await db.programs.count()).toBe(programs.length);
    expect((await db.badge.get('notification'))?.notCnt).toBe(badge[0]?.notCnt);
    expect((await db.getMeta('user'))?.usrId).toBe('vessel');
    expect((await db.searchIndex.get('all'))?.entries).toMatchObject({ usrId: 'vessel' });
    expect(await db.getMeta('pullState')).toMatchObject({ cursor: expect.any(String) as unknown });
    const states = await db.syncState.toArray();
    expect(states.map((r) => r.dataset).sort()).toEqual([
      'ownVessel',
      'programs',
      'pull',
      'searchIndex',
      'user',
    ]);
    expect(states.every((r) => r.syncedAt && !r.error)).toBe(true);
    expect(await sync.getStatus()).toMatchObject({
      syncing: false,
      signedOut: false,
      lastError: null,
      leader: true,
    });

    // A routine pass (timer, visible, reconnect, hint) is one pull; the other datasets once an hour.
    seen.length = 0;
    await sync.engine.request();
    const warm = [...seen];
    expect(warm.map(at)).toEqual(['POST /sync/pull 200']);

    // Pull-to-refresh asks the shared datasets too: 304s.
    seen.length = 0;
    await sync.syncNow();
    const full = [...seen];
    expect(full.map(at).sort()).toEqual([
      'GET /common/logged-user 304',
      'GET /common/programs 304',
      'GET /common/search-index 304',
      'GET /vessel/current 304',
      'POST /sync/pull 200',
    ]);

    // Something new: one pull brings it with its detail and the badge.
    const injected = await s.call('POST', '/api/dev/notifications', {
      body: { usrId: 'vessel', notId: 'N002', count: 1 },
    });
    const [notSeq] = injected.json<{ notSeqs: number[] }>().notSeqs;
    seen.length = 0;
    await sync.engine.request();
    const one = [...seen];
    expect(one.map(at)).toEqual(['POST /sync/pull 200']);
    expect(await db.notifications.get(notSeq ?? 0)).toMatchObject({ notId: 'N002' });
    expect(await db.notificationDetails.get(notSeq ?? 0)).toMatchObject({ notId: 'N002' });
    expect((await db.badge.get('notification'))?.notCnt).toBe((badge[0]?.notCnt ?? 0) + 1);

    console.log(
      `cold sync (vessel): ${cold.length} requests (${cold.map(at).join(', ')}), ` +
        `${sum(cold, 'bytesDown')} B down, ${sum(cold, 'bytesUp')} B up; ` +
        `no-change pass: ${warm.length} request, ${sum(warm, 'bytesDown')} B down, ${sum(warm, 'bytesUp')} B up; ` +
        `no-change pull-to-refresh: ${full.length} requests, ${sum(full, 'bytesDown')} B down, ${sum(full, 'bytesUp')} B up; ` +
        `one new notification: ${one.length} request, ${sum(one, 'bytesDown')} B down, ${sum(one, 'bytesUp')} B up`,
    );
  });

  it('asks for the shared datasets again on a routine pass once they are a day old, not hourly (the catalog names their changes)', async () => {
    await signOn('vessel');
    const db = freshDb();
    let clock = Date.now();
    const sync = service(db, { now: () => clock });
    sync.start();
    await sync.whenLeading();
    clock += 23 * 60 * 60_000;
    seen.length = 0;
    await sync.engine.request();
    expect(seen.map((r) => r.path.replace(API, ''))).toEqual(['/sync/pull']);
    clock += 61 * 60_000;
    seen.length = 0;
    await sync.engine.request();
    expect(seen.map((r) => r.path.replace(API, '')).sort()).toEqual([
      '/common/logged-user',
      '/common/programs',
      '/common/search-index',
      '/sync/pull',
      '/vessel/current',
    ]);
  });

  it("loads an agent's own ports, and a vessel user's own vessel with its slane code", async () => {
    const { db: agent } = await leader('agent');
    const { myPortList } = await serverJson<{ myPortList: unknown[] }>('agent', `${API}/common/my-port`);
    expect(myPortList.length).toBeGreaterThan(0);
    expect(await agent.myPorts.count()).toBe(myPortList.length);

    const { db } = await leader('vessel');
    const user = await db.getMeta('user');
    const own = await db.getMeta('ownVessel');
    expect(own?.vslCd).toBe(user?.ofcId);
    expect(own?.vslSlanCd).toMatch(/^[A-Z0-9]{2,5}$/);
    expect((await db.syncState.get('ownVessel'))?.etag).toBeTruthy();
    expect(await db.myPorts.count()).toBe(0);
  });

  it("writes the server's rows in a pull and applies the operations still waiting on top of them", async () => {
    const { db, sync } = await leader('vessel');
    const [pending, other] = await db.notifications
      .filter((n) => n.notReadYn === 'N')
      .limit(2)
      .toArray();
    const setting = await db.notificationSettings.toCollection().first();
    if (!pending || !other || !setting) throw new Error('the seed has too few unread notifications');
    // On this device: "Got it" on one, waiting in the outbox; a switch flipped, waiting too.
    await db.notifications.update(pending.notSeq, { ackUsrId: 'vessel' });
    const flipped = setting.notUseYn === 'Y' ? 'N' : 'Y';
    await db.notificationSettings.update(setting.notId, { notUseYn: flipped });
    const op = (n: number, kind: 'ack' | 'setting', entity: string, body: unknown) => ({
      opId: `test:${n}`,
      kind,
      entity,
      method: 'POST' as const,
      path: `${API}/x`,
      body,
      createdAt: Date.now(),
      attempts: 0,
      nextAttemptAt: 0,
      lastError: null,
    });
    await db.outbox.bulkAdd([
      op(1, 'ack', `notification:${pending.notSeq}`, { notSeq: pending.notSeq }),
      op(2, 'setting', `setting:${setting.notId}`, { notId: setting.notId, notUseYn: flipped }),
    ]);
    // Elsewhere (another device of the user): both notifications read, the switch saved as it was.
    for (const n of [pending, other])
      await s.call('POST', `${API}/notification/user/read`, { as: 'vessel', body: { notSeq: n.notSeq } });
    await s.call('POST', `${API}/notification/settings`, {
      as: 'vessel',
      body: { notId: setting.notId, notUseYn: setting.notUseYn },
    });
    seen.length = 0;
    await sync.engine.request();
    expect(seen.map(at)).toEqual(['POST /sync/pull 200']);
    // The server's read shows, and the "Got it" still waiting on top of it.
    expect(await db.notifications.get(pending.notSeq)).toMatchObject({ ackUsrId: 'vessel', notReadYn: 'Y' });
    expect(await db.notifications.get(other.notSeq)).toMatchObject({ notReadYn: 'Y' });
    expect((await db.notificationSettings.get(setting.notId))?.notUseYn).toBe(flipped);
  });

  it('marks the vessels followed elsewhere on the My Vessel data the device keeps', async () => {
    const { db, sync } = await leader('operator');
    await createPageLoader({ db, client: sync.client, isOnline: () => true })('myVessels', 'operator', {});
    const fleet = (await db.pageData.get('myVessels:operator'))?.data as FleetResponse;
    const list = fleet.vessels.slice(0, 2).map((v) => v.vslCd);
    const before = fleet.vessels.filter((v) => v.followed).map((v) => v.vslCd);
    // Another device of the operator saves the list.
    await s.call('PUT', `${API}/common/my-setting`, { as: 'operator', body: { vslCds: list } });
    seen.length = 0;
    await sync.engine.request();
    expect(seen.map(at)).toEqual(['POST /sync/pull 200']);
    const after = (await db.pageData.get('myVessels:operator'))?.data as FleetResponse;
    expect(after.vessels.filter((v) => v.followed).map((v) => v.vslCd)).toEqual(list);
    await s.call('PUT', `${API}/common/my-setting`, { as: 'operator', body: { vslCds: before } });
  });

  it('turns a malformed pull answer into an UnknownError and keeps the rows and the cursor', async () => {
    const { db, sync } = await leader('vessel');
    const before = await db.notifications.toArray();
    const cursor = await db.getMeta('pullState');
    override = {
      path: `${API}/sync/pull`,
      response: () =>
        new Response('{"cursor": 5, "notifications": "all"}', {
          headers: { 'content-type': 'application/json' },
        }),
    };
    await sync.syncNow();
    const status = await sync.getStatus();
    expect(status.lastError?.name).toBe('UnknownError');
    expect(status.lastError?.message).toMatch(/sync\/pull was not understood/);
    expect(status.datasets.pull?.error?.name).toBe('UnknownError');
    expect(await db.notifications.toArray()).toEqual(before);
    expect(await db.getMeta('pullState')).toEqual(cursor);
    // A failure plans a retry with backoff (15 s +- jitter), not the slow timer.
    expect(status.nextAttemptAt).not.toBeNull();
    expect((status.nextAttemptAt ?? 0) - Date.now()).toBeLessThan(60_000);
    override = null;
    await sync.syncNow();
    expect((await sync.getStatus()).lastError).toBeNull();
  });

  it("drops a cursor the server refuses (another user's) and pulls from scratch", async () => {
    const { db: agent } = await leader('agent');
    const agentCursor = (await agent.getMeta('pullState'))?.cursor;
    const { db, sync } = await leader('vessel');
    const count = await db.notifications.count();
    const state = await db.getMeta('pullState');
    if (!state || !agentCursor) throw new Error('no cursor');
    await db.setMeta('pullState', { ...state, cursor: agentCursor });
    seen.length = 0;
    await sync.engine.request();
    expect(seen.map(at)).toEqual(['POST /sync/pull 400', 'POST /sync/pull 200']);
    expect((await sync.getStatus()).lastError).toBeNull();
    expect(await db.notifications.count()).toBe(count);
    expect((await db.getMeta('pullState'))?.cursor).not.toBe(agentCursor);
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
    const datasets: Dataset[] = ['user', 'pull', 'programs', 'searchIndex'];
    const status = await b.getStatus();
    expect(datasets.every((d) => status.datasets[d]?.error === null)).toBe(true);
  });

  it('keeps the details of unread and recent notifications: ten alerts behind sixty newer ones open with no link', async () => {
    const dev = async (notId: string, count = 1) =>
      (await s.call('POST', '/api/dev/notifications', { body: { usrId: 'vessel', notId, count } })).json<{
        notSeqs: number[];
      }>().notSeqs;
    // Read long ago: the pull does not carry its detail.
    const [old = 0] = await dev('N004');
    await s.db.query(
      `UPDATE notifications SET cre_dt = now() - interval '10 days', not_read_yn = 'Y' WHERE not_seq = $1`,
      [old],
    );
    const alerts: number[] = [];
    for (const notId of ['N001', 'N002', 'N003', 'N004', 'N005', 'N006', 'N007', 'N008', 'N009', 'N020'])
      alerts.push(...(await dev(notId)));
    // More newer ones than a first pull used to bring details for.
    await dev('N020', 60);
    const { db, sync } = await leader('vessel');

    const offline = createNotificationDetail(db, sync.client, () => false);
    for (const notSeq of alerts) {
      const answer = await offline(notSeq);
      expect(answer.stored).toBe(true);
      expect(answer.detail).toMatchObject({ notSeq, notReadYn: 'N' });
      expect(answer.detail.notMsg).toBeTruthy();
    }
    const items = await db.notifications.toArray();
    const kept = new Set(await db.notificationDetails.toCollection().primaryKeys());
    const unread = items.filter((n) => n.notReadYn === 'N');
    expect(unread.length).toBeGreaterThan(70);
    expect(unread.filter((n) => !kept.has(n.notSeq))).toEqual([]);
    expect(kept.has(old)).toBe(false);
    await expect(offline(old)).rejects.toThrow('has not been opened on this device before');

    // Opened once, then acknowledged on another device: the pull brings the flag, the kept detail takes it.
    await createNotificationDetail(db, sync.client, () => true)(old);
    const ack = await s.call('POST', `${API}/notification/vessel/ack`, {
      as: 'vessel',
      body: { notSeq: old },
    });
    expect(ack.json<{ success: boolean }>().success).toBe(true);
    await sync.engine.request();
    expect(await db.notifications.get(old)).toMatchObject({ ackUsrId: 'vessel' });
    expect(await db.notificationDetails.get(old)).toMatchObject({ ackUsrId: 'vessel' });

    // Bounded on the device: past the limit the details of unread notifications stay, newest first.
    await db.transaction('rw', db.notifications, db.notificationDetails, () =>
      pruneDetails(db, undefined, 20),
    );
    const newest = unread
      .sort((a, b) => b.creDt.localeCompare(a.creDt) || b.notSeq - a.notSeq)
      .slice(0, 20)
      .map((n) => n.notSeq);
    expect(new Set(await db.notificationDetails.toCollection().primaryKeys())).toEqual(new Set(newest));
  });
});
