// My devices (product.md#my-devices) against the real server: a user's sessions listed as its devices, with their
// words, push state and last seen; one signed out from another (its token refused, its socket closed, its push
// subscription gone, the audit log told, the refresh saying why); another user's device and bad ids refused.
import { createECDH, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/server.ts';
import { frame, Peer } from './helpers/stomp-peer.ts';
import { LAST_SEEN_EVERY_MS } from '../server/auth/devices.ts';

const DEVICES = '/api/v2/app/common/my-devices';
const N = '/api/v2/app/notification';
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

let s: TestServer;
let wsUrl = '';
const peers: Peer[] = [];

beforeAll(async () => {
  s = await startTestServer({ pushLoopback: true });
  wsUrl = `${(await s.listen()).replace(/^http/, 'ws')}/ws`;
});
afterAll(async () => {
  for (const p of peers) p.ws.close();
  await s.close();
});

interface Session {
  sid: string;
  token: string;
}

/** A fresh session of the user from a browser that says `userAgent`, as the sign-on form makes one. */
async function signOn(usrId: string, userAgent: string): Promise<Session> {
  const login = await s.app.inject({
    method: 'POST',
    url: '/sso/login',
    headers: { 'user-agent': userAgent },
    payload: { usrId, password: 'demo' },
  });
  const sid = login.cookies.find((c) => c.name === 'quay_sid')?.value ?? '';
  const token = (await refresh(sid)).token;
  if (!token) throw new Error(`sign-on of ${usrId} failed`);
  return { sid, token };
}

async function refresh(sid: string): Promise<{ Result: string; token?: string; reason?: string }> {
  const res = await s.app.inject({ method: 'GET', url: '/IBP_REFRESH.do', cookies: { quay_sid: sid } });
  return res.json();
}

const list = async (token: string) => {
  const res = await s.call('GET', DEVICES, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ devices: { devId: string; current: boolean; device: string; push: string }[] }>().devices;
};

const signOut = (token: string, devId: string) =>
  s.call('POST', `${DEVICES}/${encodeURIComponent(devId)}/sign-out`, { token });

/** A browser's push subscription on a loopback push service (nothing listens: no push is sent here). */
function subscription() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint: `http://127.0.0.1:9/push/${randomBytes(4).toString('hex')}`,
    expirationTime: null,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
  };
}

async function connect(token: string): Promise<Peer> {
  const peer = await Peer.open(wsUrl);
  peers.push(peer);
  peer.send(frame('CONNECT', { 'accept-version': '1.2', host: 'localhost', 'X-AUTH-TOKEN': token }));
  const reply = await peer.next((f) => f.command === 'CONNECTED' || f.command === 'ERROR');
  expect(reply.command, reply.headers.message).toBe('CONNECTED');
  return peer;
}

const lastSeen = async (sid: string): Promise<Date | null> =>
  (await s.db.query<{ at: Date | null }>('SELECT last_seen_at AS at FROM sessions WHERE sid = $1', [sid]))[0]
    ?.at ?? null;
/** Makes the session look unseen for a day, so that the next write shows. */
const forget = (sid: string) =>
  s.db.query(`UPDATE sessions SET last_seen_at = now() - interval '1 day' WHERE sid = $1`, [sid]);
const seenNow = async (sid: string) => Date.now() - ((await lastSeen(sid))?.getTime() ?? 0) < 60_000;

