// The audit of applied mutations (the mutations table mutate() writes), read back by the dev API.
import type { Sql } from '../db/db.ts';
import { isoRequired } from './rows.ts';

export interface AuditEntry {
  idempotencyKey: string | null;
  method: string;
  path: string;
  usrId: string;
  statusCode: number | null;
  time: string;
}

/** Applied mutations, oldest first: every user's, or one user's (at most limit). */
export async function auditLog(sql: Sql, usrId: string | null, limit: number): Promise<AuditEntry[]> {
  const rows = await sql.query<{
    idem_key: string | null;
    method: string;
    path: string;
    usr_id: string;
    status_code: number | null;
    cre_dt: Date;
  }>(
    `SELECT idem_key, method, path, usr_id, status_code, cre_dt FROM mutations
          WHERE ($1::text IS NULL OR usr_id = $1) ORDER BY id LIMIT $2`,
    [usrId, limit],
  );
  return rows.map((r) => ({
    idempotencyKey: r.idem_key,
    method: r.method,
    path: r.path,
    usrId: r.usr_id,
    statusCode: r.status_code,
    time: isoRequired(r.cre_dt),
  }));
}
