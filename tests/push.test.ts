// Web Push from the reference server (architecture.md#push-path, architecture.md#the-reference-server; product.md#push-subscription), against a push
// service of our own on loopback: the test plays the browser (a P-256 key pair and an auth secret, subscribed
// through the real API) and the push service (a node:http server that checks the VAPID and Web Push headers and
// decrypts the aes128gcm body with the subscription's keys, as the browser would).
import { createECDH, randomBytes, type ECDH } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import ece from 'http_ece';
import { importJWK, jwtVerify } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/server.ts';
import { parsePushPayload, type NotificationPush } from '../src/core/contract/push.ts';
import type { NotificationItem } from '../src/core/contract/notification.ts';
import { rng } from '../server/seed/rng.ts';
import { startSimulator } from '../server/simulator/index.ts';

const N = '/api/v2/app/notification';
const HOUR = 3_600_000;

// ---- the push service on loopback ----

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
  at: number;
}

let pushServer: Server;
let pushBase: string;
const received: Received[] = [];
/** What the push service answers per path (default 201 Created, as real ones do). */
const answers = new Map<string, number>();
/** Paths whose answer is held until released. */
const held = new Map<string, ServerResponse[]>();
const arrivals = new Set<() => void>();

function startPushService(): Promise<void> {
  pushServer = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks), at: performance.now() });
      for (const f of arrivals) f();
      res.statusCode = answers.get(path) ?? 201;
      const hold = held.get(path);
      if (hold) hold.push(res);
      else res.end();
    });
  });
  return new Promise((resolve) =>
    pushServer.listen(0, '127.0.0.1', () => {
      pushBase = `http://127.0.0.1:${(pushServer.address() as AddressInfo).port}`;
      resolve();
    }),
  );
}

/** PUSH_TIMING=1 prints how long pushes take. */
const timing = (line: string): void => {
  if (process.env.PUSH_TIMING) console.info(line);
};

const at = (path: string): Received[] => received.filter((r) => r.path === path);

/** Resolves when `path` has received `count` pushes; fails after `ms`. */
function waitForPush(path: string, count = 1, ms = 5000): Promise<Received[]> {
  return new Promise((resolve, reject) => {
    const check = () => {
      const got = at(path);
      if (got.length < count) return false;
      arrivals.delete(check);
      clearTimeout(timer);
      resolve(got);
      return true;
    };
    const timer = setTimeout(() => {
      arrivals.delete(check);
      reject(new Error(`no push at ${path} within ${ms} ms (got ${at(path).length})`));
    }, ms);
    arrivals.add(check);
    check();
  });
}

// ---- the browser ----

interface Device {
  notDevId: string;
  path: string;
  ecdh: ECDH;
  subscription: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
}

/** A browser's PushSubscription: an uncompressed P-256 public key and a 16-byte auth secret, base64url. */
function browserDevice(notDevId: string, path: string): Device {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    notDevId,
    path,
    ecdh,
    subscription: {
      endpoint: `${pushBase}${path}`,
      expirationTime: null,
      keys: {
        p256dh: ecdh.getPublicKey().toString('base64url'),
        auth: randomBytes(16).toString('base64url'),
      },
    },
  };
}

