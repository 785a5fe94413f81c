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
  /**
   * A dedicated connection outside the pool, for session-level advisory locks (PostgreSQL only): the database
   * releases what the session holds when the connection ends, so a dead instance's locks go with it.
   */
  session?(opts?: { queryTimeoutMs?: number }): Promise<DbSession>;
}

export interface DbSession extends Sql {
  /** The backend's process id (pg_backend_pid()), as pg_locks names it. */
  readonly pid: number;
  /** Whether the connection has been lost (ended by the database, the network or release()). */
  readonly lost: boolean;
  /** Called once when the connection is lost. */
  onLost(fn: (err: Error) => void): void;
  /** Ends the connection (and with it every session lock it holds). */
  release(): Promise<void>;
}
