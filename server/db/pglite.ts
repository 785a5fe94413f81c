// Embedded PostgreSQL (PGlite): in a data folder for `npm start`, in memory for tests (optionally from a dump).
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { Db, Sql } from './types.ts';

export async function openPglite(
  dataDir?: string,
  loadDataDir?: Blob,
): Promise<Db & { dump(): Promise<Blob> }> {
  // A fresh clone has no data folder yet: PGlite makes its own folder but not the parents.
  if (dataDir && !dataDir.startsWith('memory:')) mkdirSync(dirname(dataDir), { recursive: true });
  const pg = new PGlite({ ...(dataDir ? { dataDir } : {}), ...(loadDataDir ? { loadDataDir } : {}) });
  await pg.waitReady;
  // PGlite runs one statement at a time; a queue keeps a transaction's statements together.
  let chain: Promise<unknown> = Promise.resolve();
  const serial = <T>(fn: () => Promise<T>): Promise<T> => {
    const run = chain.then(fn, fn);
    chain = run.catch(() => undefined);
    return run;
  };
  const wrap = (q: { query: PGlite['query'] }): Sql => ({
    query: async <R>(text: string, params?: readonly unknown[]) =>
      (await q.query<R>(text, params as unknown[])).rows,
  });
  return {
    kind: 'pglite',
    query: <T>(text: string, params?: readonly unknown[]) => serial(() => wrap(pg).query<T>(text, params)),
    tx: <T>(fn: (sql: Sql) => Promise<T>) => serial(() => pg.transaction((t) => fn(wrap(t)))),
    exec: (script) => serial(async () => void (await pg.exec(script))),
    close: () => serial(() => pg.close()),
    dump: () => serial(() => pg.dumpDataDir('none')),
  };
}
