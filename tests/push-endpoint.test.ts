// Push endpoints reach only the public push services (architecture.md#push-endpoints): the allow-list and the
// keys at registration (per item and in a batched push), the address checks made on what DNS answers when a push
// connects (a resolver of the test's own maps an allowed name to non-public addresses), and the removal of
// subscriptions that can never be sent to.
import { createECDH, randomBytes } from 'node:crypto';
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { createServer, type AddressInfo, type Server } from 'node:net';
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/server.ts';
import {
  guardedAgent,
  guardedLookup,
  isLoopbackAddress,
  isPublicAddress,
  PushRefused,
  type ResolvedAddress,
  type Resolver,
} from '../server/push/address.ts';
import { defaultSend } from '../server/push/send.ts';
import { loadConfig } from '../server/config.ts';
import { SYNC_PUSH_PATH } from '../src/core/contract/sync.ts';

const N = '/api/v2/app/notification';

/** A browser's keys: an uncompressed P-256 public key and a 16-byte auth secret, base64url. */
function browserKeys(): { p256dh: string; auth: string } {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { p256dh: ecdh.getPublicKey('base64url'), auth: randomBytes(16).toString('base64url') };
}
const keys = browserKeys();
const vapidDetails = { subject: 'mailto:test@quay.example', ...webpush.generateVAPIDKeys() };

