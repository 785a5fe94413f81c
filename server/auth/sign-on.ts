// What signing on reads and gives: the demo users the form lists (read once a minute at most), a user's password hash
// to check a password against, and the cookies of a browser that signed on, by password or through a provider alike.
import type { FastifyReply } from 'fastify';
import type { Sql } from '../db/db.ts';
import { SIGN_ON_MARK_COOKIE } from '../../src/core/contract/sign-on-mark.ts';
import {
  DEVICE_COOKIE,
  DEVICE_COOKIE_MAX_AGE_S,
  DEVICE_COOKIE_PATH,
  type DeviceCookies,
} from './device-cookie.ts';
import { SESSION_COOKIE, SESSION_COOKIE_PATH } from './sessions.ts';
import type { DemoUserRow } from './sso-page.ts';

/** Only same-origin paths may follow sign-on: no open redirect. */
export function safeNext(next: unknown): string {
  return typeof next === 'string' && /^\/(?![/\\])[^\s]*$/.test(next) && next.length < 2048 ? next : '/';
}

/**
 * The sign-on page's list of demo users, read once a minute at most: a flood of wrong passwords renders the page
 * thousands of times, and must not queue that many reads ahead of other users' requests.
 */
export function demoUserList(sql: Sql): () => Promise<DemoUserRow[]> {
  let demoRows: { rows: Promise<DemoUserRow[]>; at: number } | null = null;
  return () => {
    if (!demoRows || Date.now() - demoRows.at > 60_000) {
      const rows = sql.query<DemoUserRow>(
        `SELECT usr_id, usr_nm, usr_tp_cd, usr_role_cd FROM users
          WHERE usr_id IN ('agent','vessel','vessel2','operator','viewer','staff')
          ORDER BY array_position(ARRAY['vessel','vessel2','agent','operator','staff','viewer'], usr_id)`,
      );
      demoRows = { rows, at: Date.now() };
      rows.catch(() => (demoRows = null));
    }
    return demoRows.rows;
  };
}

/** A user's id as stored, password hash and whether it is disabled, or null when there is no such user. */
export async function passwordOf(
  sql: Sql,
  usrId: string,
): Promise<{ usrId: string; hash: string; disabled: boolean } | null> {
  const rows = await sql.query<{ usr_id: string; password_hash: string; disabled: boolean }>(
    'SELECT usr_id, password_hash, disabled_at IS NOT NULL AS disabled FROM users WHERE usr_id = $1',
    [usrId],
  );
  const user = rows[0];
  return user ? { usrId: user.usr_id, hash: user.password_hash, disabled: user.disabled } : null;
}

/** The cookies of a browser that just signed on, whichever way: the session, the mark, and a new device ID. */
export function setSignedOnCookies(
  reply: FastifyReply,
  o: { sid: string; usrId: string; sessionTtlS: number; secure: boolean; devices: DeviceCookies },
): void {
  const { secure } = o;
  reply.setCookie(SESSION_COOKIE, o.sid, {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: SESSION_COOKIE_PATH,
    maxAge: o.sessionTtlS,
  });
  // Tells the app that opens next to ask the server who is signed on before showing a stored user.
  reply.setCookie(SIGN_ON_MARK_COOKIE, '1', {
    httpOnly: false,
    sameSite: 'lax',
    secure,
    path: '/',
    maxAge: o.sessionTtlS,
  });
  // Last, so that a client reading the first Set-Cookie still finds the session. A new device ID at each sign-on:
  // the failures of the one it replaces are forgotten with it.
  reply.setCookie(DEVICE_COOKIE, o.devices.issue(o.usrId), {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: DEVICE_COOKIE_PATH,
    maxAge: DEVICE_COOKIE_MAX_AGE_S,
  });
}
