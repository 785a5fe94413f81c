// The claim rules of OpenID sign-on (architecture.md#signing-on-with-an-openid-provider): which of a provider's users
// Quay admits, and as what. Read and checked once at start (OIDC_RULES); applied to the claims at every sign-on.
import { readFileSync } from 'node:fs';
import { Type, type Static } from 'typebox';
import { Compile } from 'typebox/compile';
import { ROLES, RoleCode, UserType } from '../../src/core/contract/admin-users.ts';
import { isAgent, isVesselUser } from '../../src/core/role.ts';

/** A claim's name; a dotted one reads a nested claim (Keycloak's `realm_access.roles`). */
const ClaimName = Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9_:.$-]+$' });
const FromClaim = Type.Object({ claim: ClaimName }, { additionalProperties: false });
const Code = Type.String({ minLength: 1, maxLength: 10, pattern: '^[A-Z0-9]+$' });

const Rule = Type.Object(
  {
    /** The claim and the value that admit a user: equal to it, or in it when the claim is a list (`groups`). */
    when: Type.Optional(
      Type.Object(
        { claim: ClaimName, equals: Type.String({ minLength: 1, maxLength: 200 }) },
        { additionalProperties: false },
      ),
    ),
    type: UserType,
    roles: Type.Optional(Type.Array(RoleCode, { maxItems: 5, uniqueItems: true })),
    /** A vessel user's vessel (type 4): a code, or the claim that holds it. */
    vessel: Type.Optional(Type.Union([Code, FromClaim])),
    /** An agent's own ports (type 3): UN/LOCODEs, or the claim that lists them. */
    ports: Type.Optional(Type.Union([Type.Array(Code, { maxItems: 200, uniqueItems: true }), FromClaim])),
    /** A shore user's office: a code, or the claim that holds it. */
    office: Type.Optional(Type.Union([Code, FromClaim])),
    /** The claim that names the user in Quay; unset: preferred_username, else email, else sub. */
    userId: Type.Optional(ClaimName),
    /**
     * `verified-email`: a Quay user who already has this id (made by an administrator, or a local user) is taken as
     * this person when the provider says the email is verified and it is the user's email. Unset: refused.
     */
    link: Type.Optional(Type.Literal('verified-email')),
  },
  { additionalProperties: false },
);
export type OidcRule = Static<typeof Rule>;
const RULES = Type.Array(Rule, { minItems: 1, maxItems: 500 });
const checkRules = Compile(RULES);

/**
 * OIDC_RULES: a JSON list of rules, or `@` and the path of a file that holds one. Errors name the rule and the
 * field, so that a mistake stops the start with words, not a sign-on later with none.
 */
export function parseRules(raw: string): OidcRule[] {
  let text = raw.trim();
  if (text.startsWith('@')) {
    try {
      text = readFileSync(text.slice(1), 'utf8');
    } catch (err) {
      throw new Error(`OIDC_RULES: cannot read ${text.slice(1)}: ${(err as Error).message}`, { cause: err });
    }
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Error('OIDC_RULES must be a JSON list of rules, or @ and the path of a file that holds one');
  }
  if (!checkRules.Check(value)) {
    const first = [...checkRules.Errors(value)][0];
    throw new Error(
      `OIDC_RULES: ${first?.instancePath || 'the list'} ${first?.message ?? 'is not a list of rules'}`,
    );
  }
  value.forEach((rule, i) => {
    const say = (why: string) => new Error(`OIDC_RULES: rule ${i + 1} ${why}`);
    if (isVesselUser(rule.type) && rule.vessel === undefined)
      throw say('makes vessel users (type 4): it needs a vessel');
    if (!isVesselUser(rule.type) && rule.vessel !== undefined)
      throw say('names a vessel: only vessel users (type 4) have one');
    if (!isAgent(rule.type) && rule.ports !== undefined)
      throw say('names ports: only port agents (type 3) have their own ports');
  });
  return value;
}

export type Claims = Readonly<Record<string, unknown>>;

/** A claim's value; `a.b` reads claim b inside claim a. */
function claimOf(claims: Claims, name: string): unknown {
  if (name in claims) return claims[name];
  return name
    .split('.')
    .reduce<unknown>(
      (v, part) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[part] : undefined),
      claims,
    );
}

function matches(claims: Claims, when: OidcRule['when']): boolean {
  if (!when) return true;
  const value = claimOf(claims, when.claim);
  return Array.isArray(value) ? value.some((v) => String(v) === when.equals) : String(value) === when.equals;
}

