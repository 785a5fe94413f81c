// The sync timers without a server: failures back off exponentially (with jitter, here fixed) up to a cap, a pass
// that goes well returns to the slow timer, and offline plans nothing.
import { afterEach, describe, expect, it } from 'vitest';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { QuayDb } from '../src/core/db.ts';
import { configureHttp, httpConfig } from '../src/core/net/http.ts';
import { TokenStore } from '../src/core/net/token.ts';
import { createSyncService, type SyncService } from '../worker/sync/service.ts';
import { memoryLocks } from '../src/core/locks.ts';

const original = { ...httpConfig };
let sync: SyncService | undefined;
afterEach(() => {
  configureHttp(original);
  sync?.stop();
});

describe('sync timers', () => {
  it('backs off exponentially up to the cap after failures, and plans nothing offline', async () => {
    let reachable = false;
    configureHttp({
      base: 'https://quay.test',
      fetch: async () => {
        if (!reachable) throw new TypeError('Failed to fetch');
        return new Response(null, { status: 304, headers: { etag: '"same"' } });
      },
    });
    const db = new QuayDb({ indexedDB: new IDBFactory(), IDBKeyRange });
    await db.setMeta('token', 'a-token');
    const now = 1_000_000;
    sync = createSyncService({
      db,
      tokens: new TokenStore(db),
      locks: memoryLocks(),
      isOnline: () => true,
      now: () => now,
      random: () => 0.5,
      timing: { intervalMs: 300_000, backoffMs: 10_000, maxBackoffMs: 60_000 },
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

    await sync.setOnline(false);
    expect((await next()).nextAttemptAt).toBeNull();
  });
});
