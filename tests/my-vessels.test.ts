// My Vessel's add and remove through the outbox against the real server (architecture.md#the-outbox): applied locally at
// once, sent once as PUT /common/my-setting when the link returns (coalesced: the last list wins), put back when the
// server refuses, and kept on screen while a page sync brings an older list.
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FleetResponse } from '../src/core/contract/vessel.ts';
import { followedCodes } from '../src/core/followed.ts';
import { QuayDb } from '../src/device/db.ts';
import { memoryLocks } from '../src/device/locks.ts';
import { checkLoggedUser } from '../src/device/net/checks.ts';
import { ApiClient } from '../src/device/net/api-client.ts';
import { configureHttp } from '../src/device/net/http.ts';
import { TokenStore } from '../src/device/net/token.ts';
import { coalesce, drain, pendingFor, type DrainOptions } from '../src/device/outbox/drain.ts';
import { MY_VESSELS_ENTITY, type OutboxFailure, type OutboxRow } from '../src/device/outbox/types.ts';
import { createCommands, MY_SETTING_PATH, myVesselsKey, type Commands } from '../worker/commands/commands.ts';
import { createPageLoader } from '../worker/page-data/load-page.ts';
import { cookieFetch, signOnSid } from './helpers/http-session.ts';
import { startTestServer, type TestServer } from './helpers/server.ts';

const USER = 'operator';
let s: TestServer;
let sid = '';
const net = { offline: false };

const linkFetch = cookieFetch(
  () => sid,
  () => net.offline,
);

beforeAll(async () => {
  s = await startTestServer();
  const base = await s.listen();
  sid = await signOnSid(base, USER);
  expect(sid).not.toBe('');
  configureHttp({ base, fetch: linkFetch });
});
afterAll(() => s.close());

let db: QuayDb;
let client: ApiClient;
let cmd: Commands;
let failures: OutboxFailure[];
let loadPage: ReturnType<typeof createPageLoader>;
let original: string[];
const locks = memoryLocks();
const opts = (): DrainOptions => ({
  locks,
  backoff: { baseMs: 0, maxMs: 0 },
  onPermanentFailure: (f) => failures.push(f),
});
const KEY = myVesselsKey(USER);

const serverList = async () =>
  (await s.call('GET', MY_SETTING_PATH, { as: USER })).json<{ vslCds: string[] }>().vslCds;
/** The followed vessels as the device keeps them (the My Vessel page data), in the user's order. */
const keptList = async () => followedCodes(((await db.pageData.get(KEY))?.data as FleetResponse).vessels);
/** PUT /common/my-setting calls the server applied for this test's client. */
async function puts(): Promise<{ idempotencyKey: string | null; path: string }[]> {
  const clientId = await db.getMeta('clientId');
  const rows = (await s.call('GET', `/api/dev/audit?usrId=${USER}&limit=10000`)).json<
    { idempotencyKey: string | null; path: string; method: string }[]
  >();
  return rows.filter((r) => r.idempotencyKey?.startsWith(`${clientId}:`) && r.path === MY_SETTING_PATH);
}

beforeEach(async () => {
  net.offline = false;
  failures = [];
  db = new QuayDb({ indexedDB: new IDBFactory(), IDBKeyRange });
  client = new ApiClient(new TokenStore(db));
  cmd = createCommands({ db, client, triggerDrain: () => undefined });
  loadPage = createPageLoader({ db, client, isOnline: () => !net.offline });
  const user = checkLoggedUser((await s.call('GET', '/api/v2/app/common/logged-user', { as: USER })).json());
  if (!user) throw new Error('no user');
  await db.setMeta('user', user);
  original = await serverList();
  expect((await loadPage('myVessels', USER)).status).toBe('fetched');
});

