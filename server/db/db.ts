// Opens the reference server's database: PostgreSQL with DATABASE_URL, else PGlite (a folder, or in memory for
// tests). The interface they share is in ./types.ts, a leaf the two drivers import without importing this file.
import type { Db } from './types.ts';

export type { Db, DbSession, Sql } from './types.ts';

export interface OpenOptions {
  /** PostgreSQL connection string; wins over dataDir. */
  databaseUrl?: string | undefined;
  /** Folder for embedded PGlite; absent means in memory. */
  dataDir?: string | undefined;
  /** PostgreSQL: how long to wait for a database that does not answer yet (started with the instances), in ms. */
  waitMs?: number;
  onWait?: (message: string) => void;
}

export async function openDb(opts: OpenOptions): Promise<Db> {
  if (opts.databaseUrl) {
    const { openPostgres } = await import('./postgres.ts');
    return openPostgres(opts.databaseUrl, {
      ...(opts.waitMs !== undefined ? { waitMs: opts.waitMs } : {}),
      ...(opts.onWait ? { onWait: opts.onWait } : {}),
    });
  }
  const { openPglite } = await import('./pglite.ts');
  return openPglite(opts.dataDir);
}
