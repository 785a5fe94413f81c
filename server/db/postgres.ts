// Real PostgreSQL through node-postgres, for DATABASE_URL (CI and the scale path).
import pg from 'pg';
import type { Db, DbSession, Sql } from './types.ts';

// int8 (count(*), sums) as numbers, like PGlite; our values stay far below 2^53.
pg.types.setTypeParser(20, (v) => Number(v));

/**
 * A session's connection is found dead by the database within about 5 + 2 × 3 = 11 s of silence (TCP keepalives),
 * so the locks of an instance whose machine vanished without closing its sockets are released soon, not after the
 * system's default of two hours.
 */
const SESSION_KEEPALIVE = [
  'SET tcp_keepalives_idle = 5',
  'SET tcp_keepalives_interval = 2',
  'SET tcp_keepalives_count = 3',
];

export interface PostgresOptions {
  /** How long to wait for a database that does not answer yet (it may be starting with the instances), in ms. */
  waitMs?: number;
  onWait?: (message: string) => void;
}

export async function openPostgres(url: string, opts: PostgresOptions = {}): Promise<Db> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection the database ends (restart, failover, admin command) is emitted here; without a listener it
  // would end the process. The pool replaces the connection on the next query.
  pool.on('error', (err) => console.warn(`PostgreSQL connection lost: ${err.message}`));
  const deadline = Date.now() + (opts.waitMs ?? 0);
  for (let told = false; ;) {
    try {
      await pool.query('SELECT 1');
      break;
    } catch (err) {
      if (Date.now() >= deadline) {
        await pool.end().catch(() => undefined);
        throw err;
      }
      if (!told) opts.onWait?.(`waiting for PostgreSQL: ${err instanceof Error ? err.message : String(err)}`);
      told = true;
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
  const query = async <T>(text: string, params?: readonly unknown[]): Promise<T[]> =>
    (await pool.query(text, params as unknown[])).rows as T[];
  return {
    kind: 'postgres',
    query,
    async tx<T>(fn: (sql: Sql) => Promise<T>): Promise<T> {
      const client = await pool.connect();
      // The pool listens for errors of idle connections only: one lost between this transaction's statements (the
      // database stopping) would otherwise be an unhandled 'error' event. Its next statement fails, and it is dropped.
      let lost: Error | undefined;
      const onError = (err: Error): void => void (lost = err);
      client.on('error', onError);
      try {
        await client.query('BEGIN');
        const result = await fn({
          query: async <R>(text: string, params?: readonly unknown[]) =>
            (await client.query(text, params as unknown[])).rows as R[],
        });
        await client.query('COMMIT');
        return result;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        client.off('error', onError);
        client.release(lost);
      }
    },
    exec: async (script) => void (await pool.query(script)),
    close: () => pool.end(),
    session: (o) => openSession(url, o?.queryTimeoutMs ?? 0),
  };
}

async function openSession(url: string, queryTimeoutMs: number): Promise<DbSession> {
  // With a timeout, a query on a session that hangs (a network gone quiet) fails instead of waiting for ever.
  const client = new pg.Client({
    connectionString: url,
    keepAlive: true,
    ...(queryTimeoutMs > 0 ? { query_timeout: queryTimeoutMs } : {}),
  });
  let lost = false;
  const listeners: ((err: Error) => void)[] = [];
  const loseWith = (err: Error): void => {
    if (lost) return;
    lost = true;
    for (const fn of listeners.splice(0)) fn(err);
  };
  client.on('error', (err) => loseWith(err));
  client.on('end', () => loseWith(new Error('connection ended')));
  await client.connect();
  try {
    for (const stmt of SESSION_KEEPALIVE) await client.query(stmt);
    const [row] = (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows;
    const pid = row?.pid ?? 0;
    return {
      pid,
      get lost() {
        return lost;
      },
      query: async <R>(text: string, params?: readonly unknown[]) =>
        (await client.query(text, params as unknown[])).rows as R[],
      onLost(fn) {
        if (lost) fn(new Error('connection ended'));
        else listeners.push(fn);
      },
      async release() {
        loseWith(new Error('released'));
        await client.end().catch(() => undefined);
      },
    };
  } catch (err) {
    await client.end().catch(() => undefined);
    throw err;
  }
}