/** A resolver that answers every name with `addresses`, counting the names it was asked. */
function fakeResolver(...addresses: string[]): Resolver & { asked: string[] } {
  const asked: string[] = [];
  const resolve = async (hostname: string): Promise<ResolvedAddress[]> => {
    asked.push(hostname);
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return Object.assign(resolve, { asked });
}

let s: TestServer;
beforeAll(async () => {
  // The default PUSH_SERVICES, and no PUSH_LOOPBACK: as in production.
  s = await startTestServer();
});
afterAll(() => s.close());

describe('registration', () => {
  let n = 0;
  const subscribe = (endpoint: string, k: Record<string, unknown> = keys) =>
    s.call('POST', `${N}/user/subscription`, {
      as: 'agent',
      body: { notDevId: `ep-${++n}`, notSbscrYn: 'Y', subscription: { endpoint, keys: k } },
    });
  const stored = async () =>
    (await s.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM user_devices WHERE usr_id = 'agent'`))[0]
      ?.n;
  afterAll(() => s.db.query(`DELETE FROM user_devices WHERE usr_id = 'agent'`));

  it('takes the endpoints of the public push services, subdomains only under a "*." entry', async () => {
    for (const ok of [
      'https://fcm.googleapis.com/fcm/send/abc',
      'https://android.googleapis.com/gcm/send/abc',
      'https://updates.push.services.mozilla.com/wpush/v2/abc',
      'https://web.push.apple.com/QabC',
      'https://api.push.apple.com/3/device/abc',
      'https://wns2-par02p.notify.windows.com/w/?token=abc',
      // URL drops the scheme's own port: this is port 443.
      'https://fcm.googleapis.com:443/fcm/send/abc',
    ])
      expect((await subscribe(ok)).statusCode, ok).toBe(200);
  });

  it('refuses other hosts, plain http, another port and a user name, with a 400 that says why', async () => {
    const before = await stored();
    for (const [bad, why] of [
      ['https://push.example.com/x', 'push.example.com, which is not a push service'],
      ['https://notify.windows.com/x', 'not a push service'],
      ['https://evilnotify.windows.com/x', 'not a push service'],
      ['https://fcm.googleapis.com.evil.example/x', 'not a push service'],
      ['https://127.0.0.1/x', 'not a push service'],
      ['https://[::1]/x', 'not a push service'],
      ['https://fcm.googleapis.com:8443/x', 'port 443, not 8443'],
      ['https://fcm.googleapis.com:80/x', 'port 443, not 80'],
      ['https://user:pw@fcm.googleapis.com/x', 'user name or password'],
      ['https://user@fcm.googleapis.com/x', 'user name or password'],
      ['http://fcm.googleapis.com/x', 'https'],
      // Loopback over http only with PUSH_LOOPBACK.
      ['http://127.0.0.1:9/x', 'https'],
    ]) {
      const res = await subscribe(bad as string);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message, bad).toContain('body.subscription.endpoint');
      expect(res.json().message, bad).toContain(why);
    }
    expect(await stored()).toBe(before);
  });

  it('refuses keys that are not a P-256 point with a 16-byte auth secret', async () => {
    const point = Buffer.from(keys.p256dh, 'base64url');
    const offCurve = Buffer.from(point);
    offCurve[64] = (offCurve[64] ?? 0) ^ 1;
    const before = await stored();
    const p256dh = (text: string) => ({ ...keys, p256dh: text });
    const auth = (text: string) => ({ ...keys, auth: text });
    for (const [k, field, why] of [
      [p256dh(point.subarray(0, 64).toString('base64url')), 'p256dh', 'must be a P-256 public key: 65 bytes'],
      [
        p256dh(Buffer.concat([Buffer.from([5]), point.subarray(1)]).toString('base64url')),
        'p256dh',
        'the first 0x04',
      ],
      [p256dh(offCurve.toString('base64url')), 'p256dh', 'is not a point on the P-256 curve'],
      [p256dh(point.toString('base64').replace(/.$/, '+')), 'p256dh', 'in base64url'],
      [p256dh('BPk'), 'p256dh', '65 bytes'],
      [auth(randomBytes(15).toString('base64url')), 'auth', 'must be a 16-byte secret'],
      [auth(randomBytes(17).toString('base64url')), 'auth', 'must be a 16-byte secret'],
      [auth(`${randomBytes(15).toString('base64url')}!`), 'auth', 'in base64url'],
    ] as const) {
      const res = await subscribe('https://fcm.googleapis.com/fcm/send/k', k);
      expect(res.statusCode, why).toBe(400);
      expect(res.json().message, why).toContain(`body.subscription.keys.${field} `);
      expect(res.json().message, why).toContain(why);
    }
    expect(await stored()).toBe(before);
  });

  it('refuses the same in a batched push, for that operation alone', async () => {
    const op = (id: string, endpoint: string) => ({
      id,
      entity: `subscription:${id}`,
      method: 'POST',
      path: '/notification/user/subscription',
      body: { notDevId: id, notSbscrYn: 'Y', subscription: { endpoint, keys } },
    });
    const res = await s.call('POST', SYNC_PUSH_PATH, {
      as: 'agent',
      body: {
        ops: [
          op('batch-1', 'https://169.254.169.254:443/latest/meta-data'),
          op('batch-2', 'https://fcm.googleapis.com/fcm/send/batch'),
        ],
      },
    });
    const [refused, applied] = res.json<{ results: { outcome: string; status: number; body: unknown }[] }>()
      .results;
    expect(refused).toMatchObject({ outcome: 'refused', status: 400 });
    expect(JSON.stringify(refused?.body)).toContain('not a push service');
    expect(applied).toMatchObject({ outcome: 'applied', status: 200 });
  });
});

describe('the addresses a push connects to', () => {
  const NOT_PUBLIC = [
    '127.0.0.1',
    '10.0.0.1',
    '169.254.169.254',
    '::1',
    '::ffff:127.0.0.1',
    'fd00::1',
    '0.0.0.0',
    '100.64.0.1',
    '172.16.5.4',
    '192.168.1.1',
    '198.18.0.1',
    '224.0.0.1',
    '255.255.255.255',
    '::',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '::127.0.0.1',
    'fe80::1',
    'fe80::1%eth0',
    'ff02::1',
    '64:ff9b::7f00:1',
    '64:ff9b::10.0.0.1',
    '64:ff9b:1::1',
    '2002:7f00:1::1',
    '2001::1',
    '2001:db8::1',
    'not an address',
  ];
  const PUBLIC = [
    '8.8.8.8',
    '142.250.185.10',
    '2607:f8b0:4004:800::200e',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
  ];

  it('takes public addresses only, IPv4 inside IPv6 judged as IPv4', () => {
    for (const a of NOT_PUBLIC) expect(isPublicAddress(a), a).toBe(false);
    for (const a of PUBLIC) expect(isPublicAddress(a), a).toBe(true);
  });

  it('keeps only the public addresses of a name, and refuses it when none is', async () => {
    const lookup = (resolve: Resolver) =>
      new Promise<unknown>((done) => {
        guardedLookup(isPublicAddress, resolve)('push.test', { all: true }, (err, addresses) =>
          done(err ?? addresses),
        );
      });
    expect(await lookup(fakeResolver('127.0.0.1', '8.8.8.8', 'fd00::1'))).toEqual([
      { address: '8.8.8.8', family: 4 },
    ]);
    expect(await lookup(fakeResolver('10.0.0.1', '::1'))).toBeInstanceOf(PushRefused);
  });

  describe('a name that resolves to a non-public address', () => {
    let tcp: Server;
    let connections = 0;
    let port = 0;
    beforeAll(async () => {
      // What a service on the machine or the network would be: it counts who connects.
      tcp = createServer((socket) => {
        connections++;
        socket.destroy();
      });
      await new Promise<void>((r) => tcp.listen(0, '127.0.0.1', r));
      port = (tcp.address() as AddressInfo).port;
    });
    afterAll(() => new Promise((r) => tcp.close(r)));

    const push = (endpoint: string, agent = guardedAgent(isPublicAddress, fakeResolver('127.0.0.1'))) =>
      webpush.sendNotification({ endpoint, keys }, 'x', { vapidDetails, agent, timeout: 5000 });

    it('is not connected to, whatever the address', async () => {
      for (const address of [
        '127.0.0.1',
        '10.0.0.1',
        '169.254.169.254',
        '::1',
        '::ffff:127.0.0.1',
        'fd00::1',
      ]) {
        const resolver = fakeResolver(address);
        const err = await push(`https://push.test:${port}/x`, guardedAgent(isPublicAddress, resolver)).catch(
          (e: unknown) => e,
        );
        expect(err, address).toBeInstanceOf(PushRefused);
        expect(resolver.asked).toEqual(['push.test']);
      }
      // Nor when the endpoint names the address itself (Node connects to it without a lookup).
      expect(await push(`https://127.0.0.1:${port}/x`).catch((e: unknown) => e)).toBeInstanceOf(PushRefused);
      expect(connections).toBe(0);
      // The count works: let loopback through and the same push connects.
      await push(
        `https://push.test:${port}/x`,
        guardedAgent(isLoopbackAddress, fakeResolver('127.0.0.1')),
      ).catch(() => undefined);
      expect(connections).toBe(1);
    });

    it("is refused by the server's sender, for a host the allow-list takes", async () => {
      const resolver = fakeResolver('169.254.169.254');
      const send = defaultSend({ services: ['push.test'], loopback: false }, resolver);
      const err = await send({ endpoint: 'https://push.test/x', keys }, 'x', { vapidDetails }).catch(
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(PushRefused);
      expect(String(err)).toContain('169.254.169.254: not a public address');
      expect(resolver.asked).toEqual(['push.test']);
    });
  });
});

