// The sync's own-vessel dataset and the vessel page are one answer (worker/sync/datasets.ts): a page opened while a
// pass runs brings it, and the pass does not ask the server for it a second time.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { QuayDb } from '../src/device/db.ts';
import { ApiClient } from '../src/device/net/api-client.ts';
import { TokenStore } from '../src/device/net/token.ts';
import { createPageLoader } from '../worker/page-data/load-page.ts';
import { runSync } from '../worker/sync/run-sync.ts';
import { signOnHttp } from './helpers/http-session.ts';
import { startTestServer, type TestServer } from './helpers/server.ts';

let s: TestServer;
let url: string;
beforeAll(async () => {
  s = await startTestServer();
  url = await s.listen();
});
afterAll(() => s.close());

describe("the own vessel's dataset", () => {
  it('is not asked for again when the vessel page brought it after the pass looked at what is due', async () => {
    const asked: string[] = [];
    await signOnHttp(url, 'vessel', (path) => void asked.push(path));
    const db = new QuayDb({ indexedDB: new IDBFactory(), IDBKeyRange });
    const client = new ApiClient(new TokenStore(db));
    const loadPage = createPageLoader({ db, client, isOnline: () => true });
    // The user opens the vessel page right after the pass read which datasets are due (the pull had just ended).
    const table = db.syncState;
    const toArray = table.toArray.bind(table);
    let opened = false;
    table.toArray = (async () => {
      const rows = await toArray();
      if (!opened) {
        opened = true;
        const user = await db.getMeta('user');
        await loadPage('vessel', user?.ofcId ?? '');
      }
      return rows;
    }) as typeof table.toArray;

    const result = await runSync(db, client);
    expect(result.error).toBeNull();
    expect(opened).toBe(true);
    // The page's request, and no second one from the pass: the dataset is the page's answer.
    expect(asked.filter((p) => p.endsWith('/vessel/current'))).toHaveLength(1);
    expect((await db.getMeta('ownVessel'))?.vslCd).toBe((await db.getMeta('user'))?.ofcId);
  });
});
