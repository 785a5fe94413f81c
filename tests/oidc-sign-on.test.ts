// Signing on through a real OpenID provider on loopback (architecture.md#signing-on-with-an-openid-provider): the
// first sign-on makes the user from the claim rules, a later one finds it and brings it up to the rules, and a Quay
// user of the same id is taken only as a rule allows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, startQuayWithProvider, type TestProvider } from './helpers/oidc-provider.ts';
import type { TestServer } from './helpers/server.ts';

const RULES = [
  { when: { claim: 'groups', equals: 'quay-masters' }, type: '4', vessel: { claim: 'vessel_code' } },
  { when: { claim: 'groups', equals: 'quay-agents' }, type: '3', ports: { claim: 'ports' }, office: 'SINAG' },
  {
    when: { claim: 'groups', equals: 'quay-staff' },
    type: '2',
    roles: ['NAV00'],
    link: 'verified-email',
  },
];

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

/** Signs on from the sign-on page's button to the redirect into the app (or the page that refuses). */
async function signOn(browser: Browser, next = '/voyage') {
  return browser.follow(
    `${base}/sso/oidc/start?next=${encodeURIComponent(next)}`,
    (to) => to.origin === base && !to.pathname.startsWith('/sso/'),
  );
}

async function tokenOf(browser: Browser): Promise<string | undefined> {
  const res = await browser.get(`${base}/IBP_REFRESH.do`);
  return ((await res.json()) as { token?: string }).token;
}

const userRow = async (usrId: string) =>
  (
    await server.db.query<Record<string, unknown>>(
      `SELECT usr_tp_cd, usr_role_cd, ofc_id, usr_nm, email, password_hash,
              ARRAY(SELECT rel_cd FROM user_relations WHERE usr_id = u.usr_id AND rel_tp_cd = 'AGT_PORT'
                     ORDER BY sort_no) AS ports
         FROM users u WHERE usr_id = $1`,
      [usrId],
    )
  )[0];

const auditOf = (usrId: string) =>
  server.db.query<{ actor: string; action: string; detail: Record<string, unknown> }>(
    'SELECT actor, action, detail FROM audit_log WHERE usr_id = $1 ORDER BY audit_seq',
    [usrId],
  );

describe('the first sign-on through the provider', () => {
  it('makes the user the rules say, with its identity, a session and an audit entry', async () => {
    idp.signOnAs('sub-agent-1', {
      preferred_username: 'Lena.Moreau',
      name: 'Lena Moreau',
      email: 'lena.moreau@straits-agency.example.com',
      groups: ['everyone', 'quay-agents'],
      ports: 'sgsin, MYTPP',
    });
    const browser = new Browser();
    const { res, url } = await signOn(browser);
    expect(res.status).toBe(303);
    expect(url).toBe(`${base}/voyage`);
    expect(await userRow('lena.moreau')).toEqual({
      usr_tp_cd: '3',
      usr_role_cd: 'AGT00',
      ofc_id: 'SINAG',
      usr_nm: 'Lena Moreau',
      email: 'lena.moreau@straits-agency.example.com',
      // No local password: this user signs on through the provider only.
      password_hash: '',
      ports: ['SGSIN', 'MYTPP'],
    });
    const identities = await server.db.query('SELECT iss, sub FROM user_identities WHERE usr_id = $1', [
      'lena.moreau',
    ]);
    expect(identities).toEqual([{ iss: idp.issuer, sub: 'sub-agent-1' }]);
    const entries = await auditOf('lena.moreau');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actor: 'sign-on',
      action: 'user.created',
      detail: { rule: 2, matched: { claim: 'groups', equals: 'quay-agents' }, ports: ['SGSIN', 'MYTPP'] },
    });
    const sessions = await server.db.query('SELECT method, user_agent FROM sessions WHERE usr_id = $1', [
      'lena.moreau',
    ]);
    expect(sessions).toEqual([{ method: 'oidc', user_agent: 'QuayTest/1.0' }]);
    // The same session cookies as the password form: the app turns the session into a token.
    const token = await tokenOf(browser);
    expect(token).toEqual(expect.any(String));
    const me = await server.call('GET', '/api/v2/app/common/logged-user', { token: token ?? '' });
    expect(me.json()).toMatchObject({ usrId: 'lena.moreau', usrTpCd: '3' });
  });

  it('makes a vessel user of the vessel a claim names', async () => {
    idp.signOnAs('sub-master-1', {
      preferred_username: 'master.ahds',
      groups: ['quay-masters'],
      vessel_code: 'ahds',
    });
    const { url } = await signOn(new Browser());
    expect(url).toBe(`${base}/voyage`);
    expect(await userRow('master.ahds')).toMatchObject({
      usr_tp_cd: '4',
      usr_role_cd: 'VSL00',
      ofc_id: 'AHDS',
    });
  });
});

