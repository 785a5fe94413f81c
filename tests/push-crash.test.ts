// A server killed in the middle of a push (architecture.md#applied-once): the real server as its own process on a data folder
// on disk, killed with SIGKILL while it applies a long batch, started again on the same folder; the device sends the
// batch again and the audit shows each operation applied once.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterAll, describe, expect, inject, it } from 'vitest';
import type { NotificationItem } from '../src/core/contract/notification.ts';
import { QuayDb } from '../src/device/db.ts';
import { memoryLocks } from '../src/device/locks.ts';
import { ApiClient } from '../src/device/net/api-client.ts';
import { checkLoggedUser } from '../src/device/net/checks.ts';
import { TokenStore } from '../src/device/net/token.ts';
import { drain, type DrainOptions } from '../src/device/outbox/drain.ts';
import { createCommands } from '../worker/commands/commands.ts';
import { openPglite } from '../server/db/pglite.ts';
import { signOnHttp } from './helpers/http-session.ts';
import { isPush, pushedCalls } from './helpers/push-wire.ts';

const N = '/api/v2/app/notification';
const children = new Set<ChildProcess>();
let dir = '';

afterAll(async () => {
  for (const child of children) await stop(child, 'SIGTERM');
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

function stop(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  children.delete(child);
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}

/** `npm start` as the operator runs it (no build, no simulator), on `dataDir`; resolves once it answers. */
async function startServer(dataDir: string, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts', '--no-build'], {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      SIMULATOR: 'off',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.add(child);
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the server did not start');
}

describe('a server killed in the middle of a push', () => {
  it('applies each operation once when the batch is sent again after a restart', async () => {
    dir = await mkdtemp(join(tmpdir(), 'quay-push-crash-'));
    // The seeded template, on disk where the server keeps its data (else the server seeds a new one itself).
    const template = inject('templateFile');
    if (template) {
      const db = await openPglite(join(dir, 'pglite'), new Blob([await readFile(template)]));
      await db.close();
    }
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    let server = await startServer(dir, port);

    /** What each push answered per operation, by id. */
    const outcomes = new Map<string, string[]>();
    await signOnHttp(url, 'vessel', {
      via: async ({ target, init }, send) => {
        const res = await send();
        if (isPush(target.pathname)) expect((await pushedCalls(init, res)).length).toBeGreaterThan(0);
        if (isPush(target.pathname) && res.ok) {
          const body = (await res.clone().json()) as { results: { id: string; outcome: string }[] };
          for (const r of body.results) outcomes.set(r.id, [...(outcomes.get(r.id) ?? []), r.outcome]);
        }
        return res;
      },
    });
    const dev = (path: string, body?: unknown) =>
      fetch(`${url}/api/dev${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        ...(body === undefined
          ? {}
          : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
      });

    const db = new QuayDb({ indexedDB: new IDBFactory(), IDBKeyRange });
    const client = new ApiClient(new TokenStore(db));
    const cmd = createCommands({ db, client, triggerDrain: () => undefined });
    const user = checkLoggedUser(await client.json('/api/v2/app/common/logged-user', (v) => v));
    if (!user) throw new Error('no user');
    await db.setMeta('user', user);
    const { notSeqs } = (await (
      await dev('/notifications', { usrId: 'vessel', notId: 'N002', count: 150 })
    ).json()) as {
      notSeqs: number[];
    };
    const list = await client.json(`${N}/user/list?limit=5000`, (v) => v as { notiList: NotificationItem[] });
    await db.notifications.bulkPut(list.notiList.filter((i) => notSeqs.includes(i.notSeq)));
    const opIds: string[] = [];
    for (const notSeq of notSeqs) opIds.push((await cmd.markRead(notSeq)).opId ?? '');
    const clientId = String(await db.getMeta('clientId'));
    const applied = async () =>
      ((await (await dev('/audit?usrId=vessel&limit=10000')).json()) as { idempotencyKey: string | null }[])
        .map((r) => r.idempotencyKey ?? '')
        .filter((k) => k.startsWith(`${clientId}:`));

    // Each read takes a while on the server, so the first push (100 operations) is long enough to be cut.
    await dev('/faults', { path: `${N}/user/read`, delayMs: 40, times: 10_000, usrId: 'vessel' });
    const opts: DrainOptions = { locks: memoryLocks(), backoff: { baseMs: 0, maxMs: 0 } };
    const cut = drain(db, client, opts);
    let before: string[] = [];
    for (let i = 0; i < 500 && before.length < 10; i++) {
      await new Promise((r) => setTimeout(r, 20));
      before = await applied();
    }
    await stop(server, 'SIGKILL');
    const first = await cut;
    expect(first).toMatchObject({ applied: 0, remaining: 150 });

    server = await startServer(dir, port);
    const survived = await applied();
    // Killed in the middle: some of the batch was committed, not all of it.
    expect(survived.length).toBeGreaterThanOrEqual(10);
    expect(survived.length).toBeLessThan(100);

    const again = await drain(db, client, { ...opts, retryNow: true });
    expect(again).toMatchObject({ applied: 150, refused: 0, remaining: 0 });
    const keys = await applied();
    expect(keys).toHaveLength(150);
    expect(new Set(keys)).toEqual(new Set(opIds));
    // What the server had committed before the kill came back as replays, applied nothing twice.
    for (const id of survived) expect(outcomes.get(id)).toEqual(['replayed']);
    expect(
      opIds.filter((id) => !survived.includes(id)).every((id) => outcomes.get(id)?.[0] === 'applied'),
    ).toBe(true);
    await stop(server, 'SIGTERM');
  }, 180_000);
});
