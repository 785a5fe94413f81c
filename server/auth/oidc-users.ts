// The Quay user a provider's user signs on as (architecture.md#claim-rules): found by its identity, made at the first
// sign-on, brought up to the claim rules at every later one, each change in the audit log.
import type { Db, Sql } from '../db/db.ts';
import { audit } from '../admin/audit.ts';
import { recordEvent } from '../domain/events.ts';
import { isVesselUser, splitRoles } from '../../src/core/role.ts';
import { applyRules, type MappedUser, type OidcRule } from './oidc-rules.ts';
import type { ProviderUser } from './oidc.ts';

/** The audit log's actor for what a provider's claims did. */
const ACTOR = 'sign-on';

/**
 * Why a provider's user is not let in: no rule admits them (or their claims do not make a user); their Quay user is
 * disabled; a Quay user of that id exists and is not theirs; their vessel or ports are not known to Quay.
 */
export type SignOnRefusal = 'no-rule' | 'disabled' | 'taken' | 'unknown-codes';

export type SignOnResult = { ok: true; usrId: string } | { ok: false; why: SignOnRefusal };

interface UserState {
  usr_id: string;
  usr_nm: string;
  usr_tp_cd: string;
  usr_role_cd: string;
  ofc_id: string;
  email: string;
  disabled: boolean;
  ports: string[];
}

async function userState(sql: Sql, usrId: string): Promise<UserState | null> {
  const rows = await sql.query<UserState>(
    `SELECT u.usr_id, u.usr_nm, u.usr_tp_cd, u.usr_role_cd, u.ofc_id, u.email, u.disabled_at IS NOT NULL AS disabled,
            ARRAY(SELECT rel_cd FROM user_relations r WHERE r.usr_id = u.usr_id AND r.rel_tp_cd = 'AGT_PORT'
                   ORDER BY sort_no, rel_cd) AS ports
       FROM users u WHERE u.usr_id = $1`,
    [usrId],
  );
  return rows[0] ?? null;
}

/** The codes the user names that Quay does not know: a vessel that is not in its fleet, ports it has not. */
async function unknownCodes(sql: Sql, user: MappedUser, vessel: boolean): Promise<string[]> {
  const rows = await sql.query<{ code: string }>(
    `SELECT c AS code FROM unnest($1::text[]) AS c WHERE NOT EXISTS (SELECT 1 FROM vessels WHERE vsl_cd = c)
     UNION ALL
     SELECT c FROM unnest($2::text[]) AS c WHERE NOT EXISTS (SELECT 1 FROM ports WHERE port_cd = c)`,
    [vessel ? [user.ofcId] : [], user.ports],
  );
  return rows.map((r) => r.code);
}

async function setPorts(sql: Sql, usrId: string, ports: readonly string[]): Promise<void> {
  await sql.query("DELETE FROM user_relations WHERE usr_id = $1 AND rel_tp_cd = 'AGT_PORT'", [usrId]);
  await sql.query(
    `INSERT INTO user_relations (usr_id, rel_tp_cd, rel_cd, sort_no)
     SELECT $1, 'AGT_PORT', p, n - 1 FROM unnest($2::text[]) WITH ORDINALITY AS t(p, n)`,
    [usrId, [...ports]],
  );
}

/** What the claims change of a user: each field's value before and after; empty when nothing changes. */
function changesOf(before: UserState, after: MappedUser): Record<string, { from: unknown; to: unknown }> {
  const pairs: [string, unknown, unknown][] = [
    ['usrNm', before.usr_nm, after.usrNm],
    ['email', before.email, after.email],
    ['usrTpCd', before.usr_tp_cd, after.usrTpCd],
    ['roles', splitRoles(before.usr_role_cd), after.roles],
    ['ofcId', before.ofc_id, after.ofcId],
    ['ports', before.ports, after.ports],
  ];
  return Object.fromEntries(
    pairs
      .filter(([, from, to]) => JSON.stringify(from) !== JSON.stringify(to))
      .map(([field, from, to]) => [field, { from, to }]),
  );
}

/** Fields whose change changes what the user may see: its devices follow, its live subscriptions are judged again. */
const SEEN = ['usrTpCd', 'roles', 'ofcId', 'ports'];