describe('a later sign-on', () => {
  it('finds the same user, and changes nothing when the claims are the same', async () => {
    const claims = { preferred_username: 'tomas.berg', groups: ['quay-agents'], ports: ['SGSIN'] };
    idp.signOnAs('sub-agent-2', claims);
    await signOn(new Browser());
    idp.signOnAs('sub-agent-2', claims);
    const { url } = await signOn(new Browser());
    expect(url).toBe(`${base}/voyage`);
    const users = await server.db.query("SELECT usr_id FROM users WHERE usr_id LIKE 'tomas.berg%'");
    expect(users).toHaveLength(1);
    expect((await auditOf('tomas.berg')).map((e) => e.action)).toEqual(['user.created']);
  });

  it("applies the rules again: the provider's groups are the truth, and the change is audited", async () => {
    idp.signOnAs('sub-agent-3', { preferred_username: 'ines.diaz', groups: ['quay-agents'], ports: 'SGSIN' });
    await signOn(new Browser());
    // Moved to the masters' group at the provider, and given a vessel; her Quay id stays.
    idp.signOnAs('sub-agent-3', {
      preferred_username: 'ines.diaz.new',
      groups: ['quay-masters'],
      vessel_code: 'QHZN',
    });
    const { url } = await signOn(new Browser());
    expect(url).toBe(`${base}/voyage`);
    expect(await userRow('ines.diaz')).toMatchObject({
      usr_tp_cd: '4',
      usr_role_cd: 'VSL00',
      ofc_id: 'QHZN',
      ports: [],
    });
    const entries = await auditOf('ines.diaz');
    expect(entries.map((e) => e.action)).toEqual(['user.created', 'user.updated']);
    expect(entries[1]?.detail).toMatchObject({
      changes: {
        usrTpCd: { from: '3', to: '4' },
        ofcId: { from: 'SINAG', to: 'QHZN' },
        ports: { from: ['SGSIN'] },
      },
    });
  });
});

describe('a Quay user of the same id', () => {
  it('is not taken by a provider user whose rule does not allow it', async () => {
    // `agent` is a demo user with a password; the agents' rule names users by preferred_username, with no link.
    idp.signOnAs('sub-impostor', { preferred_username: 'agent', groups: ['quay-agents'], ports: 'SGSIN' });
    const { res } = await signOn(new Browser());
    expect(res.status).toBe(409);
    expect(await res.text()).toContain('is not linked to your sign-on');
    expect(await userRow('agent')).toMatchObject({ usr_tp_cd: '3', ports: ['SGSIN', 'MYTPP', 'MYPKG'] });
    const identities = await server.db.query("SELECT 1 FROM user_identities WHERE usr_id = 'agent'");
    expect(identities).toHaveLength(0);
  });

  it("is taken when the rule links by email and the provider says it is verified and the user's", async () => {
    // The demo's staff, Kenji Watanabe, an administrator with a password, now at the provider too.
    const staff = {
      preferred_username: 'staff',
      email: 'Kenji.Watanabe@quayline.example.com',
      groups: ['quay-staff'],
    };
    idp.signOnAs('sub-staff', { ...staff, email_verified: false });
    expect((await signOn(new Browser())).res.status).toBe(409);
    idp.signOnAs('sub-staff', { ...staff, email_verified: true });
    const { url } = await signOn(new Browser());
    expect(url).toBe(`${base}/voyage`);
    const linked = await server.db.query('SELECT usr_id FROM user_identities WHERE sub = $1', ['sub-staff']);
    expect(linked).toEqual([{ usr_id: 'staff' }]);
    // From now on the rules are the truth for it too: the staff rule gives NAV00 alone.
    expect(await userRow('staff')).toMatchObject({ usr_tp_cd: '2', usr_role_cd: 'NAV00' });
    const actions = (await auditOf('staff')).map((e) => e.action);
    expect(actions).toEqual(['user.refused', 'user.signed-on-first', 'user.updated']);
  });
});
