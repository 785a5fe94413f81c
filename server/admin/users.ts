// The user administration's changes (product.md#user-administration): add a user, change it, disable and enable it,
// with the rules of its type, the administrators' safeguards and an audit entry in the transaction of each change.
// Shared by the admin routes and `npm run admin`; the callers run each function in one domain transaction.
import type { Sql } from '../db/db.ts';
import { badRequest, HttpError } from '../http/errors.ts';
import { hashPassword } from '../auth/password.ts';
import { endUserSessions } from '../auth/sessions.ts';
import { recordEvent } from '../domain/events.ts';
import { audit, type AuditActor } from './audit.ts';
import { oneUser } from './user-read.ts';
import { isAgent, isVesselUser, splitRoles } from '../../src/core/role.ts';
import { ADMIN_ROLE, isAdmin } from '../../src/core/admin-role.ts';
import {
  ROLES,
  type AdminUser,
  type NewUserBody,
  type UserChangeBody,
} from '../../src/core/contract/admin-users.ts';

/** Who makes a change: the audit log's actor, and the administrator's own user id (none for the CLI). */
export interface Acting {
  actor: AuditActor;
  usrId: string | null;
}

/** What an administrator sets of a user, as stored: each change is judged on the whole of it. */
interface Shape {
  usrNm: string;
  usrTpCd: string;
  roles: string[];
  vslCd: string | null;
  ofcId: string;
  ports: string[];
  email: string;
}

const VESSEL_ROLE = 'VSL00';
const AGENT_ROLE = 'AGT00';
const ROLE_CODES: readonly string[] = ROLES.map((r) => r.code);
/** The most sessions one signout live event names (server/bus/events.ts); more go in several events. */
const SIDS_PER_EVENT = 100;
/** Passwords shorter than this are refused (the contract's minimum, checked again for the CLI). */
const PASSWORD_MIN = 10;

const conflict = (message: string) => new HttpError(409, 'ConflictError', message);

/** The stored shape of a user, its row locked until the transaction ends; null when there is no such user. */
async function lockedShape(sql: Sql, usrId: string): Promise<(Shape & { disabled: boolean }) | null> {
  const rows = await sql.query<{
    usr_nm: string;
    usr_tp_cd: string;
    usr_role_cd: string;
    ofc_id: string;
    email: string;
    disabled: boolean;
  }>(
    `SELECT usr_nm, usr_tp_cd, usr_role_cd, ofc_id, email, disabled_at IS NOT NULL AS disabled
       FROM users WHERE usr_id = $1 FOR UPDATE`,
    [usrId],
  );
  const r = rows[0];
  if (!r) return null;
  const ports = await sql.query<{ rel_cd: string }>(
    `SELECT rel_cd FROM user_relations WHERE usr_id = $1 AND rel_tp_cd = 'AGT_PORT' ORDER BY sort_no, rel_cd`,
    [usrId],
  );
  return {
    usrNm: r.usr_nm,
    usrTpCd: r.usr_tp_cd,
    roles: splitRoles(r.usr_role_cd),
    vslCd: isVesselUser(r.usr_tp_cd) && r.ofc_id !== '' ? r.ofc_id : null,
    ofcId: r.ofc_id,
    ports: ports.map((p) => p.rel_cd),
    email: r.email,
    disabled: r.disabled,
  };
}

/** Roles in the order of ROLES, each once. */
const ordered = (roles: Iterable<string>): string[] => {
  const set = new Set(roles);
  return ROLE_CODES.filter((c) => set.has(c));
};

/**
 * The shape after a change (or of a new user), by the rules of its type: 400 naming the field otherwise. Changing a
 * user's type drops what belonged to the old one (a vessel user's vessel and VSL00, an agent's ports and AGT00) and
 * keeps its follow lists (product.md#user-administration).
 */
