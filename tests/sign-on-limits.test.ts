// The sign-on limits with device cookies (architecture.md#sign-on-limits), over real HTTP against the real
// server: others' guessing does not lock the owner's device out, nor a crew out of its ship's one address.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/server.ts';

let s: TestServer;
let url: string;
beforeAll(async () => {
  s = await startTestServer();
  url = await s.listen();
});
afterAll(() => s.close());

/** A post of the sign-on form from an address (X-Forwarded-For: the test's peer is loopback, which is trusted). */
function signOn(
  base: string,
  usrId: string,
  password: string,
  opts: { address?: string; cookie?: string } = {},
) {
  return fetch(`${base}/sso/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': opts.address ?? '198.51.100.1',
      ...(opts.cookie ? { cookie: opts.cookie } : {}),
    },
    body: JSON.stringify({ usrId, password }),
    redirect: 'manual',
  });
}

/** The device cookie a sign-on set, as a browser sends it back (`name=value`), or undefined. */
const deviceCookieOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .find((c) => c.startsWith('quay_device='))
    ?.split(';')[0];

/** Signs on with the right password and returns the browser's device cookie. */
async function device(base: string, usrId: string, address = '198.51.100.2'): Promise<string> {
  const res = await signOn(base, usrId, 'demo', { address });
  expect(res.status).toBe(303);
  const cookie = deviceCookieOf(res);
  if (!cookie) throw new Error(`no device cookie for ${usrId}`);
  return cookie;
}

/** Wrong passwords from addresses of their own, as many clients of an attacker. */
async function flood(base: string, usrId: string, times: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < times; i++)
    statuses.push((await signOn(base, usrId, 'wrong', { address: `10.9.${i >> 8}.${i & 255}` })).status);
  return statuses;
}

describe('the device cookie', () => {
  it('is given on sign-on: HttpOnly, SameSite=Lax, sent to /sso/ only, for a year, and Secure in production', async () => {
    const res = await signOn(url, 'vessel', 'demo');
    expect(res.status).toBe(303);
    const set = res.headers.getSetCookie();
    // The session's cookie stays first, where a client reading one Set-Cookie looks for it.
    expect(set[0]).toMatch(/^quay_sid=/);
    const cookie = set.find((c) => c.startsWith('quay_device='));
    expect(cookie).toBeDefined();
    const attributes = (cookie ?? '').split(/;\s*/).slice(1);
    expect(attributes).toEqual(
      expect.arrayContaining(['Max-Age=31536000', 'Path=/sso/', 'HttpOnly', 'SameSite=Lax']),
    );
    expect(attributes).not.toContain('Secure');
    // Nothing to read in it but an opaque, signed value.
    expect(deviceCookieOf(res)).toMatch(/^quay_device=[\w-]+\.[\w-]{22}\.[\w-]{43}$/);

    const production = await startTestServer({ appEnv: 'production' });
    try {
      const there = await signOn(await production.listen(), 'vessel', 'demo');
      const secure = there.headers.getSetCookie().find((c) => c.startsWith('quay_device='));
      expect(secure?.split(/;\s*/)).toContain('Secure');
    } finally {
      await production.close();
    }
  });
});

describe('a flood of wrong passwords for one user ID', () => {
  it("locks out clients without the user's device cookie, with 429 and Retry-After, but not the owner's device", async () => {
    const own = await device(url, 'agent');
    expect(await flood(url, 'agent', 8)).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
    // The right password from a browser that never signed on as agent waits.
    const stranger = await signOn(url, 'agent', 'demo', { address: '198.51.100.3' });
    expect(stranger.status).toBe(429);
    expect(Number(stranger.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await stranger.text()).toContain('Too many attempts to sign on');
    expect(stranger.headers.getSetCookie()).toEqual([]);
    // The owner's device is judged on its own failures: none.
    const owner = await signOn(url, 'agent', 'demo', { cookie: own });
    expect(owner.status).toBe(303);
    expect(deviceCookieOf(owner)).toBeDefined();
  });

  it('counts a device cookie of another user, or a tampered one, as no device cookie', async () => {
    const own = await device(url, 'agent.sha');
    const others = await device(url, 'staff');
    expect(await flood(url, 'agent.sha', 5)).toEqual([401, 401, 401, 401, 401]);
    const [name, value = ''] = own.split('=');
    const [user, id, mac = ''] = value.split('.');
    const [, otherValue = ''] = others.split('=');
    const [, otherId, otherMac] = otherValue.split('.');
    const flipped = `${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`;
    for (const cookie of [
      others,
      `${name}=${user}.${id}.${flipped}`,
      // Another user's device ID and signature, with this user's name.
      `${name}=${user}.${otherId}.${otherMac}`,
      `${name}=${value}x`,
      `${name}=garbage`,
    ]) {
      const res = await signOn(url, 'agent.sha', 'demo', { cookie });
      expect(res.status, cookie).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect((await signOn(url, 'agent.sha', 'demo', { cookie: own })).status).toBe(303);
  });

  it('locks a device cookie out after ten failures with it, and only that device', async () => {
    const typist = await device(url, 'operator');
    const other = await device(url, 'operator', '198.51.100.4');
    for (let i = 0; i < 10; i++)
      expect((await signOn(url, 'operator', 'wrong', { cookie: typist })).status, `try ${i + 1}`).toBe(401);
    const locked = await signOn(url, 'operator', 'demo', { cookie: typist });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    // The user's other browser, and browsers without a device cookie, have their own counts.
    expect((await signOn(url, 'operator', 'demo', { cookie: other })).status).toBe(303);
    expect((await signOn(url, 'operator', 'demo', { address: '198.51.100.5' })).status).toBe(303);
  });
});

describe("one address shared by a ship's crew", () => {
  it("lets a second crew member sign on after another's 35 failures from the same address", async () => {
    const ship = '203.0.113.50';
    // One crew member's device posts wrong passwords over seven user IDs, five each: each ID is held, the ship is not.
    for (let i = 0; i < 35; i++)
      expect((await signOn(url, `crew${i % 7}`, 'wrong', { address: ship })).status, `try ${i + 1}`).toBe(
        401,
      );
    expect((await signOn(url, 'crew0', 'wrong', { address: ship })).status).toBe(429);
    expect((await signOn(url, 'viewer', 'demo', { address: ship })).status).toBe(303);
  });
});

describe('the limit of one address (SIGN_ON_ADDR_LIMIT)', () => {
  let small: TestServer;
  let smallUrl: string;
  beforeAll(async () => {
    small = await startTestServer({ signOnAddressLimit: 12 });
    smallUrl = await small.listen();
  });
  afterAll(() => small.close());

  it('holds an address that guesses over many user IDs, but not the devices that signed on before', async () => {
    const address = '192.0.2.44';
    const known = await device(smallUrl, 'staff', '198.51.100.6');
    for (let i = 0; i < 12; i++)
      expect((await signOn(smallUrl, `nobody${i}`, 'x', { address })).status, `try ${i + 1}`).toBe(401);
    const held = await signOn(smallUrl, 'staff', 'demo', { address });
    expect(held.status).toBe(429);
    expect(Number(held.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await signOn(smallUrl, 'staff', 'demo', { address, cookie: known })).status).toBe(303);
  });

  it('believes X-Forwarded-For only from a trusted (loopback) peer: a client cannot pick a new address per try', async () => {
    const attempt = (n: number, peer: string) =>
      small.app.inject({
        method: 'POST',
        url: '/sso/login',
        payload: { usrId: `stranger${n}`, password: 'x' },
        headers: { 'x-forwarded-for': `10.1.${n >> 8}.${n & 255}` },
        remoteAddress: peer,
      });
    for (let i = 0; i < 12; i++) expect((await attempt(i, '192.0.2.77')).statusCode).toBe(401);
    expect((await attempt(12, '192.0.2.77')).statusCode).toBe(429);
    // From a balancer on loopback each forwarded address counts for itself.
    for (let i = 100; i < 113; i++) expect((await attempt(i, '127.0.0.1')).statusCode).toBe(401);
  });
});