describe('PUSH_LOOPBACK', () => {
  it('is refused in production, and PUSH_SERVICES takes host names only', () => {
    expect(loadConfig({ PUSH_LOOPBACK: 'on' }).pushLoopback).toBe(true);
    expect(loadConfig({}).pushLoopback).toBe(false);
    expect(() => loadConfig({ PUSH_LOOPBACK: 'on', APP_ENV: 'production' })).toThrow(/PUSH_LOOPBACK/);
    expect(() => loadConfig({ PUSH_LOOPBACK: 'on', NODE_ENV: 'production' })).toThrow(/PUSH_LOOPBACK/);
    expect(loadConfig({ PUSH_SERVICES: 'Push.Example.com, *.push.example.net' }).pushServices).toEqual([
      'push.example.com',
      '*.push.example.net',
    ]);
    for (const bad of ['10.0.0.1', '*', 'push.example.com:8443', 'https://push.example.com', '*.'])
      expect(() => loadConfig({ PUSH_SERVICES: bad }), bad).toThrow(/PUSH_SERVICES/);
  });
});

describe('a subscription whose pushes can never be sent', () => {
  let p: TestServer;
  let service: HttpServer;
  let base = '';
  const received: string[] = [];
  /** What the push service answers per path (default 201). */
  const answers = new Map<string, number>();
  beforeAll(async () => {
    service = createHttpServer((req, res) => {
      received.push(req.url ?? '');
      req.resume();
      res.statusCode = answers.get(req.url ?? '') ?? 201;
      res.end();
    });
    await new Promise<void>((r) => service.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(service.address() as AddressInfo).port}`;
    // localhost is allowed as a host here, so that its addresses (loopback) are what refuses it.
    p = await startTestServer({ pushLoopback: true, pushServices: ['localhost', 'push.example.test'] });
  });
  afterAll(async () => {
    await p.close();
    await new Promise((r) => service.close(r));
  });

  /** Saves a subscription as a server of before this rule might have (no check). */
  const saveRaw = (notDevId: string, endpoint: string, k: object = keys) =>
    p.db.query(
      `INSERT INTO user_devices (not_dev_id, usr_id, not_sbscr_yn, subscription) VALUES ($1, 'vessel', 'Y', $2::text::jsonb)`,
      [notDevId, JSON.stringify({ endpoint, keys: k })],
    );
  const device = async (notDevId: string) =>
    (
      await p.db.query<{ not_sbscr_yn: string; subscription: unknown }>(
        'SELECT not_sbscr_yn, subscription FROM user_devices WHERE not_dev_id = $1',
        [notDevId],
      )
    )[0];

  it('is removed when refused here; one the push service fails transiently is kept', async () => {
    const registered = await p.call('POST', `${N}/user/subscription`, {
      as: 'vessel',
      body: {
        notDevId: 'to-loopback',
        notSbscrYn: 'Y',
        subscription: { endpoint: 'https://localhost/x', keys },
      },
    });
    expect(registered.statusCode, registered.body).toBe(200);
    await saveRaw('host-dropped', 'https://push.example.com/x');
    await saveRaw('bad-keys', `${base}/bad-keys`, { p256dh: 'BPk', auth: 'xyz' });
    await saveRaw('busy', `${base}/busy`);
    await saveRaw('limited', `${base}/limited`);
    await saveRaw('fine', `${base}/fine`);
    answers.set('/busy', 503);
    answers.set('/limited', 429);

    const made = await p.call('POST', '/api/dev/notifications', {
      body: { usrId: 'vessel', notId: 'N004', vslCd: 'QHZN' },
    });
    expect(made.statusCode, made.body).toBe(200);
    await p.app.ctx.push.settled();

    for (const gone of ['to-loopback', 'host-dropped', 'bad-keys'])
      expect(await device(gone), gone).toEqual({ not_sbscr_yn: 'N', subscription: null });
    for (const kept of ['busy', 'limited', 'fine'])
      expect((await device(kept))?.not_sbscr_yn, kept).toBe('Y');
    expect(received.sort()).toEqual(['/busy', '/fine', '/limited']);
  });
});
