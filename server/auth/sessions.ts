// Sign-on sessions behind the HttpOnly cookie: created by the sign-on form, ended by logout.
import { randomBytes } from 'node:crypto';
import type { Sql } from '../db/db.ts';
import type { LoggedUser } from '../../src/core/contract/common.ts';

export const SESSION_COOKIE = 'quay_sid';
/**
 * The only path that reads the session: the token refresh (and logout, its f_cmd=11). Sent nowhere else, the cookie
 * costs no bytes on the API calls, pages and assets of a paid satellite link, and no other route can be made to
 * act on it.
 */
export const SESSION_COOKIE_PATH = '/IBP_REFRESH.do';

/** A user as read with USER_COLUMNS (from `users u`): the session's guard and a pull's user record read the same. */
export interface UserRow {
  usr_id: string;
  usr_nm: string;
  usr_tp_cd: string;
  usr_role_cd: string;
  ofc_id: string;
  ext_usr_id: string;
  email: string;
}

export const USER_COLUMNS = 'u.usr_id, u.usr_nm, u.usr_tp_cd, u.usr_role_cd, u.ofc_id, u.ext_usr_id, u.email';

export function loggedUserOf(row: UserRow): LoggedUser {
  return {
    usrId: row.usr_id,
    usrNm: row.usr_nm,
    usrTpCd: row.usr_tp_cd,
    usrRoleCd: row.usr_role_cd,
    ofcId: row.ofc_id,
    extUsrId: row.ext_usr_id,
    email: row.email,
  };
}

/** A session id as createSession makes them (32 random bytes, base64url); anything else in the cookie is no session
 * (a NUL or a megabyte of it would otherwise reach SQL). */
const SESSION_ID = /^[A-Za-z0-9_-]{43}$/;
export const sessionIdOf = (value: string | undefined): string | null =>
  value !== undefined && SESSION_ID.test(value) ? value : null;

/** How a session was made: the sign-on form's password, or an OpenID provider. */
export type SignOnMethod = 'password' | 'oidc';

/** Why a session ended before it expired (sessions.end_reason). */
export type EndReason = 'signed-out' | 'signed-out-elsewhere' | 'disabled';

/** The longest User-Agent kept for a session (the "my devices" list shows it): longer ones are cut. */
const USER_AGENT_MAX = 512;

export async function createSession(
  sql: Sql,
  usrId: string,
  ttlS: number,
  where: { userAgent?: string | undefined; method?: SignOnMethod } = {},
): Promise<string> {
  const sid = randomBytes(32).toString('base64url');
  await sql.query(
    `INSERT INTO sessions (sid, usr_id, expires_at, user_agent, method, last_seen_at)
     VALUES ($1, $2, now() + make_interval(secs => $3), $4, $5, now())`,
    [sid, usrId, ttlS, (where.userAgent ?? '').slice(0, USER_AGENT_MAX), where.method ?? 'password'],
  );
  return sid;
}

/** The user of a live session (not ended, not expired), or null. */
export async function sessionUser(sql: Sql, sid: string): Promise<UserRow | null> {
  const rows = await sql.query<UserRow>(
    `SELECT ${USER_COLUMNS}
       FROM sessions s JOIN users u ON u.usr_id = s.usr_id
      WHERE s.sid = $1 AND s.ended_at IS NULL AND s.expires_at > now() AND u.disabled_at IS NULL`,
    [sid],
  );
  return rows[0] ?? null;
}

/** Why a session is no longer live, as the token refresh says it (product.md#token). */
export type SessionLossReason = 'ended' | 'expired' | 'signed-out-elsewhere' | 'disabled';

/** Why a session is no longer live (its user disabled first); null when it is live or unknown. */
export async function sessionLoss(sql: Sql, sid: string): Promise<SessionLossReason | null> {
  const rows = await sql.query<{
    ended: boolean;
    reason: string | null;
    expired: boolean;
    disabled: boolean;
  }>(
    `SELECT s.ended_at IS NOT NULL AS ended, s.end_reason AS reason, s.expires_at <= now() AS expired,
            u.disabled_at IS NOT NULL AS disabled
       FROM sessions s JOIN users u ON u.usr_id = s.usr_id WHERE s.sid = $1`,
    [sid],
  );
  const row = rows[0];
  if (!row) return null;
  if (row.disabled || row.reason === 'disabled') return 'disabled';
  if (row.ended) return row.reason === 'signed-out-elsewhere' ? 'signed-out-elsewhere' : 'ended';
  return row.expired ? 'expired' : null;
}

/** Which of the sessions are live (not ended, not expired). */
export async function liveSessions(sql: Sql, sids: readonly string[]): Promise<string[]> {
  if (sids.length === 0) return [];
  const rows = await sql.query<{ sid: string }>(
    'SELECT sid FROM sessions WHERE sid = ANY($1::text[]) AND ended_at IS NULL AND expires_at > now()',
    [[...sids]],
  );
  return rows.map((r) => r.sid);
}

export async function endSession(sql: Sql, sid: string, reason: EndReason = 'signed-out'): Promise<void> {
  await sql.query(
    'UPDATE sessions SET ended_at = now(), end_reason = $2 WHERE sid = $1 AND ended_at IS NULL',
    [sid, reason],
  );
}

/**
 * Ends every live session of a user (a disabled user's) and answers their ids. The caller records the
 * sessionsEnded event in the same transaction, so that their live sockets close on every instance.
 */
export async function endUserSessions(sql: Sql, usrId: string, reason: EndReason): Promise<string[]> {
  const rows = await sql.query<{ sid: string }>(
    `UPDATE sessions SET ended_at = now(), end_reason = $2
      WHERE usr_id = $1 AND ended_at IS NULL AND expires_at > now() RETURNING sid`,
    [usrId, reason],
  );
  return rows.map((r) => r.sid);
}
