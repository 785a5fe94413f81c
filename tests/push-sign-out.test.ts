// Web Push follows the person, not the device (architecture.md#sign-out): a session that signs out, at once or told
// later with the token it had at sea, takes the device's push subscription with it, so the first user's
// notifications stop reaching the device the next user holds; the next user registers the same browser for
// themselves; a sign-out told twice does no harm. Against a push service of our own on loopback.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/server.ts';
import { pushesAfterNotifying, startPushSink, type PushSink } from './helpers/push-sink.ts';

const N = '/api/v2/app/notification';

let s: TestServer;
let sink: PushSink;

beforeAll(async () => {
  sink = await startPushSink();
  s = await startTestServer({ pushLoopback: true });
});
afterAll(async () => {
  await s.close();
  await sink?.close();
});

/** A fresh session of the user, as the app holds it: its token. */
async function signOn(usrId: string): Promise<string> {
  const login = await s.app.inject({
    method: 'POST',
    url: '/sso/login',
    payload: { usrId, password: 'demo' },
  });
  const sid = login.cookies.find((c) => c.name === 'quay_sid')?.value ?? '';
  const refresh = await s.app.inject({ method: 'GET', url: '/IBP_REFRESH.do', cookies: { quay_sid: sid } });
  const token = refresh.json<{ token?: string }>().token;
  if (!token) throw new Error(`sign-on of ${usrId} failed`);
  return token;
}

async function subscribe(
  token: string,
  notDevId: string,
  subscription: ReturnType<PushSink['subscriptionAt']>,
) {
  const res = await s.call('POST', `${N}/user/subscription`, {
    token,
    body: { notDevId, notSbscrYn: 'Y', subscription },
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** Signs out as the app does, with the token and no cookie (a sign-out told later goes so). */
const signOut = (token: string, query: string) =>
  s.call('GET', `/IBP_REFRESH.do?f_cmd=11${query}`, { token, headers: { 'sec-fetch-site': 'same-origin' } });

const owner = async (notDevId: string) =>
  (
    await s.db.query<{ usr_id: string }>('SELECT usr_id FROM user_devices WHERE not_dev_id = $1', [notDevId])
  )[0]?.usr_id ?? null;

describe('a sign-out drops the device’s push subscription', () => {
  it('at once: the master’s pushes stop reaching the device, and the next user registers it', async () => {
    const sub = sink.subscriptionAt('/bridge-tablet');
    const master = await signOn('vessel');
    await subscribe(master, 'bridge-tablet', sub);
    expect(await pushesAfterNotifying(s, sink, 'vessel', '/bridge-tablet')).toBe(1);

    const out = await signOut(master, '&notDevId=bridge-tablet');
    expect(out.statusCode, out.body).toBe(200);
    expect(await owner('bridge-tablet')).toBeNull();
    expect(await pushesAfterNotifying(s, sink, 'vessel', '/bridge-tablet')).toBe(0);

    // The browser still holds its subscription: the next user saves it, and the device is theirs.
    const next = await signOn('operator');
    await subscribe(next, 'bridge-tablet', sub);
    const device = await s.call('POST', `${N}/user/logged-user`, {
      token: next,
      body: { notDevId: 'bridge-tablet' },
    });
    expect(device.statusCode, device.body).toBe(200);
    expect(await owner('bridge-tablet')).toBe('operator');
    expect(await pushesAfterNotifying(s, sink, 'operator', '/bridge-tablet')).toBe(1);
    expect(await pushesAfterNotifying(s, sink, 'vessel', '/bridge-tablet')).toBe(0);
  });

  it('told later from sea, and twice: the next user’s device stays theirs', async () => {
    const sub = sink.subscriptionAt('/crew-phone');
    const master = await signOn('vessel');
    await subscribe(master, 'crew-phone', sub);
    // At sea the master signs out; the next user signs on and saves the browser's subscription before the server
    // hears of it, in the other order the second time.
    const next = await signOn('operator');
    await subscribe(next, 'crew-phone', sub);
    for (let i = 0; i < 2; i++) {
      const out = await signOut(master, '&notDevId=crew-phone');
      expect(out.statusCode, out.body).toBe(200);
      expect(out.json()).toEqual({ Result: 'Ok' });
      expect(await owner('crew-phone')).toBe('operator');
    }
    expect(await pushesAfterNotifying(s, sink, 'operator', '/crew-phone')).toBe(1);
    expect(await pushesAfterNotifying(s, sink, 'vessel', '/crew-phone')).toBe(0);
  });

  it('told later while the device is still the master’s: it goes', async () => {
    const master = await signOn('vessel');
    await subscribe(master, 'wheelhouse', sink.subscriptionAt('/wheelhouse'));
    expect((await signOut(master, '&notDevId=wheelhouse')).statusCode).toBe(200);
    expect(await owner('wheelhouse')).toBeNull();
    expect(await pushesAfterNotifying(s, sink, 'vessel', '/wheelhouse')).toBe(0);
  });

  it('refuses a device ID that is no text with a 400 naming it', async () => {
    const master = await signOn('vessel');
    const res = await signOut(master, '&notDevId=');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('notDevId');
  });
});
