// How each call of a voyage saw its ETA slide (product.md §3 "ETA history"): the first ETA and the newest changes,
// from eta_changes (written by a trigger on port_calls, migration 007), capped at ETA_HISTORY_MAX per call.
import type { Sql } from '../db/db.ts';
import { isoRequired } from '../http/rows.ts';
import { ETA_HISTORY_MAX, type EtaHistory } from '../../src/core/contract/vessel.ts';

interface ChangeRow {
  call_seq: number;
  old_eta: Date;
  new_eta: Date;
  chg_dt: Date;
  chg_by: string;
  chg_cnt: number;
  first_eta: Date;
}

/** The ETA history of each call of a voyage that has one, by call_seq. */
export async function etaHistories(
  sql: Sql,
  vslCd: string,
  voyNo: string,
  dirCd: string,
): Promise<Map<number, EtaHistory>> {
  const rows = await sql.query<ChangeRow>(
    `SELECT call_seq, old_eta, new_eta, chg_dt, chg_by, chg_cnt, first_eta FROM (
       SELECT call_seq, old_eta, new_eta, chg_dt, chg_by, chg_id,
              row_number() OVER (PARTITION BY call_seq ORDER BY chg_id DESC) AS rn,
              count(*) OVER (PARTITION BY call_seq)::int AS chg_cnt,
              first_value(old_eta) OVER (PARTITION BY call_seq ORDER BY chg_id) AS first_eta
         FROM eta_changes WHERE vsl_cd = $1 AND skd_voy_no = $2 AND skd_dir_cd = $3) x
      WHERE rn <= $4 ORDER BY call_seq, chg_id`,
    [vslCd, voyNo, dirCd, ETA_HISTORY_MAX],
  );
  const out = new Map<number, EtaHistory>();
  for (const r of rows) {
    let h = out.get(r.call_seq);
    if (!h) {
      h = { firstEta: isoRequired(r.first_eta), chgCnt: r.chg_cnt, chgs: [] };
      out.set(r.call_seq, h);
    }
    h.chgs.push({
      chgDt: isoRequired(r.chg_dt),
      fmEta: isoRequired(r.old_eta),
      toEta: isoRequired(r.new_eta),
      chgBy: r.chg_by,
    });
  }
  return out;
}
