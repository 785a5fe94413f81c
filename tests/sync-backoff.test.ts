// The sync timers against the real server behind a link the test cuts: failures back off exponentially (with
// jitter, here fixed) up to a cap, a pass that goes well returns to the slow timer fitted to the link (5 minutes on
// a cheap one, 15 on a metered one, with no live connection), and offline plans nothing.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { QuayDb } from '../src/device/db.ts';
import { TokenStore } from '../src/device/net/token.ts';
import { createSyncService, type SyncService } from '../worker/sync/service.ts';
import { memoryLocks } from '../src/device/locks.ts';
import { signOnHttp } from './helpers/http-session.ts';
import { startTestServer, type TestServer } from './helpers/server.ts';

let s: TestServer;
let sync: SyncService | undefined;
beforeAll(async () => {
  s = await startTestServer();
});
afterEach(() => sync?.stop());
afterAll(() => s.close());

describe('sync timers', () => {
  it('backs off exponentially up to the cap after failures, and plans nothing offline', async () => {
    let reachable = false;
    await signOnHttp(await s.listen(), 'vessel', {
      via: async (_request, send) => {
        if (!reachable) throw new TypeError('Failed to fetch');
        return send();
      },
    });
    const db = new QuayDb({ indexedDB: new IDBFactory(), IDBKeyRange });
    let metered = false;
    const now = 1_000_000;
    sync = createSyncService({
      db,
      tokens: new TokenStore(db),
      locks: memoryLocks(),
      isOnline: () => true,
      now: () => now,
      random: () => 0.5,
      linkMetered: () => metered,
      timing: { intervalMs: 300_000, meteredIntervalMs: 900_000, backoffMs: 10_000, maxBackoffMs: 60_000 },
    });
    sync.start();
    await sync.whenLeading();
    const delays: (number | null)[] = [];
    const next = async () => {
      const status = await sync!.getStatus();
      delays.push(status.nextAttemptAt === null ? null : status.nextAttemptAt - now);
      return status;
    };
    expect((await next()).lastError?.message).toMatch(/could not be reached/);
    for (let i = 0; i < 4; i += 1) {
      await sync.syncNow();
      await next();
    }
    expect(delays).toEqual([10_000, 20_000, 40_000, 60_000, 60_000]);

    reachable = true;
    await sync.syncNow();
    const ok = await next();
    expect(ok.lastError).toBeNull();
    expect(ok.lastSyncedAt).toBe(now);
    expect(delays.at(-1)).toBe(300_000);

    metered = true;
    await sync.engine.request();
    expect(delays.at(-1)).not.toBe(900_000);
    await next();
    expect(delays.at(-1)).toBe(900_000);

    await sync.setOnline(false);
    expect((await next()).nextAttemptAt).toBeNull();
  });
});
