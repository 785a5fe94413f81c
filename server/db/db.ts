// The storage seam of the reference server: one small interface over PGlite (embedded, default),
// PostgreSQL (DATABASE_URL) and in-memory PGlite (tests). Same SQL dialect everywhere.

export interface Sql {
  /** Runs one statement with $1..$n parameters and returns its rows. */
  query<T = Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<T[]>;
}

export interface Db extends Sql {
  readonly kind: 'pglite' | 'postgres';
  /** Runs fn in one transaction: committed when fn resolves, rolled back when it throws. */
  tx<T>(fn: (sql: Sql) => Promise<T>): Promise<T>;
  /** Runs a script of several statements (migrations). */
  exec(script: string): Promise<void>;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** PostgreSQL connection string; wins over dataDir. */
  databaseUrl?: string | undefined;
  /** Folder for embedded PGlite; absent means in memory. */
  dataDir?: string | undefined;
}

export async function openDb(opts: OpenOptions): Promise<Db> {
  if (opts.databaseUrl) {
    const { openPostgres } = await import('./postgres.ts');
    return openPostgres(opts.databaseUrl);
  }
  const { openPglite } = await import('./pglite.ts');
  return openPglite(opts.dataDir);
}
