// Web Push across instances (issue 15): two instances on one PostgreSQL. A device subscribes through B with the key
// B gives it; a notification made through A is pushed by A, signed with the same VAPID key (the push service would
// refuse another one for this subscription) and readable with the device's keys.
import { createECDH, randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import ece from 'http_ece';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { boot } from '../../server/boot.ts';
import { startPostgres } from '../../server/cluster/postgres.ts';
import type { Service } from '../../server/cluster/services.ts';
import { testConfig } from '../../server/config.ts';
import type { App } from '../../server/context.ts';
import { parsePushPayload } from '../../src/core/contract/push.ts';

const N = '/api/v2/app/notification';

let pg: Service;
const apps: App[] = [];
let pushServer: Server;
let pushBase = '';
const received: { path: string; headers: IncomingHttpHeaders; body: Buffer }[] = [];

async function token(app: App, usrId: string): Promise<string> {
  const login = await app.inject({ method: 'POST', url: '/sso/login', payload: { usrId, password: 'demo' } });
  const sid = login.cookies.find((c) => c.name === 'quay_sid')?.value ?? '';
  const t = (await app.inject({ url: '/IBP_REFRESH.do', cookies: { quay_sid: sid } })).json<{
    token?: string;
  }>().token;
  if (!t) throw new Error(`no token for ${usrId}`);
  return t;
}

beforeAll(async () => {
  pushServer = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '/', headers: req.headers, body: Buffer.concat(chunks) });
      res.statusCode = 201;
      res.end();
    });
  });
  await new Promise<void>((resolve) => pushServer.listen(0, '127.0.0.1', resolve));
  pushBase = `http://127.0.0.1:${(pushServer.address() as AddressInfo).port}`;
  pg = await startPostgres();
  // Each instance as a machine of its own would be: no data folder shared, nothing in the environment but the
  // database (and the token key, which the instances must share to believe each other's tokens).
  const config = testConfig({
    databaseUrl: pg.url,
    tokenSecret: randomBytes(32).toString('base64url'),
    pushLoopback: true,
  });
  for (let i = 0; i < 2; i++) apps.push(await boot(config));
}, 120_000);

afterAll(async () => {
  for (const app of apps) await app.close();
  await pg?.stop();
  await new Promise((resolve) => pushServer?.close(resolve));
});

it('a push made by one instance reaches a device subscribed through another, with the key that one gave', async () => {
  const [a, b] = apps;
  if (!a || !b) throw new Error('two instances');
  const keyOf = async (app: App) =>
    (
      await app.inject({ url: `${N}/push-key`, headers: { 'x-auth-token': await token(app, 'vessel') } })
    ).json<{
      publicKey: string;
    }>().publicKey;
  const publicKey = await keyOf(b);
  expect(await keyOf(a)).toBe(publicKey);

  // The browser: a P-256 key pair and an auth secret, subscribed through B.
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16).toString('base64url');
  const path = `/device-${randomBytes(4).toString('hex')}`;
  const sub = await b.inject({
    method: 'POST',
    url: `${N}/user/subscription`,
    headers: { 'x-auth-token': await token(b, 'vessel') },
    payload: {
      notDevId: `dev-${randomBytes(4).toString('hex')}`,
      notSbscrYn: 'Y',
      subscription: {
        endpoint: `${pushBase}${path}`,
        expirationTime: null,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth },
      },
    },
  });
  expect(sub.statusCode, sub.body).toBe(200);

  // A notification made through A.
  const made = await a.inject({
    method: 'POST',
    url: '/api/dev/notifications',
    payload: { usrId: 'vessel', notId: 'N002' },
  });
  expect(made.statusCode, made.body).toBe(200);
  const until = Date.now() + 15_000;
  while (!received.some((r) => r.path === path) && Date.now() < until)
    await new Promise((r) => setTimeout(r, 50));
  const push = received.find((r) => r.path === path);
  if (!push) throw new Error('no push reached the device');

  // Signed with the key the device subscribed with (web-push's "vapid t=…, k=…"), and readable by the device.
  expect(String(push.headers.authorization)).toContain(`k=${publicKey}`);
  const plain = ece.decrypt(push.body, { version: 'aes128gcm', privateKey: ecdh, authSecret: auth });
  const payload = parsePushPayload(JSON.parse(plain.toString('utf8')));
  expect(payload?.kind).toBe('notification');
}, 60_000);