async function subscribe(as: string, notDevId: string, path: string): Promise<Device> {
  const dev = browserDevice(notDevId, path);
  const res = await s.call('POST', `${N}/user/subscription`, {
    as,
    body: { notDevId, notSbscrYn: 'Y', subscription: dev.subscription },
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toEqual({ success: true, msg: 'Subscribed' });
  return dev;
}

/** What the service worker's push event would read: decrypted with the subscription's keys. */
function decryptAny(dev: Device, push: Received): ReturnType<typeof parsePushPayload> {
  expect(push.headers['content-encoding']).toBe('aes128gcm');
  const plain = ece.decrypt(push.body, {
    version: 'aes128gcm',
    privateKey: dev.ecdh,
    authSecret: dev.subscription.keys.auth,
  });
  return parsePushPayload(JSON.parse(plain.toString('utf8')));
}

/** decryptAny of a push that must be a notification's. */
function decrypt(dev: Device, push: Received): NotificationPush {
  const payload = decryptAny(dev, push);
  if (payload?.kind !== 'notification')
    throw new Error(`not a notification push: ${JSON.stringify(payload)}`);
  return payload;
}

// ---- the server ----

let s: TestServer;
let publicKey: string;

beforeAll(async () => {
  await startPushService();
  // The push service is this test's own, on loopback; push.example.test only has subscriptions saved, never sent to.
  s = await startTestServer({ pushLoopback: true, pushServices: ['push.example.test'] });
  publicKey = s.app.ctx.secrets.vapidPublicKey;
});
afterAll(async () => {
  await s.close();
  for (const list of held.values()) for (const res of list) res.end();
  await new Promise((res) => pushServer.close(res));
});
beforeEach(() => {
  answers.clear();
});

async function inject(body: { usrId: string; notId: string; vslCd?: string }): Promise<number[]> {
  const res = await s.call('POST', '/api/dev/notifications', { body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ notSeqs: number[] }>().notSeqs;
}

const list = async (as: string): Promise<NotificationItem[]> =>
  (await s.call('GET', `${N}/user/list`, { as })).json<{ notiList: NotificationItem[] }>().notiList;

const device = async (notDevId: string) =>
  (
    await s.db.query<{ not_sbscr_yn: string; subscription: unknown }>(
      'SELECT not_sbscr_yn, subscription FROM user_devices WHERE not_dev_id = $1',
      [notDevId],
    )
  )[0];

describe('GET /notification/push-key', () => {
  it('needs a token and gives the VAPID public key kept in the secrets, in the OpenAPI too', async () => {
    const anon = await s.call('GET', `${N}/push-key`);
    expect(anon.statusCode).toBe(401);
    expect(anon.json().name).toBe('AuthenticationError');
    const res = await s.call('GET', `${N}/push-key`, { as: 'vessel' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ publicKey });
    // An uncompressed P-256 point, as PushManager.subscribe() wants it.
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
    const doc = (await s.call('GET', '/api/docs/openapi.json')).json();
    const op = doc.paths['/api/v2/app/notification/push-key'].get;
    expect(op.security).toEqual([{ token: [] }]);
    expect(op.responses['200'].content['application/json'].schema.properties.publicKey.type).toBe('string');
  });
});

describe('subscription endpoints', () => {
  const keys = browserDevice('keys', '/keys').subscription.keys;
  const post = (endpoint: string) =>
    s.call('POST', `${N}/user/subscription`, {
      as: 'vessel',
      body: {
        notDevId: 'ep-check',
        notSbscrYn: 'Y',
        subscription: { endpoint, keys },
      },
    });

  it('outside production accepts https and loopback http with a port, and nothing else', async () => {
    for (const ok of ['https://push.example.test/a', 'http://127.0.0.1:9/a', 'http://localhost:8443/b'])
      expect((await post(ok)).statusCode, ok).toBe(200);
    for (const bad of [
      'http://push.example.test/a',
      'http://127.0.0.1/a',
      'http://10.0.0.1:80/a',
      'ftp://x/y',
    ]) {
      const res = await post(bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message).toContain('body.subscription.endpoint');
    }
    await post('https://push.example.test/a');
  });

  it('in production accepts https only', async () => {
    const prod = await startTestServer({ devApi: false, pushServices: ['push.example.test'] });
    try {
      const call = (endpoint: string) =>
        prod.call('POST', `${N}/user/subscription`, {
          as: 'vessel',
          body: {
            notDevId: 'ep-prod',
            notSbscrYn: 'Y',
            subscription: { endpoint, keys },
          },
        });
      expect((await call('https://push.example.test/a')).statusCode).toBe(200);
      const loop = await call('http://127.0.0.1:9/a');
      expect(loop.statusCode).toBe(400);
      expect(loop.json().message).toContain('body.subscription.endpoint');
    } finally {
      await prod.close();
    }
  });
});

describe('a new notification', () => {
  let phone: Device;
  beforeAll(async () => {
    // The subscription of the endpoint checks above is switched off: only loopback devices below.
    await s.db.query(`UPDATE user_devices SET not_sbscr_yn = 'N' WHERE not_dev_id = 'ep-check'`);
    phone = await subscribe('vessel', 'vessel-phone', '/push/vessel-phone');
  });

  it('reaches the subscribed device, signed with VAPID and decrypting to the list item and its text', async () => {
    const t0 = performance.now();
    const [notSeq] = await inject({ usrId: 'vessel', notId: 'N003', vslCd: 'QHZN' });
    const answered = performance.now();
    const [push] = await waitForPush(phone.path);
    if (!push || notSeq === undefined) throw new Error('no push');
    timing(
      `first: dev API answered in ${(answered - t0).toFixed(1)} ms; push received ${(push.at - t0).toFixed(1)} ms after the injection`,
    );

    // Web Push headers (RFC 8030) and VAPID (RFC 8292).
    expect(push.headers.ttl).toBe(String(24 * 3600));
    expect(push.headers.urgency).toBe('high');
    expect(push.headers['content-type']).toBe('application/octet-stream');
    const auth = /^vapid t=([^,]+), k=([A-Za-z0-9_-]+)$/.exec(push.headers.authorization ?? '');
    expect(auth?.[2]).toBe(publicKey);
    const raw = Buffer.from(publicKey, 'base64url');
    const key = await importJWK(
      {
        kty: 'EC',
        crv: 'P-256',
        x: raw.subarray(1, 33).toString('base64url'),
        y: raw.subarray(33, 65).toString('base64url'),
      },
      'ES256',
    );
    const { payload: claims } = await jwtVerify(auth?.[1] ?? '', key, { audience: pushBase });
    expect(claims.sub).toBe('mailto:ops@quay.example');
    expect(claims.exp).toBeGreaterThan(Date.now() / 1000);

    // The payload: exactly the item GET /notification/user/list gives, and the detail's text.
    const payload = decrypt(phone, push);
    expect(payload.item).toMatchObject({
      notSeq,
      notId: 'N003',
      vslCd: 'QHZN',
      usrId: 'vessel',
      notReadYn: 'N',
    });
    expect(payload.item).toEqual((await list('vessel')).find((i) => i.notSeq === notSeq));
    const detail = await s.call('GET', `${N}/user/detail?notSeq=${notSeq}`, { as: 'vessel' });
    const notMsg = detail.json().notiDetailResponse.list[0].notMsg as string;
    expect(notMsg.length).toBeGreaterThan(0);
    expect(payload.body).toBe(notMsg);
    await s.app.ctx.push.settled();
    expect(at(phone.path)).toHaveLength(1);
  });

  it('is sent with normal urgency for other types', async () => {
    const before = at(phone.path).length;
    const t0 = performance.now();
    const [notSeq] = await inject({ usrId: 'vessel', notId: 'N005', vslCd: 'QHZN' });
    const pushes = await waitForPush(phone.path, before + 1);
    const push = pushes[before];
    if (!push) throw new Error('no push');
    timing(`warm: push received ${(push.at - t0).toFixed(1)} ms after the injection`);
    expect(push.headers.urgency).toBe('normal');
    expect(decrypt(phone, push).item.notSeq).toBe(notSeq);
  });

  it('is not sent when the user has switched its type off', async () => {
    const off = await s.call('POST', `${N}/settings`, {
      as: 'vessel',
      body: { notId: 'N002', notUseYn: 'N' },
    });
    expect(off.json().notiSettingSaveResponse.success).toBe(true);
    const before = at(phone.path).length;
    await inject({ usrId: 'vessel', notId: 'N002', vslCd: 'QHZN' });
    await s.app.ctx.push.settled();
    expect(at(phone.path)).toHaveLength(before);
    // Switched on again, it is.
    await s.call('POST', `${N}/settings`, { as: 'vessel', body: { notId: 'N002', notUseYn: 'Y' } });
    const [notSeq] = await inject({ usrId: 'vessel', notId: 'N002', vslCd: 'QHZN' });
    const pushes = await waitForPush(phone.path, before + 1);
    expect(decrypt(phone, pushes[before] as Received).item.notSeq).toBe(notSeq);
  });

  it("is sent only to its own user's devices, and only when the user's list would show it", async () => {
    const agentPhone = await subscribe('operator', 'operator-phone', '/push/operator-phone');
    const before = at(phone.path).length;
    const [forOperator] = await inject({ usrId: 'operator', notId: 'N001', vslCd: 'QHZN' });
    // A vessel user sees only its own vessel's notifications: one about another vessel is not pushed either.
    const [otherVessel] = await inject({ usrId: 'vessel', notId: 'N001', vslCd: 'AHDS' });
    await s.app.ctx.push.settled();
    expect(at(phone.path)).toHaveLength(before);
    expect((await list('vessel')).some((i) => i.notSeq === otherVessel)).toBe(false);
    const [push] = at(agentPhone.path);
    expect(push && decrypt(agentPhone, push).item).toMatchObject({ notSeq: forOperator, usrId: 'operator' });
    expect(at(agentPhone.path)).toHaveLength(1);
    await s.db.query(`UPDATE user_devices SET not_sbscr_yn = 'N' WHERE not_dev_id = 'operator-phone'`);
  });

  it('removes a subscription the push service says is gone (410), and sends it nothing more', async () => {
    const gone = await subscribe('vessel', 'vessel-old-phone', '/push/gone');
    answers.set(gone.path, 410);
    const before = at(phone.path).length;
    await inject({ usrId: 'vessel', notId: 'N004', vslCd: 'QHZN' });
    await s.app.ctx.push.settled();
    expect(at(gone.path)).toHaveLength(1);
    expect(await device(gone.notDevId)).toEqual({ not_sbscr_yn: 'N', subscription: null });
    // The other device still got it; the next notification goes to it only.
    expect(at(phone.path)).toHaveLength(before + 1);
    await inject({ usrId: 'vessel', notId: 'N004', vslCd: 'QHZN' });
    await s.app.ctx.push.settled();
    expect(at(gone.path)).toHaveLength(1);
    expect(at(phone.path)).toHaveLength(before + 2);
  });

  it('removes a subscription on 404 too', async () => {
    const lost = await subscribe('vessel', 'vessel-lost-phone', '/push/lost');
    answers.set(lost.path, 404);
    await inject({ usrId: 'vessel', notId: 'N006', vslCd: 'QHZN' });
    await s.app.ctx.push.settled();
    expect(at(lost.path)).toHaveLength(1);
    expect(await device(lost.notDevId)).toEqual({ not_sbscr_yn: 'N', subscription: null });
  });

  it('keeps a subscription when the push service fails otherwise (500), and tries again next time', async () => {
    const flaky = await subscribe('vessel', 'vessel-flaky-phone', '/push/flaky');
    answers.set(flaky.path, 500);
    await inject({ usrId: 'vessel', notId: 'N009', vslCd: 'QHZN' });
    await s.app.ctx.push.settled();
    expect(at(flaky.path)).toHaveLength(1);
    // (expirationTime is left out: the body schema's coercion stores a null as 0, a separate matter.)
    expect(await device(flaky.notDevId)).toMatchObject({
      not_sbscr_yn: 'Y',
      subscription: { endpoint: flaky.subscription.endpoint, keys: flaky.subscription.keys },
    });
    answers.delete(flaky.path);
    const [notSeq] = await inject({ usrId: 'vessel', notId: 'N009', vslCd: 'QHZN' });
    const pushes = await waitForPush(flaky.path, 2);
    expect(decrypt(flaky, pushes[1] as Received).item.notSeq).toBe(notSeq);
    await s.db.query(`UPDATE user_devices SET not_sbscr_yn = 'N' WHERE not_dev_id = $1`, [flaky.notDevId]);
  });

  it('does not hold up the answer of the call that created it while the push service is slow', async () => {
    const slow = await subscribe('vessel', 'vessel-slow-phone', '/push/slow');
    held.set(slow.path, []);
    // The answer comes while the push service still holds the push: inject would hang otherwise.
    await inject({ usrId: 'vessel', notId: 'N007', vslCd: 'QHZN' });
    await waitForPush(slow.path);
    // Received, not yet answered: the dev API had answered already.
    expect(held.get(slow.path)).toHaveLength(1);
    const settled = s.app.ctx.push.settled();
    for (const res of held.get(slow.path) ?? []) res.end();
    held.delete(slow.path);
    await settled;
    await s.db.query(`UPDATE user_devices SET not_sbscr_yn = 'N' WHERE not_dev_id = $1`, [slow.notDevId]);
  });
});

describe('the simulator', () => {
  it("pushes the notifications a tick creates to their users' devices after the tick commits", async () => {
    // Only the devices below are subscribed: one per user, all on loopback.
    await s.db.query(`UPDATE user_devices SET not_sbscr_yn = 'N'`);
    const keys = browserDevice('sim', '/sim');
    await s.db.query(
      `INSERT INTO user_devices (not_dev_id, usr_id, not_sbscr_yn, subscription)
       SELECT 'sim-' || usr_id, usr_id, 'Y',
              jsonb_build_object('endpoint', $1::text || '/sim/' || usr_id, 'keys', $2::jsonb)
         FROM users`,
      [pushBase, JSON.stringify(keys.subscription.keys)],
    );
    const tickAt = new Date(s.seedNow.getTime() + 6 * HOUR);
    let ticked = false;
    const errors: object[] = [];
    const sawTick = (_o: object, msg?: string) => void (msg === 'simulator tick' && (ticked = true));
    const sim = startSimulator(s.db, {
      tickS: 3600,
      firstTickMs: 0,
      log: {
        info: sawTick,
        debug: sawTick,
        error: (o: object) => void errors.push(o),
      },
      rng: rng('push-test', 1),
      clock: () => tickAt,
    });
    const deadline = Date.now() + 20_000;
    while (!ticked && Date.now() < deadline) await new Promise((res) => setTimeout(res, 10));
    await sim.stop();
    expect(ticked).toBe(true);
    expect(errors).toEqual([]);
    await s.app.ctx.push.settled();

    const created = await s.db.query<{ not_seq: number; usr_id: string }>(
      'SELECT not_seq, usr_id FROM notifications WHERE cre_dt = $1 ORDER BY not_seq',
      [tickAt.toISOString()],
    );
    expect(created.length).toBeGreaterThan(0);
    const device = { ...keys, path: '' };
    // The tick's chat lines are pushed too (to members away), through the same path: only notifications count here.
    const got = received
      .filter((r) => r.path.startsWith('/sim/'))
      .map((r) => ({ usrId: r.path.slice('/sim/'.length), payload: decryptAny(device, r) }))
      .flatMap(({ usrId, payload }) =>
        payload?.kind === 'notification' ? [{ usrId, item: payload.item }] : [],
      );
    expect(got.every((g) => g.item.usrId === g.usrId)).toBe(true);
    expect(got.map((g) => g.item.notSeq).sort((a, b) => a - b)).toEqual(created.map((c) => c.not_seq));
    timing(
      `simulator: ${created.length} notifications of one tick pushed to ${new Set(got.map((g) => g.usrId)).size} users`,
    );
  });
});
