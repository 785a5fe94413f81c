// Several instances on one PostgreSQL (docs/cluster.md): started together they migrate and seed once and share
// their keys; the simulator ticks once per interval across them and moves to another instance within 30 s when the
// one running it is killed, without a double tick; a connection to one instance keeps another from pushing to its
// user until the first one's heartbeat stops; /healthz says 503 when the database is down.
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boot } from '../../server/boot.ts';
import type { LiveBus } from '../../server/bus/bus.ts';
import { createInProcessBus } from '../../server/bus/in-process.ts';
import { startPostgres } from '../../server/cluster/postgres.ts';
import { freePort, type Service } from '../../server/cluster/services.ts';
import { testConfig } from '../../server/config.ts';
import type { App } from '../../server/context.ts';
import { openDb, type Db } from '../../server/db/db.ts';
import type { PushSend } from '../../server/push/service.ts';
import { frame, Peer } from '../helpers/stomp-peer.ts';

const TICK_S = 1;
const HEARTBEAT_S = 1;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let pg: Service;
let url = '';
let db: Db;
const apps = new Set<App>();
const children = new Set<ChildProcess>();

beforeAll(async () => {
  pg = await startPostgres();
  const admin = await openDb({ databaseUrl: pg.url });
  await admin.query('CREATE DATABASE quay_jobs');
  await admin.close();
  const u = new URL(pg.url);
  u.pathname = '/quay_jobs';
  url = u.toString();
  db = await openDb({ databaseUrl: url });
});

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  for (const app of apps) await app.close();
  await db?.close();
  await pg?.stop();
});

/** An instance in this process, as `npm start` builds it, ready (its jobs try for the lock). */
async function instance(pushSend?: PushSend, bus?: LiveBus): Promise<App> {
  const app = await boot(
    testConfig({ databaseUrl: url, simulator: true, simTickS: TICK_S, heartbeatS: HEARTBEAT_S }),
    undefined,
    { ...(pushSend ? { pushSend } : {}), ...(bus ? { bus } : {}) },
  );
  apps.add(app);
  await app.ready();
  return app;
}

async function closeAll(): Promise<void> {
  for (const app of [...apps]) {
    apps.delete(app);
    await app.close();
  }
}

/** Signs on with the demo password on `app` and turns the session into a token, as the app does. */
async function tokenOf(app: App, usrId: string): Promise<string> {
  const login = await app.inject({ method: 'POST', url: '/sso/login', payload: { usrId, password: 'demo' } });
  const sid = login.cookies.find((c) => c.name === 'quay_sid')?.value ?? '';
  const body = (await app.inject({ url: '/IBP_REFRESH.do', cookies: { quay_sid: sid } })).json<{
    token: string;
  }>();
  return body.token;
}

interface Clock {
  ticks: number;
  at: number;
  by: string;
}

async function simClock(): Promise<Clock> {
  const [row] = await db.query<{ ticks: number; last_tick_at: Date | null; instance_id: string | null }>(
    'SELECT ticks, last_tick_at, instance_id FROM sim_clock WHERE id = 1',
  );
  return { ticks: row?.ticks ?? 0, at: row?.last_tick_at?.getTime() ?? 0, by: row?.instance_id ?? '' };
}

/** Every tick seen while `ms` pass (sampled more often than ticks come). */
async function watchTicks(ms: number, until?: (c: Clock) => boolean): Promise<Clock[]> {
  const seen: Clock[] = [await simClock()];
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    await sleep(50);
    const c = await simClock();
    if (c.ticks !== seen.at(-1)?.ticks) seen.push(c);
    if (until?.(c)) break;
  }
  return seen;
}

/** Each tick follows the one before it: one at a time, at least 9/10 of an interval apart. */
function expectOnePerInterval(seen: Clock[]): void {
  for (let i = 1; i < seen.length; i++) {
    const [a, b] = [seen[i - 1]!, seen[i]!];
    expect(b.ticks - a.ticks, `ticks ${a.ticks} → ${b.ticks}`).toBe(1);
    expect(b.at - a.at).toBeGreaterThanOrEqual(TICK_S * 900);
  }
}