describe('My Vessel through the outbox', () => {
  it('keeps the fleet with the followed vessels marked, as the server lists them', async () => {
    const data = (await db.pageData.get(KEY))?.data as FleetResponse;
    expect(data.vessels.length).toBeGreaterThan(original.length);
    expect(await keptList()).toEqual(original);
    expect(data.vessels.find((v) => v.vslCd === 'QHZN')?.vslNm).toBe('QUAY HORIZON');
  });

  it('sends a remove and an add made offline once, as the last list, when the link returns', async () => {
    const [gone, ...rest] = original;
    const added = ((await db.pageData.get(KEY))?.data as FleetResponse).vessels.find(
      (v) => !original.includes(v.vslCd),
    )?.vslCd as string;
    net.offline = true;
    await cmd.saveMyVessels(rest);
    expect(await keptList()).not.toContain(gone);
    const last = await cmd.saveMyVessels([...rest, added]);
    expect(await keptList()).toEqual([...rest, added]);
    expect((await pendingFor(db, MY_VESSELS_ENTITY)).map((r) => r.kind)).toEqual(['mySetting', 'mySetting']);
    // The page opens from the device offline with the changed list.
    expect((await loadPage('myVessels', USER)).status).toBe('stored');
    // Coalesced before the first try: one operation waits, with the last list.
    expect(await drain(db, client, opts())).toMatchObject({
      applied: 0,
      retrying: 1,
      coalesced: 1,
      remaining: 1,
    });

    net.offline = false;
    expect(await drain(db, client, opts())).toMatchObject({ applied: 1, refused: 0, remaining: 0 });
    expect(await serverList()).toEqual([...rest, added]);
    expect((await puts()).map((r) => r.idempotencyKey)).toEqual([last.opId]);
    expect(await drain(db, client, opts())).toMatchObject({ applied: 0, remaining: 0 });
    expect(failures).toEqual([]);
    await s.call('PUT', MY_SETTING_PATH, { as: USER, body: { vslCds: original } });
  });

  it('puts the list back and says why when the server refuses it', async () => {
    net.offline = true;
    await cmd.saveMyVessels(original.slice(1));
    await cmd.saveMyVessels([...original.slice(1), 'ZZZZ']);
    expect(await keptList()).not.toContain(original[0]);
    net.offline = false;
    expect(await drain(db, client, opts())).toMatchObject({
      applied: 0,
      refused: 1,
      coalesced: 1,
      remaining: 0,
    });
    expect((await keptList()).sort()).toEqual([...original].sort());
    expect(await serverList()).toEqual(original);
    expect(failures).toEqual([
      expect.objectContaining({ kind: 'mySetting', toast: true, message: expect.stringContaining('ZZZZ') }),
    ]);
    expect(failures[0]?.message).toMatch(/^My Vessel could not be saved/);
  });

  it("shows the user's list while the change waits, even when a page brought the server's older one", async () => {
    const fewer = original.slice(0, -1);
    net.offline = true;
    await cmd.saveMyVessels(fewer);
    net.offline = false;
    // While the server's list is unchanged its ETag still matches: a 304 keeps the changed list on the device.
    expect((await loadPage('myVessels', USER, { force: true })).status).toBe('current');
    expect((await keptList()).sort()).toEqual([...fewer].sort());
    // A full answer (the fleet moved meanwhile) brings the server's list, still the old one: the change waiting is
    // applied again on top of it (the rebase), so the device goes on showing what the user chose.
    await db.pageData.update(KEY, { etag: null });
    expect((await loadPage('myVessels', USER, { force: true })).status).toBe('fetched');
    expect((await keptList()).sort()).toEqual([...fewer].sort());
    expect(await drain(db, client, opts())).toMatchObject({ applied: 1 });
    expect((await keptList()).sort()).toEqual([...fewer].sort());
    expect(await serverList()).toEqual(fewer);
    await s.call('PUT', MY_SETTING_PATH, { as: USER, body: { vslCds: original } });
  });

  it('sends nothing for the list already shown, and refuses what is not a vessel code', async () => {
    expect(await cmd.saveMyVessels([...original].reverse())).toEqual({ opId: null });
    await expect(cmd.saveMyVessels(['QHZN', 'not a code'])).rejects.toThrow('not a vessel code');
    expect(await db.outbox.count()).toBe(0);
  });
});

describe('coalescing My Vessel', () => {
  const row = (seq: number, vslCds: string[]): OutboxRow => ({
    seq,
    opId: `c:${seq}`,
    kind: 'mySetting',
    entity: MY_VESSELS_ENTITY,
    method: 'PUT',
    path: MY_SETTING_PATH,
    body: { vslCds },
    createdAt: 0,
    attempts: 0,
    nextAttemptAt: 0,
    lastError: null,
  });

  it('keeps the last list', () => {
    const { keep, drop } = coalesce([row(1, ['A']), row(2, ['A', 'B']), row(3, ['B'])]);
    expect(keep).toEqual([row(3, ['B'])]);
    expect(drop.map((r) => r.seq)).toEqual([1, 2]);
  });
});
