// What the sign-on form reads of the users table: the demo users it lists (read once a minute at most) and a user's
// password hash to check a password against.
import type { Sql } from '../db/db.ts';
import type { DemoUserRow } from './sso-page.ts';

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

/** A user's id as stored and password hash, or null when there is no such user. */
export async function passwordOf(sql: Sql, usrId: string): Promise<{ usrId: string; hash: string } | null> {
  const rows = await sql.query<{ usr_id: string; password_hash: string }>(
    'SELECT usr_id, password_hash FROM users WHERE usr_id = $1',
    [usrId],
  );
  const user = rows[0];
  return user ? { usrId: user.usr_id, hash: user.password_hash } : null;
}
