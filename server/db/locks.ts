// PostgreSQL advisory locks of the server (docs/cluster.md): one key space, 'Quay' and a number per purpose.
import type { Db, DbSession, Sql } from './db.ts';

/** The first half of every lock key: what sets Quay's locks apart from other users of the same database. */
const LOCK_SPACE = 0x51756179;

const LOCKS = {
  /** Migrations and the seed: one instance prepares the database, the others wait and find it done. */
  prepare: 1,
  /** The periodic jobs (the simulator and the housekeeping): held by the leader for as long as it lives. */
  jobs: 2,
} as const;

export type LockName = keyof typeof LOCKS;

/**
 * Runs fn while holding a session lock, waiting for it as long as another instance holds it. On PGlite (one process
 * owns the database) fn just runs.
 */
export async function withLock<T>(db: Db, name: LockName, fn: () => Promise<T>): Promise<T> {
  if (!db.session) return fn();
  // Waits without a timeout: the holder is doing the same work (a first seed takes a while).
  const session = await db.session();
  try {
    await session.query('SELECT pg_advisory_lock($1, $2)', [LOCK_SPACE, LOCKS[name]]);
    return await fn();
  } finally {
    // Ending the session releases the lock; an explicit unlock first lets a waiting instance in at once.
    await session
      .query('SELECT pg_advisory_unlock($1, $2)', [LOCK_SPACE, LOCKS[name]])
      .catch(() => undefined);
    await session.release();
  }
}

/** Takes the lock if it is free; answers whether this session holds it now. */
export async function tryLock(session: DbSession, name: LockName): Promise<boolean> {
  const [row] = await session.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1, $2) AS ok', [
    LOCK_SPACE,
    LOCKS[name],
  ]);
  return row?.ok === true;
}

/** Whether the backend `pid` holds the lock, asked on any connection (in a transaction that depends on it). */
export async function holdsLock(sql: Sql, pid: number, name: LockName): Promise<boolean> {
  const rows = await sql.query(
    `SELECT 1 FROM pg_locks
      WHERE locktype = 'advisory' AND granted AND pid = $1 AND classid = $2 AND objid = $3 AND objsubid = 2`,
    [pid, LOCK_SPACE, LOCKS[name]],
  );
  return rows.length > 0;
}
