// What each user follows is kept on the device by the leader's sync (worker/page-data/followed.ts): a vessel user's own
// vessel pages, an agent's ports, everyone else's My Vessel; refreshed when an hour old, so a pass soon after asks
// nothing more.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { QuayDb } from '../src/device/db.ts';
import { TokenStore } from '../src/device/net/token.ts';
import { memoryLocks } from '../src/device/locks.ts';
import { refreshFollowed } from '../worker/page-data/followed.ts';
import { createPageLoader } from '../worker/page-data/load-page.ts';
import { runSync } from '../worker/sync/run-sync.ts';
import { createSyncService, type SyncService } from '../worker/sync/service.ts';
import { signOnHttp } from './helpers/http-session.ts';
import { startTestServer, type TestServer } from './helpers/server.ts';

let s: TestServer;
let url: string;
const asked: string[] = [];
const services: SyncService[] = [];

async function device(usrId: string) {
  await signOnHttp(url, usrId, (path) => asked.push(path));
  const db = new QuayDb({ indexedDB: new IDBFactory(), IDBKeyRange });
  const sync = createSyncService({
    db,
    tokens: new TokenStore(db),
    locks: memoryLocks(),
    isOnline: () => true,
  });
  services.push(sync);
  sync.start();
  await sync.whenLeading();
  const loadPage = createPageLoader({ db, client: sync.client, isOnline: () => true });
  return { db, loadPage, sync };
}

/** A vessel user's device as on a fresh one whose vessel page opens before the sync's second phase: no copy of
 * its own vessel anywhere yet, and nothing asked so far. */
async function withoutOwnVessel() {
  const d = await device('vessel');
  const own = (await d.db.getMeta('user'))?.ofcId as string;
  await d.db.syncState.delete('ownVessel');
  await d.db.pageData.clear();
  await d.db.meta.delete('ownVessel');
  asked.length = 0;
  return { ...d, own };
}

const keys = async (db: QuayDb) => (await db.pageData.toCollection().primaryKeys()).map(String).sort();

beforeAll(async () => {
  s = await startTestServer();
  url = await s.listen();
});
afterEach(() => {
  while (services.length) services.pop()?.stop();
});
afterAll(async () => {
  await s.close();
});

describe('followed pages', () => {
  it("keeps a vessel user's own vessel, voyage and track, and asks nothing more within the hour", async () => {
    const { db, loadPage } = await device('vessel');
    const own = (await db.getMeta('user'))?.ofcId as string;
    // The sync's own-vessel answer is the vessel page's data too: kept with its ETag, not asked for twice.
    const synced = await db.pageData.get(`vessel:${own}`);
    expect(synced?.data).toEqual(await db.getMeta('ownVessel'));
    expect(synced?.etag).toMatch(/^W\/"/);
    asked.length = 0;
    expect(await refreshFollowed(db, loadPage)).toBe(3);
    expect(asked.filter((p) => p.includes('/vessel/current'))).toEqual([]);
    expect(asked.length).toBe(2);
    expect(await keys(db)).toEqual([`cascade:${own}`, `track:${own}`, `vessel:${own}`]);
    asked.length = 0;
    await refreshFollowed(db, loadPage);
    expect(asked).toEqual([]);
  });

  it("downloads a vessel user's own vessel once, whether its page or the sync asks first", async () => {
    const { db, loadPage, sync, own } = await withoutOwnVessel();
    expect((await loadPage('vessel', own)).status).toBe('fetched');
    expect((await db.getMeta('ownVessel'))?.vslCd).toBe(own);
    expect((await db.syncState.get('ownVessel'))?.etag).toBe((await db.pageData.get(`vessel:${own}`))?.etag);
    expect(await runSync(db, sync.client)).toMatchObject({ error: null });
    expect(asked.filter((p) => p.includes('/vessel/current'))).toHaveLength(1);
  });

  it("keeps an agent's ports live and status, and everyone else's My Vessel", async () => {
    const agent = await device('agent');
    const ports = (await agent.db.myPorts.toArray()).map((p) => p.portCd);
    expect(ports.length).toBeGreaterThan(0);
    await refreshFollowed(agent.db, agent.loadPage);
    expect(await keys(agent.db)).toEqual(ports.flatMap((p) => [`portLive:${p}`, `portStatus:${p}`]).sort());
    const operator = await device('operator');
    await refreshFollowed(operator.db, operator.loadPage);
    expect(await keys(operator.db)).toEqual(['myVessels:operator']);
  });
});
