// Bulk inserts for the seed: one statement per table (per 5,000 rows) through jsonb_to_recordset,
// keeping the order of the rows so serial keys follow it. Works the same on PGlite and PostgreSQL.
import type { Sql } from '../db/db.ts';

export type Row = Record<string, unknown>;

/** columns: column name -> SQL type, e.g. { vsl_cd: 'text', eta: 'timestamptz' }. */
export async function insertRows(
  sql: Sql,
  table: string,
  columns: Readonly<Record<string, string>>,
  rows: readonly Row[],
): Promise<void> {
  const names = Object.keys(columns);
  const defs = names.map((n) => `${n} ${columns[n]}`).join(', ');
  const list = names.join(', ');
  for (let i = 0; i < rows.length; i += 5000) {
    const chunk = rows.slice(i, i + 5000).map((row) => {
      for (const n of names) if (!(n in row)) throw new Error(`seed: ${table} row lacks ${n}`);
      return row;
    });
    await sql.query(
      `INSERT INTO ${table} (${list}) SELECT ${list} FROM ROWS FROM (jsonb_to_recordset($1::jsonb) AS (${defs})) WITH ORDINALITY AS x(${list}, ord) ORDER BY ord`,
      [JSON.stringify(chunk)],
    );
  }
}
