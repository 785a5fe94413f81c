// Sign-ons through the OpenID provider that must not happen, each answered with a plain page that says why
// (architecture.md#signing-on-with-an-openid-provider): no rule admits the user, a disabled user, a callback whose
// state or nonce is not this browser's, a replayed one, a provider that is down; and the password form's refusals.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Browser,
  closedPort,
  quayOidc,
  startQuayWithProvider,
  type TestProvider,
} from './helpers/oidc-provider.ts';
import { startTestServer, type TestServer } from './helpers/server.ts';

const RULES = [{ when: { claim: 'groups', equals: 'quay-agents' }, type: '3', ports: ['SGSIN'] }];
const CALLBACK = '/sso/oidc/callback';

let idp: TestProvider;
let server: TestServer;
let base: string;

beforeAll(async () => {
  ({ idp, server, base } = await startQuayWithProvider(RULES));
});

afterAll(async () => {
  await server.close();
  await idp.close();
});

const intoApp = (to: URL) => to.origin === base && !to.pathname.startsWith('/sso/');
const atCallback = (to: URL) => to.origin === base && to.pathname === CALLBACK;
const atProvider = (to: URL) => to.origin === idp.issuer;

/** Signed on through the provider up to the callback, not taken: the callback's address. */
async function callbackOf(browser: Browser): Promise<string> {
  const { url } = await browser.follow(`${base}/sso/oidc/start?next=/port/live`, atCallback);
  expect(new URL(url).pathname).toBe(CALLBACK);
  return url;
}

const agent = (sub: string) => idp.signOnAs(sub, { preferred_username: sub, groups: ['quay-agents'] });
const usersNamed = (usrId: string) => server.db.query('SELECT 1 FROM users WHERE usr_id = $1', [usrId]);