/** `npm start` as its own process on the database, as one instance of several (killed with SIGKILL later). */
async function childInstance(): Promise<{ child: ChildProcess; port: number }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts', '--no-build'], {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      DATABASE_URL: url,
      DATA_DIR: ':memory:',
      PORT: String(port),
      HOST: '127.0.0.1',
      SIM_TICK_S: String(TICK_S),
      HEARTBEAT_S: String(HEARTBEAT_S),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.add(child);
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`the instance exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return { child, port };
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new Error('the instance did not start');
}

describe('several instances on one database', () => {
  it('started together, migrate and seed once and sign and push with the same keys', async () => {
    const [a, b, c] = await Promise.all([instance(), instance(), instance()]);
    const versions = await db.query<{ version: number; n: number }>(
      'SELECT version, count(*)::int AS n FROM schema_migrations GROUP BY version ORDER BY version',
    );
    expect(versions.map((v) => v.n)).toEqual(versions.map(() => 1));
    expect(versions.length).toBeGreaterThanOrEqual(5);
    // A token signed by one instance is good on the others, and each gives the same VAPID key.
    const token = await tokenOf(a!, 'vessel');
    const keys = new Set<string>();
    for (const app of [a!, b!, c!]) {
      const res = await app.inject({
        url: '/api/v2/app/notification/push-key',
        headers: { 'x-auth-token': token },
      });
      expect(res.statusCode).toBe(200);
      keys.add(res.json<{ publicKey: string }>().publicKey);
    }
    expect(keys.size).toBe(1);
  });

  it('ticks the simulator once per interval, on one instance', async () => {
    // The three instances of the test before lead or follow by now; ticks come from one of them.
    const first = await watchTicks(20_000, (c) => c.ticks > 0);
    expect(first.at(-1)!.ticks).toBeGreaterThan(0);
    const seen = await watchTicks(4500);
    expect(seen.length).toBeGreaterThanOrEqual(3);
    expectOnePerInterval(seen);
    expect(new Set(seen.map((s) => s.by)).size).toBe(1);
    await closeAll();
  });

  let child: ChildProcess;
  let childPort = 0;
  const byChild = (c: Clock) => c.by.includes(`:${child.pid}:`);
  let deciding: App;
  const sent: string[] = [];
  let chat: { msg_seq: number; usr_id: string };
  let followed: Clock[] = [];

  it('does not push a chat message to a user connected to another instance', async () => {
    // The child starts alone, so it takes the jobs; instances in this process join it and wait.
    ({ child, port: childPort } = await childInstance());
    const led = await watchTicks(30_000, byChild);
    expect(byChild(led.at(-1)!)).toBe(true);
    const pushSend: PushSend = async (sub) => void sent.push(sub.endpoint);
    deciding = await instance(pushSend);
    await instance(pushSend);

    // A member of a room other than the sender of its first message, with a subscribed device.
    [chat] = (await db.query<{ msg_seq: number; usr_id: string }>(
      `SELECT m.msg_seq, cm.usr_id FROM chat_messages m
         JOIN chat_members cm ON cm.room_id = m.room_id AND cm.usr_id <> m.sender
        ORDER BY m.msg_seq LIMIT 1`,
    )) as [{ msg_seq: number; usr_id: string }];
    await db.query(
      `INSERT INTO user_devices (not_dev_id, usr_id, not_sbscr_yn, subscription) VALUES ('cluster-test', $1, 'Y', $2)`,
      [chat.usr_id, JSON.stringify({ endpoint: 'https://push.example/c', keys: { p256dh: 'p', auth: 'a' } })],
    );
    const decide = async () => (await deciding.ctx.push.notifyChatMessage(chat.msg_seq, [chat.usr_id])).sent;
    // Away everywhere: pushed.
    expect(await decide()).toBe(1);

    // Connected to the child (with a token this instance signed): not pushed.
    const peer = await Peer.open(`ws://127.0.0.1:${childPort}/ws`);
    peer.send(
      frame('CONNECT', {
        'accept-version': '1.2',
        host: 'quay',
        'heart-beat': '0,0',
        'X-AUTH-TOKEN': await tokenOf(deciding, chat.usr_id),
      }),
    );
    expect((await peer.command('CONNECTED')).command).toBe('CONNECTED');
    expect(await waitFor(async () => ((await decide()) === 0 ? true : null))).toBe(true);
    followed = await watchTicks(2000);
    expect(followed.every(byChild)).toBe(true);
  });

  it('when the instance running the simulator is killed, moves it within 30 s without a double tick, and its sockets stop counting', async () => {
    child.kill('SIGKILL');
    const killedAt = Date.now();
    const after = await watchTicks(40_000, (c) => !byChild(c));
    const failoverMs = Date.now() - killedAt;
    expect(byChild(after.at(-1)!)).toBe(false);
    console.log(`failover: the next leader's first tick ${failoverMs} ms after the kill`);
    expect(failoverMs).toBeLessThan(30_000);
    const ticks = [...followed, ...after].filter((c, i, all) => i === 0 || c.ticks !== all[i - 1]!.ticks);
    expectOnePerInterval(ticks);
    // The killed instance's heartbeat is stale after three of them: its user counts as away again.
    const decide = async () => (await deciding.ctx.push.notifyChatMessage(chat.msg_seq, [chat.usr_id])).sent;
    expect(await waitFor(async () => ((await decide()) === 1 ? true : null), 15_000)).toBe(true);
  });

  it('takes an instance cut off from the broker out of the balancer, unless none reaches the broker', async () => {
    await closeAll();
    const reaches = { x: true, y: false };
    const x = await instance(undefined, { ...createInProcessBus(), ready: () => reaches.x });
    const y = await instance(undefined, { ...createInProcessBus(), ready: () => reaches.y });
    const health = async (app: App) => {
      const res = await app.inject('/healthz');
      return res.statusCode === 200 ? 'ok' : res.json<{ notReady: string[] }>().notReady.join();
    };
    expect(await health(x)).toBe('ok');
    expect(await health(y)).toBe('broker');
    // The broker is away for every instance (x says so with its next heartbeat): all stay in and serve HTTP.
    reaches.x = false;
    expect(await waitFor(async () => ((await health(y)) === 'ok' ? true : null))).toBe(true);
    expect(await health(x)).toBe('ok');
    reaches.x = true;
  });

  it('answers /healthz with 503 when the database is down', async () => {
    const [app] = [...apps];
    expect((await app!.inject('/healthz')).json()).toEqual({ status: 'ok' });
    await pg.stop();
    const res = await app!.inject('/healthz');
    expect(res.statusCode).toBe(503);
    expect(res.json<{ notReady: string[] }>().notReady).toEqual(['database']);
  });
});

async function waitFor<T>(probe: () => Promise<T | null>, ms = 10_000): Promise<T | null> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v !== null || Date.now() > deadline) return v;
    await sleep(100);
  }
}
