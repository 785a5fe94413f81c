// Real PostgreSQL through node-postgres, for DATABASE_URL (CI and the scale path).
import pg from 'pg';
import type { Db, Sql } from './db.ts';

// int8 (count(*), sums) as numbers, like PGlite; our values stay far below 2^53.
pg.types.setTypeParser(20, (v) => Number(v));

export async function openPostgres(url: string): Promise<Db> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection the database ends (restart, failover, admin command) is emitted here; without a listener it
  // would end the process. The pool replaces the connection on the next query.
  pool.on('error', (err) => console.warn(`PostgreSQL connection lost: ${err.message}`));
  await pool.query('SELECT 1');
  const query = async <T>(text: string, params?: readonly unknown[]): Promise<T[]> =>
    (await pool.query(text, params as unknown[])).rows as T[];
  return {
    kind: 'postgres',
    query,
    async tx<T>(fn: (sql: Sql) => Promise<T>): Promise<T> {
      const client = await pool.connect();
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
        client.release();
      }
    },
    exec: async (script) => void (await pool.query(script)),
    close: () => pool.end(),
  };
}