async function resolveShape(sql: Sql, before: Shape | null, body: UserChangeBody): Promise<Shape> {
  const usrTpCd = body.usrTpCd ?? before?.usrTpCd;
  if (usrTpCd === undefined) throw badRequest('usrTpCd: a new user needs its type');
  const unknown = body.roles?.find((r) => !ROLE_CODES.includes(r));
  if (unknown !== undefined)
    throw badRequest(`roles: unknown role ${unknown}; known: ${ROLE_CODES.join(', ')}`);
  const roles = new Set(body.roles ?? before?.roles ?? []);
  let vslCd: string | null = null;
  let ofcId: string;
  if (isVesselUser(usrTpCd)) {
    vslCd = body.vslCd !== undefined ? body.vslCd : (before?.vslCd ?? null);
    if (!vslCd) throw badRequest('vslCd: a vessel user (type 4) needs its vessel');
    const known = await sql.query('SELECT 1 FROM vessels WHERE vsl_cd = $1', [vslCd]);
    if (known.length === 0) throw badRequest(`vslCd: unknown vessel ${vslCd}`);
    if (body.ofcId !== undefined && body.ofcId !== '' && body.ofcId !== vslCd)
      throw badRequest(`ofcId: a vessel user's office is its vessel (vslCd ${vslCd})`);
    ofcId = vslCd;
    roles.add(VESSEL_ROLE);
  } else {
    if (body.vslCd) throw badRequest('vslCd: only a vessel user (type 4) has a vessel');
    if (body.roles?.includes(VESSEL_ROLE))
      throw badRequest(`roles: ${VESSEL_ROLE} is the role of vessel users (type 4) only`);
    roles.delete(VESSEL_ROLE);
    // A former vessel user's ofc_id was its vessel, not an office.
    ofcId = body.ofcId ?? (before && !isVesselUser(before.usrTpCd) ? before.ofcId : '');
  }
  let ports: string[] = [];
  if (isAgent(usrTpCd)) {
    ports = body.ports ?? (before && isAgent(before.usrTpCd) ? before.ports : []);
    const missing = await sql.query<{ c: string }>(
      `SELECT t.c FROM unnest($1::text[]) WITH ORDINALITY AS t(c, o)
        WHERE NOT EXISTS (SELECT 1 FROM ports p WHERE p.port_cd = t.c) ORDER BY t.o LIMIT 1`,
      [ports],
    );
    if (missing[0]) throw badRequest(`ports: unknown port ${missing[0].c}`);
    roles.add(AGENT_ROLE);
  } else {
    if (body.ports && body.ports.length > 0) throw badRequest('ports: only a port agent (type 3) has ports');
    if (body.roles?.includes(AGENT_ROLE))
      throw badRequest(`roles: ${AGENT_ROLE} is the role of port agents (type 3) only`);
    roles.delete(AGENT_ROLE);
  }
  if (body.password !== undefined && [...body.password].length < PASSWORD_MIN)
    throw badRequest(`password: at least ${PASSWORD_MIN} characters`);
  return {
    usrNm: body.usrNm ?? before?.usrNm ?? '',
    usrTpCd,
    roles: ordered(roles),
    vslCd,
    ofcId,
    ports,
    email: body.email ?? before?.email ?? '',
  };
}

/**
 * Refuses (409) to leave the organisation without an enabled administrator, or to let administrators lock
 * themselves out. The other enabled administrators' rows are locked, so two such changes at once cannot each
 * count on the other.
 */
async function keepAnAdministrator(sql: Sql, acting: Acting, usrId: string, what: 'disable' | 'demote') {
  if (acting.usrId === usrId)
    throw conflict(
      what === 'disable'
        ? 'You cannot disable yourself: another administrator can'
        : `You cannot take the administrator role (${ADMIN_ROLE}) from yourself: another administrator can`,
    );
  const others = await sql.query<{ usr_role_cd: string }>(
    `SELECT usr_role_cd FROM users
      WHERE usr_id <> $1 AND disabled_at IS NULL AND usr_role_cd LIKE '%' || $2 || '%'
      ORDER BY usr_id FOR UPDATE`,
    [usrId, ADMIN_ROLE],
  );
  if (!others.some((o) => isAdmin(o.usr_role_cd)))
    throw conflict(`${usrId} is the last enabled administrator: make another one administrator first`);
}

async function writePorts(sql: Sql, usrId: string, ports: readonly string[]): Promise<void> {
  await sql.query(`DELETE FROM user_relations WHERE usr_id = $1 AND rel_tp_cd = 'AGT_PORT'`, [usrId]);
  await sql.query(
    `INSERT INTO user_relations (usr_id, rel_tp_cd, rel_cd, sort_no)
     SELECT $1, 'AGT_PORT', t.c, t.o::int - 1 FROM unnest($2::text[]) WITH ORDINALITY AS t(c, o)`,
    [usrId, [...ports]],
  );
}