describe('my devices', () => {
  it('lists the caller’s sessions with their words and push state, and signs one out everywhere', async () => {
    const desk = await signOn('agent.rtm', ANDROID);
    const phone = await signOn('agent.rtm', IPHONE);
    // The phone registers the app's device and saves its push subscription; the desk registers only.
    for (const [session, notDevId] of [
      [phone, 'rtm-phone'],
      [desk, 'rtm-desk'],
    ] as const) {
      const reg = await s.call('POST', `${N}/user/logged-user`, { token: session.token, body: { notDevId } });
      expect(reg.statusCode, reg.body).toBe(200);
    }
    const sub = await s.call('POST', `${N}/user/subscription`, {
      token: phone.token,
      body: { notDevId: 'rtm-phone', notSbscrYn: 'Y', subscription: subscription() },
    });
    expect(sub.statusCode, sub.body).toBe(200);

    const res = await s.call('GET', DEVICES, { token: desk.token });
    // The session ids are the cookies' secrets: never in the answer.
    expect(res.body).not.toContain(desk.sid);
    expect(res.body).not.toContain(phone.sid);
    const devices = await list(desk.token);
    expect(devices).toHaveLength(2);
    expect(devices[0]).toMatchObject({ current: true, device: 'Chrome 126 on Android', push: 'off' });
    expect(devices[1]).toMatchObject({
      current: false,
      device: 'Safari 17 on iPhone',
      method: 'password',
      push: 'on',
    });
    const phoneId = devices[1]?.devId ?? '';

    const socket = await connect(phone.token);
    const out = await signOut(desk.token, phoneId);
    expect(out.statusCode, out.body).toBe(200);

    // Its live connection closes, its token is refused, and its refresh says why.
    const err = await socket.command('ERROR');
    expect(err.headers.message).toMatch(/^401 .*Signed out/);
    expect((await s.call('GET', DEVICES, { token: phone.token })).statusCode).toBe(401);
    expect(await refresh(phone.sid)).toEqual({ Result: 'Fail', reason: 'signed-out-elsewhere' });
    // Its push subscription went with it; the desk's device stays.
    const rows = await s.db.query<{ not_dev_id: string }>(
      `SELECT not_dev_id FROM user_devices WHERE not_dev_id IN ('rtm-phone', 'rtm-desk')`,
    );
    expect(rows.map((r) => r.not_dev_id)).toEqual(['rtm-desk']);
    const audit = await s.db.query<{ actor: string; usr_id: string; detail: { device: string } }>(
      `SELECT actor, usr_id, detail FROM audit_log WHERE action = 'device.signed-out'`,
    );
    expect(audit).toEqual([
      {
        actor: 'agent.rtm',
        usr_id: 'agent.rtm',
        detail: expect.objectContaining({ device: 'Safari 17 on iPhone' }),
      },
    ]);
    expect((await list(desk.token)).map((d) => d.current)).toEqual([true]);
    // Signed out already: there is no such device any more.
    expect((await signOut(desk.token, phoneId)).statusCode).toBe(404);
  });

  it('refuses another user’s device with 404, and this device or a malformed id with 400', async () => {
    const mine = await signOn('agent.sha', ANDROID);
    const theirs = await signOn('co.qhzn', IPHONE);
    const theirId = (await list(theirs.token))[0]?.devId ?? '';
    const other = await signOut(mine.token, theirId);
    expect(other.statusCode, other.body).toBe(404);
    expect(await refresh(theirs.sid)).toMatchObject({ Result: 'Ok' });

    const own = await signOut(mine.token, (await list(mine.token))[0]?.devId ?? '');
    expect(own.statusCode).toBe(400);
    expect(own.json().message).toContain('log out');
    for (const bad of ['short', 'x'.repeat(40), 'a'.repeat(21) + '%']) {
      const res = await signOut(mine.token, bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message).toContain('devId');
    }
  });

  it('says a disabled user’s session ended for that reason', async () => {
    const master = await signOn('capt.prnr', ANDROID);
    await s.db.query(`UPDATE users SET disabled_at = now() WHERE usr_id = 'capt.prnr'`);
    expect(await refresh(master.sid)).toEqual({ Result: 'Fail', reason: 'disabled' });
    await s.db.query(`UPDATE users SET disabled_at = NULL WHERE usr_id = 'capt.prnr'`);
  });

  it('writes last seen at a refresh and a connect, and on calls once per few minutes', async () => {
    const desk = await signOn('capt.acrb', ANDROID);
    await forget(desk.sid);
    await refresh(desk.sid);
    expect(await seenNow(desk.sid)).toBe(true);

    await forget(desk.sid);
    await connect(desk.token);
    expect(await seenNow(desk.sid)).toBe(true);

    // This instance wrote it at the connect: a call within LAST_SEEN_EVERY_MS writes nothing.
    expect(LAST_SEEN_EVERY_MS).toBeGreaterThanOrEqual(60_000);
    await forget(desk.sid);
    await list(desk.token);
    expect(await seenNow(desk.sid)).toBe(false);

    // A session this instance has not written yet is written at its first call.
    const phone = await signOn('capt.acrb', IPHONE);
    await forget(phone.sid);
    await list(phone.token);
    expect(await seenNow(phone.sid)).toBe(true);
  });
});
