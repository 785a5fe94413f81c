// A disabled user's live connections close on every instance (product.md#rules-of-user-administration): two servers
// in this process on one PostgreSQL and one RabbitMQ (Debian's, on loopback), the user's socket on B. Disabled
// through A's API, through `npm run admin` with AMQP_URL, and through `npm run admin` without it (the session sweep):
// each time the socket closes with 401, and the test prints how long it stayed open.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../server/context.ts';
import type { Service } from '../../server/cluster/services.ts';
import { frame, Peer } from '../helpers/stomp-peer.ts';
import { startInstances, type Instances } from '../helpers/instances.ts';
import { ADMIN_USER_DISABLE, ADMIN_USERS, adminPath } from '../../src/core/contract/api.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const PASSWORD = 'cluster-password-1';

let cluster: Instances;
let pg: Service;
let apps: App[] = [];
let wsUrl: string[] = [];
const peers: Peer[] = [];
const [A, B] = [0, 1];

function app(on: number): App {
  const a = apps[on];
  if (!a) throw new Error(`no instance ${on}`);
  return a;
}

/** A fresh session through A's sign-on form: its token (good on every instance: one key, one database). */
async function signOn(usrId: string, password: string): Promise<string> {
  const login = await app(A).inject({ method: 'POST', url: '/sso/login', payload: { usrId, password } });
  const sid = login.cookies.find((c) => c.name === 'quay_sid')?.value ?? '';
  const refresh = await app(A).inject({ method: 'GET', url: '/IBP_REFRESH.do', cookies: { quay_sid: sid } });
  const token = refresh.json<{ token?: string }>().token;
  if (!token) throw new Error(`no token for ${usrId}`);
  return token;
}

let staffToken = '';
async function asStaff(method: 'GET' | 'POST', url: string, body?: unknown) {
  staffToken ||= await signOn('staff', 'demo');
  return app(A).inject({
    method,
    url,
    headers: { 'x-auth-token': staffToken },
    ...(body === undefined ? {} : { payload: body as object }),
  });
}

/** A new vessel user of the demo's QHZN, signed on, its live socket on B. */
async function userOnB(usrId: string): Promise<Peer> {
  const made = await asStaff('POST', adminPath(ADMIN_USERS), {
    usrId,
    usrNm: usrId,
    usrTpCd: '4',
    vslCd: 'QHZN',
    password: PASSWORD,
  });
  expect(made.statusCode, made.body).toBe(201);
  const peer = await Peer.open(wsUrl[B] ?? '');
  peers.push(peer);
  const token = await signOn(usrId, PASSWORD);
  peer.send(
    frame('CONNECT', { 'accept-version': '1.2', host: 'quay', 'heart-beat': '0,0', 'X-AUTH-TOKEN': token }),
  );
  const reply = await peer.next((f) => f.command === 'CONNECTED' || f.command === 'ERROR');
  expect(reply.command, reply.headers.message).toBe('CONNECTED');
  return peer;
}

/** The socket's ERROR 401 and close; answers how long after t0 it closed (ms). */
async function closedAfter(peer: Peer, t0: number, ms: number): Promise<number> {
  const err = await peer.command('ERROR', ms);
  expect(err.headers.message).toMatch(/^401 .*Signed out/);
  const { at } = await peer.closed;
  return at - t0;
}

const cli = (args: string[], env: Record<string, string>) =>
  promisify(execFile)(process.execPath, ['--import', 'tsx', 'server/admin/cli.ts', ...args], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'silent', DATABASE_URL: pg.url, ...env },
  });

beforeAll(async () => {
  cluster = await startInstances(2);
  ({ pg, apps, wsUrl } = cluster);
});

afterAll(async () => {
  for (const p of peers) p.close();
  await cluster?.stop();
});

describe("a disabled user's socket on another instance", () => {
  it('closes when an administrator disables the user through A', async () => {
    const peer = await userOnB('mate.cluster');
    const t0 = performance.now();
    const res = await asStaff('POST', adminPath(ADMIN_USER_DISABLE, { usrId: 'mate.cluster' }));
    expect(res.statusCode, res.body).toBe(200);
    const ms = await closedAfter(peer, t0, 10_000);
    console.log(`disable through A's API to the socket's close on B: ${ms.toFixed(1)} ms`);
  });

  it('closes when `npm run admin` disables the user, telling the servers through RabbitMQ', async () => {
    const peer = await userOnB('bosun.cluster');
    const t0 = performance.now();
    const run = await cli(['disable', 'bosun.cluster'], { AMQP_URL: cluster.rabbit.url });
    const done = performance.now();
    expect(run.stderr).toMatch(/1 session\(s\) ended; the running servers were told/);
    const ms = await closedAfter(peer, t0, 60_000);
    console.log(
      `npm run admin -- disable, from its start (Node, tsx, database) to the socket's close on B: ${ms.toFixed(0)} ms ` +
        `(${(t0 + ms - done).toFixed(0)} ms after the command ended)`,
    );
  });

  it('closes at the next session sweep when `npm run admin` has no RabbitMQ to tell', async () => {
    const peer = await userOnB('cook.cluster');
    const t0 = performance.now();
    const run = await cli(['disable', 'cook.cluster'], { AMQP_URL: '' });
    const done = performance.now();
    expect(run.stderr).toMatch(
      /a running server closes the live connections it concerns at its next session sweep/,
    );
    const ms = await closedAfter(peer, t0, 60_000);
    console.log(
      `npm run admin -- disable without AMQP_URL, to the socket's close on B: ${ms.toFixed(0)} ms ` +
        `(${(t0 + ms - done).toFixed(0)} ms after the command ended; the sweep runs every 30 s)`,
    );
  });
});
