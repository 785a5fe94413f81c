// How each call of a voyage saw its ETA slide (product.md#eta-history): the first ETA and the newest changes,
// from eta_changes (written by a trigger on port_calls, migration 007), capped at ETA_HISTORY_MAX per call; a
// change a user made carries the user's name, which the page shows instead of the ID.
import type { Sql } from '../db/db.ts';
import { recordEvent } from '../domain/events.ts';
import { isoRequired } from '../http/rows.ts';
import { ETA_HISTORY_MAX, type EtaHistory } from '../../src/core/contract/vessel.ts';

interface ChangeRow {
  call_seq: number;
  old_eta: Date;
  new_eta: Date;
  chg_dt: Date;
  chg_by: string;
  /** The name of the user chg_by names; null for the simulator or a schedule source. */
  chg_by_nm: string | null;
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
    `SELECT x.call_seq, x.old_eta, x.new_eta, x.chg_dt, x.chg_by, u.usr_nm AS chg_by_nm, x.chg_cnt, x.first_eta FROM (
       SELECT call_seq, old_eta, new_eta, chg_dt, chg_by, chg_id,
              row_number() OVER (PARTITION BY call_seq ORDER BY chg_id DESC) AS rn,
              count(*) OVER (PARTITION BY call_seq)::int AS chg_cnt,
              first_value(old_eta) OVER (PARTITION BY call_seq ORDER BY chg_id) AS first_eta
         FROM eta_changes WHERE vsl_cd = $1 AND skd_voy_no = $2 AND skd_dir_cd = $3) x
       LEFT JOIN users u ON u.usr_id = x.chg_by
      WHERE x.rn <= $4 ORDER BY x.call_seq, x.chg_id`,
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
      // Only a user's change carries a name: most are the simulator's, and their bytes would say nothing.
      ...(r.chg_by_nm ? { chgByNm: r.chg_by_nm } : {}),
    });
  }
  return out;
}

/** What moveEta did: the call and its ETA before and after. */
export interface EtaMove {
  vslCd: string;
  skdVoyNo: string;
  skdDirCd: string;
  callSeq: number;
  fmEta: string;
  toEta: string;
}

/**
 * Moves a call of the vessel's current voyage (callSeq, else the first one not yet arrived) by `hours`, ETB and ETD
 * with it, as `by` (a user's ID, or the simulator); the trigger of migration 007 records the change, and the domain
 * event the notifications and alerts of an ETA change. Null when the vessel has no such call, or it has arrived.
 */
export async function moveEta(
  sql: Sql,
  q: { vslCd: string; callSeq?: number | undefined; hours: number; by: string },
): Promise<EtaMove | null> {
  const rows = await sql.query<{
    skd_voy_no: string;
    skd_dir_cd: string;
    call_seq: number;
    port_cd: string;
    eta: Date;
  }>(
    `SELECT c.skd_voy_no, c.skd_dir_cd, c.call_seq, c.port_cd, c.eta FROM port_calls c JOIN voyages v USING (vsl_cd, skd_voy_no, skd_dir_cd)
      WHERE c.vsl_cd = $1 AND v.is_current AND c.ata IS NULL AND c.skip_yn = 'N'
        AND ($2::int IS NULL OR c.call_seq = $2) ORDER BY c.call_seq LIMIT 1`,
    [q.vslCd, q.callSeq ?? null],
  );
  const c = rows[0];
  if (!c) return null;
  await sql.query("SELECT set_config('quay.chg_by', $1, true)", [q.by]);
  const moved = await sql.query<{ eta: Date }>(
    `UPDATE port_calls SET eta = eta + $5::float8 * interval '1 hour', etb = etb + $5::float8 * interval '1 hour',
            etd = etd + $5::float8 * interval '1 hour'
      WHERE vsl_cd = $1 AND skd_voy_no = $2 AND skd_dir_cd = $3 AND call_seq = $4 RETURNING eta`,
    [q.vslCd, c.skd_voy_no, c.skd_dir_cd, c.call_seq, q.hours],
  );
  const eta = moved[0]?.eta ?? c.eta;
  const now = Date.now();
  recordEvent(sql, {
    type: 'etaMoved',
    vslCd: q.vslCd,
    portCd: c.port_cd,
    callSeq: c.call_seq,
    prevEta: new Date(c.eta).getTime(),
    eta: new Date(eta).getTime(),
    at: now,
    seen: now,
  });
  return {
    vslCd: q.vslCd,
    skdVoyNo: c.skd_voy_no,
    skdDirCd: c.skd_dir_cd,
    callSeq: c.call_seq,
    fmEta: isoRequired(c.eta),
    toEta: isoRequired(eta),
  };
}
