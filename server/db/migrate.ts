// Versioned migrations: server/db/migrations/NNN_name.sql, applied once each, in order, each in a transaction.
import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Db } from './db.ts';

const dir = fileURLToPath(new URL('./migrations/', import.meta.url));

export async function migrate(db: Db): Promise<number[]> {
  await db.exec(
    'CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())',
  );
  const done = new Set(
    (await db.query<{ version: number }>('SELECT version FROM schema_migrations')).map((r) => r.version),
  );
  const files = (await readdir(dir)).filter((f) => /^\d{3}_.+\.sql$/.test(f)).sort();
  const applied: number[] = [];
  for (const file of files) {
    const version = Number(file.slice(0, 3));
    if (done.has(version)) continue;
    const script = await readFile(dir + file, 'utf8');
    await db.tx(async (sql) => {
      // Split on statement ends: a semicolon that ends a line. A function's body (migration 007's trigger) is written
      // on one line, and no quoted text holds a semicolon at a line's end.
      for (const stmt of script
        .split(/;\s*(?:\n|$)/)
        .map((s) => s.trim())
        .filter((s) => s && !/^(--[^\n]*\n?)+$/.test(s))) {
        await sql.query(stmt);
      }
      await sql.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [version, file]);
    });
    applied.push(version);
  }
  return applied;
}
