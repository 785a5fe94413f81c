// Data saver against the real server in process: page views of the application history wait in the outbox (kept,
// not dropped) while it is on and go when the user asks (pull-to-refresh) or it goes off; the search index is not
// refreshed by a routine pass while it is on (a first index and pull-to-refresh still come); analytics wait.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { QuayDb } from '../src/device/db.ts';
import { ANALYTICS_PATH } from '../src/core/contract/analytics.ts';
import type { ApiClient } from '../src/device/net/api-client.ts';
import { drain } from '../src/device/outbox/drain.ts';
import { memoryLocks } from '../src/device/locks.ts';
import { HISTORY_PATH, type Commands } from '../worker/commands/commands.ts';
import { createAnalytics } from '../worker/analytics.ts';
import { runSync } from '../worker/sync/run-sync.ts';
import { openDevice } from './helpers/device.ts';
import { signOnHttp } from './helpers/http-session.ts';
import { startTestServer, type TestServer } from './helpers/server.ts';

let s: TestServer;
let paths: string[] = [];

beforeAll(async () => {
  s = await startTestServer();
  await signOnHttp(await s.listen(), 'vessel', (path) => paths.push(path));
});
afterAll(() => s.close());

let db: QuayDb;
let client: ApiClient;
let cmd: Commands;
const locks = memoryLocks();
const sea = (path: string) => ({ path, search: '', hostname: 'quay.example.com' });
/** Page views the server applied (its audit), whichever way they came: per-item calls or inside a push. */
const historyApplied = async () =>
  (
    await s.db.query<{ n: number }>('SELECT count(*)::int AS n FROM mutations WHERE path = $1', [
      HISTORY_PATH,
    ])
  )[0]?.n ?? 0;

beforeEach(async () => {
  paths = [];
  ({ db, client, cmd } = await openDevice(s));
});

describe('Data saver', () => {
  it('holds page views in the outbox while on; they go when the user asks, or once it is off', async () => {
    await db.setMeta('dataSaver', true);
    await cmd.recordVisit(sea('/vessel/QHZN'));
    await cmd.recordVisit(sea('/voyage'));
    const before = await historyApplied();
    const held = await drain(db, client, { locks });
    expect(held.applied).toBe(0);
    expect(paths).toEqual([]);
    expect(await db.outbox.where('entity').equals('history').count()).toBe(2);

    // Pull-to-refresh: the user asks.
    const asked = await drain(db, client, { locks, sendDeferred: true });
    expect(asked.applied).toBe(2);
    expect((await historyApplied()) - before).toBe(2);

    await cmd.recordVisit(sea('/notification'));
    await drain(db, client, { locks });
    expect(await db.outbox.count()).toBe(1);
    await db.setMeta('dataSaver', false);
    const off = await drain(db, client, { locks });
    expect(off.applied).toBe(1);
    expect(await db.outbox.count()).toBe(0);
  });

  it('leaves the routine refresh of the search index for later, not the first index nor pull-to-refresh', async () => {
    await db.setMeta('dataSaver', true);
    const index = '/api/v2/app/common/search-index';
    await runSync(db, client);
    expect(paths.filter((p) => p === index)).toHaveLength(1);
    paths = [];
    // A day and more later: due, but held.
    const later = () => Date.now() + 25 * 3600_000;
    await runSync(db, client, { now: later });
    expect(paths).toContain('/api/v2/app/sync/pull');
    expect(paths.filter((p) => p === index)).toEqual([]);
    await runSync(db, client, { now: later, full: true });
    expect(paths.filter((p) => p === index)).toHaveLength(1);
    await db.setMeta('dataSaver', false);
    paths = [];
    await runSync(db, client, { now: () => Date.now() + 50 * 3600_000 });
    expect(paths.filter((p) => p === index)).toHaveLength(1);
  });

  it('keeps analytics events waiting while on', async () => {
    let saver = true;
    const analytics = createAnalytics({
      client,
      isOnline: () => true,
      deferred: () => saver,
      setTimer: () => () => undefined,
    });
    analytics.track({ name: 'page_view', path: '/voyage' }, ANALYTICS_PATH);
    expect((await analytics.flush()).sent).toBe(0);
    expect(analytics.pending()).toBe(1);
    saver = false;
    expect((await analytics.flush()).sent).toBe(1);
    analytics.stop();
  });
});
