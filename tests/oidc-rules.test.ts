// The claim rules of OpenID sign-on (architecture.md#claim-rules) and their settings: checked at start with words
// that name the mistake, the first matching rule wins, and a provider's name becomes a Quay user id.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../server/config.ts';
import { applyRules, cleanUsrId, parseRules } from '../server/auth/oidc-rules.ts';

const rules = (list: unknown) => parseRules(JSON.stringify(list));
const ENV = { DATA_DIR: ':memory:', OIDC_ISSUER: 'https://id.example.com', OIDC_CLIENT_ID: 'quay' };

describe('OIDC_RULES', () => {
  it('stops the start with words that name the rule and the mistake', () => {
    expect(() => parseRules('[{')).toThrow(/must be a JSON list of rules/);
    expect(() => rules([{ type: '4' }])).toThrow(
      'OIDC_RULES: rule 1 makes vessel users (type 4): it needs a vessel',
    );
    expect(() => rules([{ type: '2' }, { type: '2', ports: ['SGSIN'] }])).toThrow(/rule 2 names ports/);
    expect(() => rules([{ type: '9' }])).toThrow(/OIDC_RULES: \/0\/type/);
    expect(() => rules([{ type: '2', roles: ['BOSS'] }])).toThrow(/OIDC_RULES: \/0\/roles\/0/);
    expect(() => rules([])).toThrow(/OIDC_RULES/);
  });

  it('reads a file after @', () => {
    expect(() => parseRules('@/nonexistent/rules.json')).toThrow(/cannot read \/nonexistent\/rules.json/);
  });

  it('admits by the first rule that matches, a list claim by one of its values, a dotted name inside a claim', () => {
    const list = rules([
      { when: { claim: 'realm_access.roles', equals: 'quay-admin' }, type: '2', roles: ['NAV00', 'ADM00'] },
      { when: { claim: 'groups', equals: 'agents' }, type: '3', ports: { claim: 'ports' } },
      { type: '6' },
    ]);
    const admin = applyRules(list, {
      sub: 'a1',
      realm_access: { roles: ['x', 'quay-admin'] },
      groups: ['agents'],
    });
    expect(admin).toMatchObject({
      ok: true,
      user: { usrId: 'a1', usrTpCd: '2', roles: ['NAV00', 'ADM00'], rule: 1 },
    });
    const agent = applyRules(list, { sub: 'a2', groups: ['agents'], ports: 'sgsin;mytpp sgsin' });
    expect(agent).toMatchObject({
      ok: true,
      user: { usrTpCd: '3', roles: ['AGT00'], ports: ['SGSIN', 'MYTPP'] },
    });
    // Without `when`: everyone else, here as a viewer.
    expect(applyRules(list, { sub: 'a3' })).toMatchObject({ ok: true, user: { usrTpCd: '6', rule: 3 } });
  });

  it('refuses claims that make no user', () => {
    const list = rules([{ type: '4', vessel: { claim: 'vessel' }, userId: 'upn' }]);
    expect(applyRules(list, { sub: 's', vessel: 'QHZN' })).toMatchObject({ ok: false, why: 'no-user-id' });
    expect(applyRules(list, { sub: 's', upn: 'x', vessel: ['QHZN', 'AHDS'] })).toMatchObject({
      ok: false,
      why: 'bad-claim',
    });
    expect(
      applyRules(rules([{ when: { claim: 'groups', equals: 'g' }, type: '2' }]), { sub: 's' }),
    ).toMatchObject({
      ok: false,
      why: 'no-rule',
    });
  });
});

describe('a user id made of a claim', () => {
  it('is lower case, without accents, with other characters as -', () => {
    expect(cleanUsrId('J.Smith@Contoso.com')).toBe('j.smith@contoso.com');
    expect(cleanUsrId('Zoë Ågren')).toBe('zoe-agren');
    expect(cleanUsrId('--_x')).toBe('x');
    expect(cleanUsrId('///')).toBeNull();
    expect(cleanUsrId('a'.repeat(80))).toHaveLength(64);
  });
});

describe('the sign-on settings', () => {
  it('want the whole provider or none, and a provider before passwords are off', () => {
    expect(() => loadConfig(ENV)).toThrow(/OIDC_ISSUER needs OIDC_CLIENT_ID and OIDC_CLIENT_SECRET/);
    expect(() => loadConfig({ ...ENV, OIDC_CLIENT_SECRET: 's' })).toThrow(/OIDC_ISSUER needs OIDC_RULES/);
    expect(() => loadConfig({ DATA_DIR: ':memory:', PASSWORD_SIGN_ON: 'off' })).toThrow(/needs OIDC_ISSUER/);
    expect(() =>
      loadConfig({
        ...ENV,
        OIDC_ISSUER: 'http://id.example.com',
        OIDC_CLIENT_SECRET: 's',
        OIDC_RULES: '[{"type":"2"}]',
      }),
    ).toThrow(/https:\/\/ URL \(http:\/\/ only on loopback\)/);
    const config = loadConfig({
      ...ENV,
      OIDC_CLIENT_SECRET: 's',
      OIDC_RULES: '[{"type":"2"}]',
      PASSWORD_SIGN_ON: 'off',
    });
    expect(config.oidc).toMatchObject({
      name: 'your organisation',
      scopes: 'openid email profile',
      redirectUri: null,
    });
    expect(config.passwordSignOn).toBe(false);
  });
});