const FIELDS = ['usrNm', 'usrTpCd', 'roles', 'vslCd', 'ofcId', 'ports', 'email'] as const;
/** The fields whose change changes what the user may see: its devices follow (the userChanged event). */
const SEEING: readonly (typeof FIELDS)[number][] = ['usrTpCd', 'roles', 'vslCd', 'ports'];

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** A new user; 409 when the id is taken. */
export async function addUser(sql: Sql, acting: Acting, body: NewUserBody): Promise<AdminUser> {
  const taken = await sql.query('SELECT 1 FROM users WHERE usr_id = $1', [body.usrId]);
  if (taken.length > 0) throw conflict(`usrId ${body.usrId} already exists`);
  const shape = await resolveShape(sql, null, body);
  await sql.query(
    `INSERT INTO users (usr_id, usr_nm, usr_tp_cd, usr_role_cd, ofc_id, email, password_hash)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [
      body.usrId,
      shape.usrNm,
      shape.usrTpCd,
      shape.roles.join(','),
      shape.ofcId,
      shape.email,
      body.password === undefined ? '' : hashPassword(body.password),
    ],
  );
  if (shape.ports.length > 0) await writePorts(sql, body.usrId, shape.ports);
  await audit(sql, {
    actor: acting.actor,
    action: 'user.created',
    usrId: body.usrId,
    detail: { after: shape },
  });
  if (body.password !== undefined)
    await audit(sql, { actor: acting.actor, action: 'user.password-set', usrId: body.usrId });
  return oneUser(sql, body.usrId);
}

/** Changes what the body sends (a field left out stays); 404 for an unknown user. Nothing changed: no entry. */
export async function changeUser(
  sql: Sql,
  acting: Acting,
  usrId: string,
  body: UserChangeBody,
): Promise<AdminUser> {
  const before = await lockedShape(sql, usrId);
  if (!before) return oneUser(sql, usrId);
  const after = await resolveShape(sql, before, body);
  if (!before.disabled && isAdmin(before.roles.join(',')) && !after.roles.includes(ADMIN_ROLE))
    await keepAnAdministrator(sql, acting, usrId, 'demote');
  const changed = FIELDS.filter((f) => !same(before[f], after[f]));
  if (changed.length > 0) {
    await sql.query(
      `UPDATE users SET usr_nm = $2, usr_tp_cd = $3, usr_role_cd = $4, ofc_id = $5, email = $6 WHERE usr_id = $1`,
      [usrId, after.usrNm, after.usrTpCd, after.roles.join(','), after.ofcId, after.email],
    );
    if (changed.includes('ports')) await writePorts(sql, usrId, after.ports);
    const pick = (s: Shape) => Object.fromEntries(changed.map((f) => [f, s[f]]));
    await audit(sql, {
      actor: acting.actor,
      action: 'user.updated',
      usrId,
      detail: { before: pick(before), after: pick(after) },
    });
    if (changed.some((f) => SEEING.includes(f))) recordEvent(sql, { type: 'userChanged', usrId });
  }
  if (body.password !== undefined) {
    await sql.query('UPDATE users SET password_hash = $2 WHERE usr_id = $1', [
      usrId,
      hashPassword(body.password),
    ]);
    await audit(sql, { actor: acting.actor, action: 'user.password-set', usrId });
  }
  return oneUser(sql, usrId);
}

/**
 * Disables a user: it cannot sign on, its sessions end and their live sockets close on every instance (the
 * sessionsEnded events, after the commit), and its devices' push subscriptions are removed. Again: no change.
 */
export async function disableUser(sql: Sql, acting: Acting, usrId: string): Promise<AdminUser> {
  const before = await lockedShape(sql, usrId);
  if (!before || before.disabled) return oneUser(sql, usrId);
  if (isAdmin(before.roles.join(','))) await keepAnAdministrator(sql, acting, usrId, 'disable');
  const rows = await sql.query<{ disabled_at: Date }>(
    'UPDATE users SET disabled_at = now() WHERE usr_id = $1 RETURNING disabled_at',
    [usrId],
  );
  const sids = await endUserSessions(sql, usrId, 'disabled');
  for (let i = 0; i < sids.length; i += SIDS_PER_EVENT)
    recordEvent(sql, { type: 'sessionsEnded', sids: sids.slice(i, i + SIDS_PER_EVENT) });
  // Web Push follows the person: a disabled person's devices hear nothing more (architecture.md#sign-out).
  const devices = await sql.query('DELETE FROM user_devices WHERE usr_id = $1 RETURNING not_dev_id', [usrId]);
  await audit(sql, {
    actor: acting.actor,
    action: 'user.disabled',
    usrId,
    detail: {
      before: { disabledAt: null },
      after: { disabledAt: rows[0]?.disabled_at ?? null },
      sessionsEnded: sids.length,
      pushSubscriptionsRemoved: devices.length,
    },
  });
  return oneUser(sql, usrId);
}

/** Enables a disabled user: it signs on again (its old sessions stay ended). Again: no change. */
export async function enableUser(sql: Sql, acting: Acting, usrId: string): Promise<AdminUser> {
  const rows = await sql.query<{ disabled_at: Date | null }>(
    'SELECT disabled_at FROM users WHERE usr_id = $1 FOR UPDATE',
    [usrId],
  );
  const was = rows[0]?.disabled_at;
  if (was) await sql.query('UPDATE users SET disabled_at = NULL WHERE usr_id = $1', [usrId]);
  if (was)
    await audit(sql, {
      actor: acting.actor,
      action: 'user.enabled',
      usrId,
      detail: { before: { disabledAt: was }, after: { disabledAt: null } },
    });
  return oneUser(sql, usrId);
}