/**
 * A provider's name for a user as a Quay user id (UsrId of the admin contract): lower case, accents dropped, any
 * other character a '-', at most 64; null when nothing is left. Lower case, so that `J.Smith` and `j.smith` are one.
 */
export function cleanUsrId(raw: string): string | null {
  const id = raw
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9._@-]+/g, '-')
    .replace(/^[^a-z0-9]+/, '')
    .slice(0, 64);
  return id || null;
}

/** What the rules make of a provider's user. */
export interface MappedUser {
  usrId: string;
  usrNm: string;
  email: string;
  usrTpCd: string;
  roles: string[];
  /** A vessel user's vessel, else the office ('' for none). */
  ofcId: string;
  /** An agent's own ports; empty for others. */
  ports: string[];
  /** Whether an existing user of that id may be taken by a verified email (the rule's `link`). */
  linkByEmail: boolean;
  /** The rule that admitted the user (1 for the first) and what it matched, for the audit log. */
  rule: number;
  matched: OidcRule['when'] | null;
}

export type Mapping =
  { ok: true; user: MappedUser } | { ok: false; why: 'no-rule' | 'no-user-id' | 'bad-claim'; detail: string };

const codesOf = (value: unknown): string[] =>
  (Array.isArray(value) ? value.map(String) : typeof value === 'string' ? value.split(/[\s,;]+/) : [])
    .map((s) => s.trim().toUpperCase())
    .filter(Boolean);

const CODE = /^[A-Z0-9]{1,10}$/;

/**
 * A rule's roles as the user administration keeps them: a vessel user has VSL00 and an agent AGT00, whatever the rule
 * lists, and no one else has them; in the order of the role list.
 */
function rolesOf(rule: OidcRule): string[] {
  const roles = new Set<string>(rule.roles ?? []);
  for (const [role, has] of [
    ['VSL00', isVesselUser(rule.type)],
    ['AGT00', isAgent(rule.type)],
  ] as const)
    if (has) roles.add(role);
    else roles.delete(role);
  return ROLES.map((r) => r.code).filter((c) => roles.has(c));
}

/** The first rule that admits these claims, and the user it makes of them; first match wins. */
export function applyRules(rules: readonly OidcRule[], claims: Claims): Mapping {
  const index = rules.findIndex((r) => matches(claims, r.when));
  const rule = rules[index];
  if (!rule) return { ok: false, why: 'no-rule', detail: 'no rule admits this user' };
  const text = (name: string) => {
    const v = claimOf(claims, name);
    return typeof v === 'string' && v.trim() ? v.trim() : null;
  };
  const idClaim = rule.userId
    ? text(rule.userId)
    : (text('preferred_username') ?? text('email') ?? text('sub'));
  const usrId = idClaim ? cleanUsrId(idClaim) : null;
  if (!usrId) return { ok: false, why: 'no-user-id', detail: `no ${rule.userId ?? 'user name'} claim` };
  const codeOf = (spec: string | { claim: string } | undefined): string | null => {
    if (spec === undefined) return '';
    if (typeof spec === 'string') return spec;
    const [code, ...more] = codesOf(claimOf(claims, spec.claim));
    return code && more.length === 0 && CODE.test(code) ? code : null;
  };
  const vessel = isVesselUser(rule.type);
  const ofcId = codeOf(vessel ? rule.vessel : rule.office);
  if (ofcId === null || (vessel && !ofcId)) {
    const spec = vessel ? rule.vessel : rule.office;
    const name = typeof spec === 'object' ? spec.claim : '';
    return { ok: false, why: 'bad-claim', detail: `claim ${name} is not one code` };
  }
  const ports = Array.isArray(rule.ports)
    ? rule.ports
    : rule.ports
      ? [...new Set(codesOf(claimOf(claims, rule.ports.claim)))]
      : [];
  const badPort = ports.find((p) => !CODE.test(p));
  if (badPort !== undefined) return { ok: false, why: 'bad-claim', detail: `port ${badPort.slice(0, 20)}` };
  const email = text('email') ?? '';
  return {
    ok: true,
    user: {
      usrId,
      usrNm: (text('name') ?? text('preferred_username') ?? usrId).slice(0, 100),
      email: /^[^\s@]+@[^\s@]+$/.test(email) && email.length <= 200 ? email : '',
      usrTpCd: rule.type,
      roles: rolesOf(rule),
      ofcId,
      ports: ports.slice(0, 200),
      linkByEmail: rule.link === 'verified-email',
      rule: index + 1,
      matched: rule.when ?? null,
    },
  };
}
