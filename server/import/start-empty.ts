// A Quay started with DEMO=off (integration.md#starting-empty-and-importing): the app's own reference rows (menu,
// widgets, code tables, notification types) and the ADMIN_USER account, with no demo world around them.
import { hashPassword } from '../auth/password.ts';
import type { Sql } from '../db/db.ts';
import { APP_TABLES } from '../seed/app-tables.ts';
import type { Row } from '../seed/insert.ts';
import { USER_TYPE } from '../../src/core/role.ts';

/**
 * Inserts the rows, or brings them up to date by their key: these tables belong to the code, so a newer Quay's menu
 * or code list reaches a database that started empty long ago.
 */
async function upsert(
  sql: Sql,
  table: string,
  key: readonly string[],
  columns: Readonly<Record<string, string>>,
  rows: readonly Row[],
): Promise<void> {
  const names = Object.keys(columns);
  const defs = names.map((n) => `${n} ${columns[n]}`).join(', ');
  const set = names.filter((n) => !key.includes(n)).map((n) => `${n} = EXCLUDED.${n}`);
  await sql.query(
    `INSERT INTO ${table} (${names.join(', ')})
     SELECT ${names.join(', ')} FROM jsonb_to_recordset($1::jsonb) AS x(${defs})
     ON CONFLICT (${key.join(', ')}) DO UPDATE SET ${set.join(', ')}`,
    [JSON.stringify(rows)],
  );
}

/** The reference rows the app needs whatever its world: written at every start with DEMO=off. */
export async function prepareEmpty(sql: Sql): Promise<void> {
  for (const t of APP_TABLES) await upsert(sql, t.table, t.key, t.columns, t.rows);
}

/**
 * Makes the ADMIN_USER staff account, an administrator (ADM00), when no user of that name exists. An existing one is
 * left alone, its password too: a changed ADMIN_PASSWORD does not reset it (the user administration does).
 */
export async function ensureAdmin(sql: Sql, admin: { usrId: string; password: string }): Promise<void> {
  const known = await sql.query('SELECT 1 FROM users WHERE usr_id = $1', [admin.usrId]);
  if (known.length > 0) return;
  await sql.query(
    `INSERT INTO users (usr_id, usr_nm, usr_tp_cd, usr_role_cd, password_hash) VALUES ($1, $1, $2, 'NAV00,ADM00', $3)`,
    [admin.usrId, USER_TYPE.staff, hashPassword(admin.password)],
  );
}

/** Whether a database without the demo world holds ports or users: an import's or an empty start's. */
export async function holdsOwnData(sql: Sql): Promise<boolean> {
  const rows = await sql.query<{ own: boolean }>(
    'SELECT EXISTS (SELECT 1 FROM ports) OR EXISTS (SELECT 1 FROM users) AS own',
  );
  return rows[0]?.own === true;
}