async function bringUpToRules(sql: Sql, before: UserState, user: MappedUser): Promise<void> {
  const changes = changesOf(before, user);
  if (Object.keys(changes).length === 0) return;
  await sql.query(
    'UPDATE users SET usr_nm = $2, email = $3, usr_tp_cd = $4, usr_role_cd = $5, ofc_id = $6 WHERE usr_id = $1',
    [before.usr_id, user.usrNm, user.email, user.usrTpCd, user.roles.join(','), user.ofcId],
  );
  if (changes.ports) await setPorts(sql, before.usr_id, user.ports);
  await audit(sql, {
    actor: ACTOR,
    action: 'user.updated',
    usrId: before.usr_id,
    detail: { rule: user.rule, matched: user.matched, changes },
  });
  if (SEEN.some((f) => f in changes)) recordEvent(sql, { type: 'userChanged', usrId: before.usr_id });
}

async function refuse(sql: Sql, who: ProviderUser, usrId: string | null, why: SignOnRefusal, detail = '') {
  await audit(sql, {
    actor: ACTOR,
    action: 'user.refused',
    usrId,
    detail: { iss: who.issuer, sub: who.sub, why, ...(detail ? { detail } : {}) },
  });
  return { ok: false as const, why };
}

/**
 * The Quay user this provider's user signs on as, made or brought up to the rules, in one transaction with its audit
 * entries. The provider's groups are the truth: a later sign-on applies the rules again.
 */
export function signOnWithClaims(
  db: Db,
  rules: readonly OidcRule[],
  who: ProviderUser,
): Promise<SignOnResult> {
  return db.tx(async (sql) => {
    // One sign-on of an identity at a time, on every instance: two first sign-ons at once make one user.
    await sql.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`oidc:${who.issuer} ${who.sub}`]);
    const linked = await sql.query<{ usr_id: string }>(
      'SELECT usr_id FROM user_identities WHERE iss = $1 AND sub = $2',
      [who.issuer, who.sub],
    );
    const known = linked[0] ? await userState(sql, linked[0].usr_id) : null;
    if (known?.disabled) return refuse(sql, who, known.usr_id, 'disabled');
    const mapped = applyRules(rules, who.claims);
    if (!mapped.ok) return refuse(sql, who, known?.usr_id ?? null, 'no-rule', mapped.detail);
    const user = mapped.user;
    const unknown = await unknownCodes(sql, user, isVesselUser(user.usrTpCd));
    if (unknown.length > 0)
      return refuse(sql, who, known?.usr_id ?? null, 'unknown-codes', unknown.join(','));
    if (known) {
      // Its Quay id stays what the first sign-on made, whatever the claim that named it says now.
      await bringUpToRules(sql, known, { ...user, usrId: known.usr_id });
      await sql.query('UPDATE user_identities SET last_sign_on_at = now() WHERE iss = $1 AND sub = $2', [
        who.issuer,
        who.sub,
      ]);
      return { ok: true as const, usrId: known.usr_id };
    }
    const made = await sql.query(
      `INSERT INTO users (usr_id, usr_nm, usr_tp_cd, usr_role_cd, ofc_id, email, password_hash)
       VALUES ($1, $2, $3, $4, $5, $6, '') ON CONFLICT (usr_id) DO NOTHING RETURNING usr_id`,
      [user.usrId, user.usrNm, user.usrTpCd, user.roles.join(','), user.ofcId, user.email],
    );
    if (made.length > 0) {
      await setPorts(sql, user.usrId, user.ports);
      await audit(sql, {
        actor: ACTOR,
        action: 'user.created',
        usrId: user.usrId,
        detail: {
          iss: who.issuer,
          sub: who.sub,
          rule: user.rule,
          matched: user.matched,
          usrTpCd: user.usrTpCd,
          roles: user.roles,
          ofcId: user.ofcId,
          ports: user.ports,
        },
      });
    } else {
      // A Quay user of that id exists: it is this person only when the rule allows a verified email to say so.
      const existing = await userState(sql, user.usrId);
      const sameEmail =
        !!existing?.email && existing.email.toLowerCase() === String(who.claims.email ?? '').toLowerCase();
      if (!existing || !user.linkByEmail || who.claims.email_verified !== true || !sameEmail)
        return refuse(sql, who, user.usrId, 'taken');
      if (existing.disabled) return refuse(sql, who, user.usrId, 'disabled');
      await audit(sql, {
        actor: ACTOR,
        action: 'user.signed-on-first',
        usrId: user.usrId,
        detail: { iss: who.issuer, sub: who.sub, linkedBy: 'verified-email', rule: user.rule },
      });
      await bringUpToRules(sql, existing, user);
    }
    await sql.query(
      'INSERT INTO user_identities (iss, sub, usr_id, last_sign_on_at) VALUES ($1, $2, $3, now())',
      [who.issuer, who.sub, user.usrId],
    );
    return { ok: true as const, usrId: user.usrId };
  });
}
