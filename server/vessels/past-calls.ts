// A vessel's past calls (product.md#past-calls): the newest calls it left before its current voyage, asked for only
// when the vessel page's "Past calls" is opened, so the page's everyday answers stay as small as they were.
import type { AuthUser } from '../auth/user.ts';
import type { Sql } from '../db/db.ts';
import { iso, isoRequired } from '../http/rows.ts';
import { PAST_CALLS_MAX, type PastCallsResponse } from '../../src/core/contract/vessel.ts';
import { currentVoyage, loadVessel } from './access.ts';

export async function pastCalls(sql: Sql, user: AuthUser, vslCd: string): Promise<PastCallsResponse> {
  const v = await loadVessel(sql, user, vslCd);
  const voy = await currentVoyage(sql, v.vsl_cd);
  // Calls made (departed, not omitted) on any voyage but the current one; with no current voyage, every one.
  const rows = await sql.query<{
    skd_voy_no: string;
    skd_dir_cd: string;
    port_cd: string;
    port_nm: string;
    tz: string;
    eta: Date;
    ata: Date | null;
    atd: Date;
  }>(
    `SELECT c.skd_voy_no, c.skd_dir_cd, c.port_cd, p.port_nm, p.tz, c.eta, c.ata, c.atd
       FROM port_calls c JOIN ports p ON p.port_cd = c.port_cd
      WHERE c.vsl_cd = $1 AND c.atd IS NOT NULL AND c.skip_yn = 'N'
        AND NOT (c.skd_voy_no = $2 AND c.skd_dir_cd = $3)
      ORDER BY c.atd DESC, c.call_seq DESC
      LIMIT $4`,
    [v.vsl_cd, voy?.skd_voy_no ?? '', voy?.skd_dir_cd ?? '', PAST_CALLS_MAX],
  );
  return {
    vslCd: v.vsl_cd,
    calls: rows.map((r) => ({
      skdVoyNo: r.skd_voy_no,
      skdDirCd: r.skd_dir_cd,
      portCd: r.port_cd,
      portNm: r.port_nm,
      tz: r.tz,
      eta: isoRequired(r.eta),
      ata: iso(r.ata),
      atd: isoRequired(r.atd),
    })),
  };
}
