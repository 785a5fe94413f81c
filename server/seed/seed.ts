// The demo world in one transaction: reference data, fleet schedules, AIS, reports, users, chat and
// the notification history, all deterministic for a given `now`. seed() empties every table first
// (a reset); callers that must not lose data check isSeeded() before.
import { hashPassword } from '../auth/password.ts';
import type { Db, Sql } from '../db/db.ts';
import { buildSchedules } from './build.ts';
import { insertChat } from './chat.ts';
import { insertOps } from './rows-ops.ts';
import { insertUsers } from './rows-users.ts';
import { insertWorld } from './rows-world.ts';
import { insertNotifications } from './seed-notifications.ts';
import { CHAT_LANES } from './world/lanes.ts';

export { DEMO_USERS } from './world/users.ts';
export { createNotifications } from './notify.ts';

/** Chat-enabled lanes for the default configuration: the `vessel` user's lane is in, `vessel2`'s is not. */
export const DEFAULT_CHAT_LANES: string = CHAT_LANES.join(',');

/** A fixed salt keeps the seed deterministic; the demo password is public anyway. */
const DEMO_SALT = 'quaydemoseed0001';
let demoHash: string | null = null;

export async function isSeeded(db: Sql): Promise<boolean> {
  const rows = await db.query<{ seeded: boolean }>('SELECT EXISTS (SELECT 1 FROM vessels) AS seeded');
  return rows[0]?.seeded === true;
}

async function truncateAll(sql: Sql): Promise<void> {
  const tables = await sql.query<{ tablename: string }>(
    "SELECT tablename FROM pg_tables WHERE schemaname = current_schema() AND tablename <> 'schema_migrations' ORDER BY tablename",
  );
  if (tables.length)
    await sql.query(`TRUNCATE ${tables.map((t) => `"${t.tablename}"`).join(', ')} RESTART IDENTITY CASCADE`);
}

export async function seed(db: Db, opts: { now?: Date } = {}): Promise<void> {
  const now = (opts.now ?? new Date()).getTime();
  demoHash ??= hashPassword('demo', DEMO_SALT);
  const passwordHash = demoHash;
  const schedules = buildSchedules(now);
  await db.tx(async (sql) => {
    await truncateAll(sql);
    await insertWorld(sql, now);
    await insertUsers(sql, passwordHash, now);
    await insertOps(sql, schedules, now);
    await insertChat(sql, schedules, now);
    await insertNotifications(sql, schedules, now);
  });
}
