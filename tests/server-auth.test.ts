// Sign-on, tokens and the guard: product.md#calls-in-general general behaviour and product.md#errors AuthenticationError, against the real server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { startTestServer, type TestServer } from './helpers/server.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

const USER = '/api/v2/app/common/logged-user';

async function signOn(usrId: string, password = 'demo', next?: string) {
  return s.app.inject({
    method: 'POST',
    url: '/sso/login',
    payload: { usrId, password, ...(next ? { next } : {}) },
  });
}

describe('sign-on page', () => {
  it('shows a form with usrId, password, a submit button and the demo users', async () => {
    const res = await s.app.inject('/sso/login?next=/voyage');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    for (const needle of [
      'name="usrId"',
      'name="password"',
      'type="submit"',
      'value="/voyage"',
      '<code>vessel</code>',
      '<code>agent</code>',
      '<code>staff</code>',
      // The app's icon, which the browser has already: without it, it fetches /favicon.ico (3 KB) on a paid link.
      '<link rel="icon" href="/favicon.svg"',
    ]) {
      expect(res.body).toContain(needle);
    }
  });

  it('signs on with a form post: HttpOnly cookie and a redirect to next', async () => {
    const res = await s.app.inject({
      method: 'POST',
      url: '/sso/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'usrId=agent&password=demo&next=%2Fport%2Flive',
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/port/live');
    const [session, mark] = res.cookies;
    // Sent to the token refresh only: no bytes on every other call, no other route acts on it.
    expect(session).toMatchObject({
      name: 'quay_sid',
      httpOnly: true,
      sameSite: 'Lax',
      path: '/IBP_REFRESH.do',
    });
    expect(session?.value).toMatch(/^[\w-]{20,}$/);
    // The fresh sign-on's mark: readable by the app (it waits for the server instead of showing a stored user),
    // naming nobody, lasting no longer than the session.
    expect(mark).toMatchObject({ name: 'quay_signed_on', value: '1', path: '/', maxAge: session?.maxAge });
    expect(mark?.httpOnly).toBeFalsy();
  });

  it('never redirects off-site', async () => {
    for (const next of ['//evil.example/x', 'https://evil.example/', '/\\evil.example']) {
      const res = await signOn('agent', 'demo', next);
      expect(res.headers.location).toBe('/');
    }
  });

  it('answers a wrong password with the form again and a clear message, and no cookie', async () => {
    const res = await signOn('vessel', 'nope');
    expect(res.statusCode).toBe(401);
    expect(res.body).toContain('role="alert"');
    expect(res.body).toContain('The user ID or password is not correct');
    expect(res.headers['set-cookie']).toBeUndefined();
    const unknown = await signOn('nobody');
    expect(unknown.statusCode).toBe(401);
  });

  it('rejects a malformed sign-on body with 400', async () => {
    const res = await s.app.inject({ method: 'POST', url: '/sso/login', payload: { usrId: 'x' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('password');
  });
});

// The device cookies and the address limit: tests/sign-on-limits.test.ts.
describe('sign-on under a flood of wrong passwords', () => {
  const from = (ip: string) => ({ remoteAddress: ip });

  it('answers 429 with Retry-After past five failures of a user ID, checks no password then, and lets other users in', async () => {
    const attempt = (usrId: string, password: string, ip = '198.51.100.7') =>
      s.app.inject({ method: 'POST', url: '/sso/login', payload: { usrId, password }, ...from(ip) });
    for (let i = 0; i < 5; i++) expect((await attempt('vessel2', 'wrong')).statusCode).toBe(401);
    // The sixth, even with the right password and from another address, waits.
    const limited = await attempt('vessel2', 'demo', '203.0.113.9');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.body).toContain('Too many attempts to sign on');
    expect(limited.headers['set-cookie']).toBeUndefined();
    // Another user from the same address is not held back by vessel2's failures.
    expect((await attempt('operator', 'demo')).statusCode).toBe(303);
  });

  it('checks a password off the event loop, an unknown user included', async () => {
    const { hashPassword, verifyPassword } = await import('../server/auth/password.ts');
    const stored = hashPassword('demo', 'salt');
    const order: string[] = [];
    const checks = [stored, null, stored, null].map((h) =>
      verifyPassword('wrong', h).then((ok) => order.push(ok ? 'ok' : 'refused')),
    );
    setImmediate(() => order.push('the loop ran'));
    await Promise.all(checks);
    // Hashing on the loop would have settled every check before the loop's next turn.
    expect(order[0]).toBe('the loop ran');
    expect(order.slice(1)).toEqual(['refused', 'refused', 'refused', 'refused']);
    expect(await verifyPassword('demo', stored)).toBe(true);
  });

  it('runs a few password checks at a time, makes the rest wait, and answers busy past a bounded queue', async () => {
    const { hashGate } = await import('../server/auth/hash-gate.ts');
    const gate = hashGate(2, 3);
    let running = 0;
    let most = 0;
    const releases: (() => void)[] = [];
    const check = () =>
      new Promise<string>((resolve) => {
        running++;
        most = Math.max(most, running);
        releases.push(() => {
          running--;
          resolve('checked');
        });
      });
    const runs = Array.from({ length: 6 }, () => gate.run(check));
    // Two run, three wait, the sixth is refused at once.
    expect(await runs[5]).toBeNull();
    for (let released = 0; released < 5; released++) {
      while (releases.length === 0) await new Promise((r) => setImmediate(r));
      releases.shift()?.();
    }
    expect(await Promise.all(runs.slice(0, 5))).toEqual(Array(5).fill('checked'));
    expect(most).toBe(2);
  });
});

describe('IBP_REFRESH.do', () => {
  it('turns a session into a signed token; without a session it answers Fail', async () => {
    expect((await s.app.inject('/IBP_REFRESH.do')).json()).toEqual({ Result: 'Fail' });
    expect((await s.app.inject({ url: '/IBP_REFRESH.do', cookies: { quay_sid: 'made-up' } })).json()).toEqual(
      { Result: 'Fail' },
    );
    const login = await signOn('vessel');
    const sid = login.cookies.find((c) => c.name === 'quay_sid')?.value ?? '';
    const body = (await s.app.inject({ url: '/IBP_REFRESH.do', cookies: { quay_sid: sid } })).json();
    expect(body.Result).toBe('Ok');
    expect(body.token.split('.')).toHaveLength(3);
    const me = await s.call('GET', USER, { token: body.token });
    expect(me.statusCode).toBe(200);
    expect(me.json().usrId).toBe('vessel');
  });

  it('logs out with f_cmd=11: the session ends and its tokens stop working', async () => {
    const login = await signOn('viewer');
    const sid = login.cookies.find((c) => c.name === 'quay_sid')?.value ?? '';
    const { token } = (await s.app.inject({ url: '/IBP_REFRESH.do', cookies: { quay_sid: sid } })).json();
    expect((await s.call('GET', USER, { token })).statusCode).toBe(200);
    const out = await s.app.inject({ url: '/IBP_REFRESH.do?f_cmd=11', headers: { 'x-auth-token': token } });
    expect(out.statusCode).toBe(200);
    // The browser drops the cookie: the clearing one names the path it was set for.
    expect(out.cookies.find((c) => c.name === 'quay_sid')).toMatchObject({
      value: '',
      path: '/IBP_REFRESH.do',
    });
    const after = await s.call('GET', USER, { token });
    expect(after.statusCode).toBe(401);
    expect(after.json().name).toBe('AuthenticationError');
    // The refresh says why there is no session: the app tells the user (product.md#token).
    expect((await s.app.inject({ url: '/IBP_REFRESH.do', cookies: { quay_sid: sid } })).json()).toEqual({
      Result: 'Fail',
      reason: 'ended',
    });
  });
});

describe('sign-out from another site', () => {
  it('refuses a sign-out with the cookie alone from another site, or with nothing showing it is this host (403)', async () => {
    const login = await signOn('agent');
    const sid = login.cookies.find((c) => c.name === 'quay_sid')?.value ?? '';
    const signOut = (headers: Record<string, string>) =>
      s.app.inject({ url: '/IBP_REFRESH.do?f_cmd=11', cookies: { quay_sid: sid }, headers });
    const live = async () =>
      (await s.app.inject({ url: '/IBP_REFRESH.do', cookies: { quay_sid: sid } })).json().Result;
    const refused: Record<string, string>[] = [
      // The browser says another site asks.
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { origin: 'https://evil.example' },
      // A link on another site in an older browser: a Referer alone. Or nothing at all said of where it comes from.
      { referer: 'https://evil.example/page' },
      { referer: 'not a url' },
      {},
      { 'sec-fetch-site': 'none' },
    ];
    for (const headers of refused) {
      const out = await signOut(headers);
      expect(out.statusCode, JSON.stringify(headers)).toBe(403);
      expect(out.json().message).toBe('Sign-out must come from the app itself');
      expect(out.headers['set-cookie']).toBeUndefined();
      expect(await live()).toBe('Ok');
    }
    // The app's own: the browser says same origin, or a Referer of this host (the request's Host is localhost:80).
    expect((await signOut({ 'sec-fetch-site': 'same-origin' })).statusCode).toBe(200);
    expect(await live()).toBe('Fail');
    const again = await signOn('agent');
    const sid2 = again.cookies.find((c) => c.name === 'quay_sid')?.value ?? '';
    const byReferer = await s.app.inject({
      url: '/IBP_REFRESH.do?f_cmd=11',
      cookies: { quay_sid: sid2 },
      headers: { referer: 'http://localhost/vessel' },
    });
    expect(byReferer.statusCode).toBe(200);
    expect((await s.app.inject({ url: '/IBP_REFRESH.do', cookies: { quay_sid: sid2 } })).json().Result).toBe(
      'Fail',
    );
  });

  it('signs out with the token and the cookie, with nothing said of where the request comes from', async () => {
    const login = await signOn('co.qhzn');
    const sid = login.cookies.find((c) => c.name === 'quay_sid')?.value ?? '';
    const { token } = (await s.app.inject({ url: '/IBP_REFRESH.do', cookies: { quay_sid: sid } })).json();
    const out = await s.app.inject({
      url: '/IBP_REFRESH.do?f_cmd=11',
      cookies: { quay_sid: sid },
      headers: { 'x-auth-token': token },
    });
    expect(out.statusCode).toBe(200);
    expect((await s.app.inject({ url: '/IBP_REFRESH.do', cookies: { quay_sid: sid } })).json().Result).toBe(
      'Fail',
    );
  });

  it('has no dev API in production, whether NODE_ENV or APP_ENV says so', async () => {
    const { loadConfig } = await import('../server/config.ts');
    expect(loadConfig({ APP_ENV: 'production' }).devApi).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production' }).devApi).toBe(false);
    expect(loadConfig({ APP_ENV: 'development' }).devApi).toBe(true);
  });
});

describe('token guard on /api/v2/app', () => {
  it('answers 401 AuthenticationError with no token', async () => {
    const res = await s.call('GET', USER);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ statusCode: 401, name: 'AuthenticationError' });
  });

  it('answers 401 JsonWebTokenError for a tampered token or one signed with another key', async () => {
    const good = await s.token('staff');
    const [h, p, sig] = good.split('.');
    const payload = JSON.parse(Buffer.from(p ?? '', 'base64url').toString());
    const forged = `${h}.${Buffer.from(JSON.stringify({ ...payload, sub: 'agent' })).toString('base64url')}.${sig}`;
    for (const token of [forged, 'garbage', `${h}.${p}.AAAA`]) {
      const res = await s.call('GET', USER, { token });
      expect(res.statusCode).toBe(401);
      expect(res.json().name).toBe('JsonWebTokenError');
    }
    const otherKey = await new SignJWT({ sid: payload.sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('staff')
      .setIssuer('quay')
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode('another-key-another-key-another-key'));
    expect((await s.call('GET', USER, { token: otherKey })).json().name).toBe('JsonWebTokenError');
  });

  it('answers 401 AuthenticationError for an expired token', async () => {
    const short = await startTestServer({ tokenTtlS: 1 });
    try {
      const token = await short.token('staff');
      expect((await short.call('GET', USER, { token })).statusCode).toBe(200);
      await new Promise((r) => setTimeout(r, 2100));
      const res = await short.call('GET', USER, { token });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({
        name: 'AuthenticationError',
        message: expect.stringContaining('expired'),
      });
    } finally {
      await short.close();
    }
  });
});
