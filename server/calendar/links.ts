// The calendar feed's secret (product.md#calendar-feed): one per user, 32 random bytes, kept as its SHA-256 only.
// A new one replaces the row, so the old secret finds no user from then on (the feed answers 404).
import { createHash, randomBytes } from 'node:crypto';
import type { AuthUser } from '../auth/user.ts';
import type { Sql } from '../db/db.ts';
import { notFound } from '../http/errors.ts';
import { isoRequired } from '../http/rows.ts';
import { loggedUserOf, USER_COLUMNS, type UserRow } from '../auth/sessions.ts';
import { roleGroup } from '../../src/core/role.ts';
import type { CalendarLink } from '../../src/core/contract/calendar.ts';

const hashOf = (secret: string): string => createHash('sha256').update(secret).digest('hex');

/**
 * The user's link: a new secret when asked to renew or when there is none yet (shown this once); otherwise only when
 * the existing one was made, since its secret is not kept.
 */
export async function calendarLink(sql: Sql, usrId: string, renew: boolean): Promise<CalendarLink> {
  if (!renew) {
    const kept = await sql.query<{ made_at: Date }>('SELECT made_at FROM calendar_links WHERE usr_id = $1', [
      usrId,
    ]);
    const row = kept[0];
    if (row) return { secret: null, madeAt: isoRequired(row.made_at) };
  }
  const secret = randomBytes(32).toString('base64url');
  const made = await sql.query<{ made_at: Date }>(
    `INSERT INTO calendar_links (usr_id, secret_hash, made_at) VALUES ($1, $2, now())
     ON CONFLICT (usr_id) DO UPDATE SET secret_hash = EXCLUDED.secret_hash, made_at = EXCLUDED.made_at
     RETURNING made_at`,
    [usrId, hashOf(secret)],
  );
  return { secret, madeAt: isoRequired(made[0]?.made_at ?? new Date()) };
}

/** The user a feed secret belongs to, as the role rules see them; 404 for a secret no user holds (revoked). */
export async function calendarUser(sql: Sql, secret: string): Promise<AuthUser> {
  const rows = await sql.query<UserRow>(
    `SELECT ${USER_COLUMNS} FROM calendar_links l JOIN users u ON u.usr_id = l.usr_id WHERE l.secret_hash = $1`,
    [hashOf(secret)],
  );
  const row = rows[0];
  if (!row)
    throw notFound('This calendar link is not valid any more: a new one was made, or it never existed');
  return { ...loggedUserOf(row), sid: '', role: roleGroup(row.usr_role_cd) };
}
