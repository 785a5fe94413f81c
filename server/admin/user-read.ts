// The user administration's reads (product.md#user-administration): users as administrators see them (AdminUser),
// the list and its search, and the audit log by page. Shared by the admin routes and `npm run admin`.
import type { Sql } from '../db/db.ts';
import { notFound } from '../http/errors.ts';
import { iso, isoRequired } from '../http/rows.ts';
import { isVesselUser, splitRoles } from '../../src/core/role.ts';
import {
  ADMIN_USER_PAGE,
  type AdminUser,
  type AdminUserList,
  type AdminUserQuery,
  type AuditList,
  type AuditQuery,
} from '../../src/core/contract/admin-users.ts';

/** A user's row with what AdminUser adds from other tables. */
interface AdminUserRow {
  usr_id: string;
  usr_nm: string;
  usr_tp_cd: string;
  usr_role_cd: string;
  ofc_id: string;
  email: string;
  has_password: boolean;
  created_at: Date;
  disabled_at: Date | null;
  ports: string[] | null;
  identities: string[] | null;
  last_seen_at: Date | null;
  live_sessions: number;
}

/** One statement per page, whatever its length: each user's ports, identities and sessions by index (usr_id). */
const ADMIN_USER_SELECT = `
  SELECT u.usr_id, u.usr_nm, u.usr_tp_cd, u.usr_role_cd, u.ofc_id, u.email, u.password_hash <> '' AS has_password,
         u.created_at, u.disabled_at,
         (SELECT array_agg(r.rel_cd ORDER BY r.sort_no, r.rel_cd) FROM user_relations r
           WHERE r.usr_id = u.usr_id AND r.rel_tp_cd = 'AGT_PORT') AS ports,
         (SELECT array_agg(DISTINCT i.iss) FROM user_identities i WHERE i.usr_id = u.usr_id) AS identities,
         (SELECT max(s.last_seen_at) FROM sessions s WHERE s.usr_id = u.usr_id) AS last_seen_at,
         (SELECT count(*)::int FROM sessions s
           WHERE s.usr_id = u.usr_id AND s.ended_at IS NULL AND s.expires_at > now()) AS live_sessions
    FROM users u`;

function adminUserOf(r: AdminUserRow): AdminUser {
  const vessel = isVesselUser(r.usr_tp_cd);
  return {
    usrId: r.usr_id,
    usrNm: r.usr_nm,
    usrTpCd: r.usr_tp_cd,
    roles: splitRoles(r.usr_role_cd),
    vslCd: vessel && r.ofc_id !== '' ? r.ofc_id : null,
    ofcId: r.ofc_id,
    ports: r.ports ?? [],
    email: r.email,
    hasPassword: r.has_password,
    identities: r.identities ?? [],
    createdAt: isoRequired(r.created_at),
    disabledAt: iso(r.disabled_at),
    lastSeenAt: iso(r.last_seen_at),
    liveSessions: r.live_sessions,
  };
}

/** A LIKE pattern that matches text anywhere, its own % _ and \ taken literally. */
const containing = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Users by id, ADMIN_USER_PAGE at most; q matches id, name and email (any case); state active by default. */
export async function listUsers(sql: Sql, query: AdminUserQuery): Promise<AdminUserList> {
  const where: string[] = [];
  const params: unknown[] = [];
  const q = query.q?.trim() ?? '';
  if (q !== '') {
    params.push(containing(q));
    where.push(
      `(u.usr_id ILIKE $${params.length} OR u.usr_nm ILIKE $${params.length} OR u.email ILIKE $${params.length})`,
    );
  }
  const state = query.state ?? 'active';
  if (state === 'active') where.push('u.disabled_at IS NULL');
  if (state === 'disabled') where.push('u.disabled_at IS NOT NULL');
  if (query.type !== undefined) {
    params.push(query.type);
    where.push(`u.usr_tp_cd = $${params.length}`);
  }
  params.push(ADMIN_USER_PAGE + 1);
  const rows = await sql.query<AdminUserRow>(
    `${ADMIN_USER_SELECT} ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
      ORDER BY u.usr_id LIMIT $${params.length}`,
    params,
  );
  return { users: rows.slice(0, ADMIN_USER_PAGE).map(adminUserOf), more: rows.length > ADMIN_USER_PAGE };
}

/** One user, disabled or not; 404 naming the id when there is none. */
export async function oneUser(sql: Sql, usrId: string): Promise<AdminUser> {
  const rows = await sql.query<AdminUserRow>(`${ADMIN_USER_SELECT} WHERE u.usr_id = $1`, [usrId]);
  const row = rows[0];
  if (!row) throw notFound(`usrId ${usrId} was not found`);
  return adminUserOf(row);
}

/** How many entries a page of the audit log holds when the query names no limit. */
const AUDIT_PAGE = 50;

/** The audit log, newest first, of one user or of all; `before` pages back. */
export async function auditEntries(sql: Sql, query: AuditQuery): Promise<AuditList> {
  const limit = query.limit ?? AUDIT_PAGE;
  const rows = await sql.query<{
    audit_seq: number;
    at: Date;
    actor: string;
    action: string;
    usr_id: string | null;
    detail: Record<string, unknown> | null;
  }>(
    `SELECT audit_seq, at, actor, action, usr_id, detail FROM audit_log
      WHERE ($1::text IS NULL OR usr_id = $1) AND ($2::int IS NULL OR audit_seq < $2)
      ORDER BY audit_seq DESC LIMIT $3`,
    [query.usrId ?? null, query.before ?? null, limit + 1],
  );
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    entries: page.map((r) => ({
      auditSeq: r.audit_seq,
      at: isoRequired(r.at),
      actor: r.actor,
      action: r.action,
      usrId: r.usr_id,
      detail: r.detail ?? {},
    })),
    nextBefore: rows.length > limit && last ? last.audit_seq : null,
  };
}