describe('a provider user no rule admits', () => {
  it('is refused with a page that says why, and no user is made', async () => {
    idp.signOnAs('outsider', { preferred_username: 'outsider', groups: ['contractors'] });
    const { res } = await new Browser().follow(`${base}/sso/oidc/start`, intoApp);
    expect(res.status).toBe(403);
    const page = await res.text();
    expect(page).toContain('Your account has no access to Quay');
    expect(page).toContain('none of your groups gives access to Quay');
    expect(page).not.toMatch(/at \w+ \(|Error:/);
    expect(await usersNamed('outsider')).toHaveLength(0);
    const refused = await server.db.query(
      "SELECT actor, usr_id, detail->>'why' AS why FROM audit_log WHERE action = 'user.refused' AND detail->>'sub' = $1",
      ['outsider'],
    );
    expect(refused).toEqual([{ actor: 'sign-on', usr_id: null, why: 'no-rule' }]);
  });
});

describe('a callback that is not the one this browser started', () => {
  it('is refused when its state was changed', async () => {
    agent('state.tampered');
    const browser = new Browser();
    const callback = new URL(await callbackOf(browser));
    callback.searchParams.set('state', 'another-state');
    const res = await browser.get(callback.href);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('This sign-on link is no longer valid');
    expect(browser.cookie(base, 'quay_sid')).toBeUndefined();
    expect(await usersNamed('state.tampered')).toHaveLength(0);
  });

  it('is refused in another browser, which started no sign-on or another one (a planted sign-on)', async () => {
    agent('planted');
    const callback = await callbackOf(new Browser());
    const victim = new Browser();
    expect((await victim.get(callback)).status).toBe(400);
    await victim.follow(`${base}/sso/oidc/start`, atProvider);
    expect((await victim.get(callback)).status).toBe(400);
    expect(victim.cookie(base, 'quay_sid')).toBeUndefined();
  });

  it('is refused when replayed, even with the state cookie it was made with', async () => {
    agent('replayed');
    const browser = new Browser();
    const callback = await callbackOf(browser);
    const state = browser.cookie(base, 'quay_oidc') ?? '';
    expect((await browser.get(callback)).status).toBe(303);
    const sessions = () => server.db.query("SELECT 1 FROM sessions WHERE usr_id = 'replayed'");
    expect(await sessions()).toHaveLength(1);
    // The state is used up: the cookie is gone.
    expect(browser.cookie(base, 'quay_oidc')).toBeUndefined();
    expect((await browser.get(callback)).status).toBe(400);
    // Put back by whoever kept it, the code it names is spent at the provider.
    const thief = new Browser();
    thief.setCookie(base, 'quay_oidc', state);
    const res = await thief.get(callback);
    expect(res.status).toBe(400);
    expect(await sessions()).toHaveLength(1);
  });

  it('is refused when the ID token carries another nonce than the one this browser sent', async () => {
    agent('nonce.tampered');
    const browser = new Browser();
    const { url } = await browser.follow(`${base}/sso/oidc/start`, atProvider);
    const authorize = new URL(url);
    expect(authorize.searchParams.get('nonce')).toBeTruthy();
    // The provider is asked with another nonce: the state and the PKCE verifier are right, the ID token is not.
    authorize.searchParams.set('nonce', 'a-nonce-of-the-attacker');
    const { url: callback } = await browser.follow(authorize.href, atCallback);
    const res = await browser.get(callback);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('This sign-on link is no longer valid');
    expect(await usersNamed('nonce.tampered')).toHaveLength(0);
  });

  it('is refused when its code was asked for with another PKCE challenge', async () => {
    agent('pkce.tampered');
    const browser = new Browser();
    const { url } = await browser.follow(`${base}/sso/oidc/start`, atProvider);
    const authorize = new URL(url);
    authorize.searchParams.set('code_challenge', 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
    const { url: callback } = await browser.follow(authorize.href, atCallback);
    expect((await browser.get(callback)).status).toBe(400);
    expect(await usersNamed('pkce.tampered')).toHaveLength(0);
  });

  it('says so in plain words when the provider answers with an error', async () => {
    const browser = new Browser();
    const { url } = await browser.follow(`${base}/sso/oidc/start`, atProvider);
    const state = new URL(url).searchParams.get('state') ?? '';
    const params = new URLSearchParams({ error: 'access_denied', state, iss: idp.issuer });
    const res = await browser.get(`${base}${CALLBACK}?${params.toString()}`);
    expect(res.status).toBe(403);
    expect(await res.text()).toContain('Quayline ID did not sign you on');
  });
});

describe('a disabled user', () => {
  it('is refused through the provider', async () => {
    agent('leaver');
    expect((await new Browser().follow(`${base}/sso/oidc/start`, intoApp)).res.status).toBe(303);
    await server.db.query("UPDATE users SET disabled_at = now() WHERE usr_id = 'leaver'");
    agent('leaver');
    const { res } = await new Browser().follow(`${base}/sso/oidc/start`, intoApp);
    expect(res.status).toBe(403);
    expect(await res.text()).toContain('This account is disabled');
  });

  it('is refused on the password form once the password matches, and only then', async () => {
    await server.db.query("UPDATE users SET disabled_at = now() WHERE usr_id = 'vessel2'");
    const signOn = (password: string) =>
      server.app.inject({ method: 'POST', url: '/sso/login', payload: { usrId: 'vessel2', password } });
    const right = await signOn('demo');
    expect(right.statusCode).toBe(403);
    expect(right.body).toContain('This account is disabled. Ask your administrator.');
    expect(right.cookies.find((c) => c.name === 'quay_sid')).toBeUndefined();
    const wrong = await signOn('not-the-password');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).not.toContain('disabled');
  });
});

describe('a Quay whose provider is down and whose passwords are off', () => {
  let down: TestServer;
  beforeAll(async () => {
    // The server starts all the same: the provider is read at the first sign-on.
    const issuer = `http://127.0.0.1:${await closedPort()}`;
    down = await startTestServer({ oidc: quayOidc(issuer, RULES), passwordSignOn: false });
  });
  afterAll(() => down.close());

  it('offers the provider alone on the sign-on page', async () => {
    const page = (await down.app.inject({ method: 'GET', url: '/sso/login?next=/voyage' })).body;
    expect(page).toContain('href="/sso/oidc/start?next=%2Fvoyage">Sign on with Quayline ID</a>');
    expect(page).not.toContain('type="password"');
    expect(page).not.toContain('Demo users');
  });

  it('refuses the password form with a plain page', async () => {
    const res = await down.app.inject({
      method: 'POST',
      url: '/sso/login',
      payload: { usrId: 'agent', password: 'demo' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.body).toContain('Quay passwords are turned off');
    expect(res.cookies.find((c) => c.name === 'quay_sid')).toBeUndefined();
  });

  it('says in plain words that the provider did not answer', async () => {
    const res = await down.app.inject({ method: 'GET', url: '/sso/oidc/start?next=/voyage' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('The sign-on service did not answer');
    expect(res.body).toContain('Quay could not reach Quayline ID to sign you on.');
    expect(res.body).not.toContain('ECONNREFUSED');
  });
});
