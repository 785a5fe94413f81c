// Rows of the moving world: voyages, port calls, AIS positions, vessel reports, port status with
// history, events, memos and next docks, all from the schedules and `now`.
import type { Sql } from '../db/db.ts';
import { aisTrack } from './ais.ts';
import { etaChangeRows } from './eta-history.ts';
import { insertRows, type Row } from './insert.ts';
import { vesselReports } from './reports.ts';
import type { Schedule } from './schedule.ts';
import { storedCalls } from './schedule.ts';
import { iso, isoOrNull } from './time.ts';
import { portStatusRows } from './world/port-status.ts';
import { eventRows, memoRows, nextDockRows } from './notes.ts';

const T = 'text';
const TS = 'timestamptz';
const F = 'double precision';

export async function insertOps(sql: Sql, schedules: readonly Schedule[], now: number): Promise<void> {
  const voyages: Row[] = [];
  const calls: Row[] = [];
  const positions: Row[] = [];
  const reports: Row[] = [];
  const etaChanges: Row[] = [];
  for (const s of schedules) {
    etaChanges.push(...etaChangeRows(s, now));
    const vsl = s.vessel.vslCd;
    for (const [v, current] of [
      [s.prev, false],
      [s.cur, true],
    ] as const) {
      voyages.push({
        vsl_cd: vsl,
        skd_voy_no: v.voyNo,
        skd_dir_cd: v.dirCd,
        lane_cd: s.lane.laneCd,
        is_current: current,
      });
    }
    for (const c of storedCalls(s)) {
      const v = c.voyage === 'cur' ? s.cur : s.prev;
      calls.push({
        vsl_cd: vsl,
        skd_voy_no: v.voyNo,
        skd_dir_cd: v.dirCd,
        call_seq: c.callSeq,
        port_cd: c.portCd,
        yd_cd: c.ydCd,
        yd_nm: c.ydNm,
        eta: iso(c.eta),
        etb: iso(c.etb),
        etd: iso(c.etd),
        ata: isoOrNull(c.ata),
        atb: isoOrNull(c.atb),
        atd: isoOrNull(c.atd),
        skip_yn: c.skip ? 'Y' : 'N',
        pf_eta: iso(c.pfEta),
      });
    }
    for (const f of aisTrack(s, now)) {
      positions.push({
        vsl_cd: vsl,
        pos_dt: iso(f.posDt),
        lat: f.lat,
        lon: f.lon,
        sog: f.sog,
        cog: f.cog,
        hdg: f.hdg,
        nav_sts: f.navSts,
      });
    }
    for (const r of vesselReports(s, now)) {
      reports.push({
        vsl_cd: vsl,
        rpt_dt: iso(r.rptDt),
        rpt_tp_cd: r.rptTpCd,
        lat: r.lat,
        lon: r.lon,
        avg_spd: r.avgSpd,
        dist_nm: r.distNm,
        foc_mt: r.focMt,
        rob_fo_mt: r.robFoMt,
        rob_do_mt: r.robDoMt,
        remark: r.remark,
      });
    }
  }
  await insertRows(
    sql,
    'voyages',
    { vsl_cd: T, skd_voy_no: T, skd_dir_cd: T, lane_cd: T, is_current: 'boolean' },
    voyages,
  );
  await insertRows(
    sql,
    'port_calls',
    {
      vsl_cd: T,
      skd_voy_no: T,
      skd_dir_cd: T,
      call_seq: 'integer',
      port_cd: T,
      yd_cd: T,
      yd_nm: T,
      eta: TS,
      etb: TS,
      etd: TS,
      ata: TS,
      atb: TS,
      atd: TS,
      skip_yn: T,
      pf_eta: TS,
    },
    calls,
  );
  await insertRows(
    sql,
    'eta_changes',
    {
      vsl_cd: T,
      skd_voy_no: T,
      skd_dir_cd: T,
      call_seq: 'integer',
      old_eta: TS,
      new_eta: TS,
      chg_dt: TS,
      chg_by: T,
    },
    etaChanges,
  );
  await insertRows(
    sql,
    'vessel_positions',
    { vsl_cd: T, pos_dt: TS, lat: F, lon: F, sog: F, cog: F, hdg: F, nav_sts: T },
    positions,
  );
  await insertRows(
    sql,
    'vessel_reports',
    {
      vsl_cd: T,
      rpt_dt: TS,
      rpt_tp_cd: T,
      lat: F,
      lon: F,
      avg_spd: F,
      dist_nm: F,
      foc_mt: F,
      rob_fo_mt: F,
      rob_do_mt: F,
      remark: T,
    },
    reports,
  );

  const status = portStatusRows(now);
  await insertRows(
    sql,
    'port_status',
    { port_cd: T, sts_nm: T, sts_frm_dt: TS, sts_reas_nm: T },
    status.current,
  );
  await insertRows(
    sql,
    'port_status_history',
    { port_cd: T, sts_nm: T, sts_frm_dt: TS, sts_reas_nm: T },
    status.history,
  );
  await insertRows(
    sql,
    'events',
    { vsl_cd: T, port_cd: T, evnt_tp_cd: T, evnt_nm: T, evnt_dt: TS, evnt_desc: T },
    eventRows(schedules, now),
  );
  await insertRows(
    sql,
    'vessel_memos',
    { vsl_cd: T, memo_tp: T, wdgt_id: T, memo: T, cre_usr_id: T, cre_dt: TS },
    memoRows(schedules, now),
  );
  await insertRows(
    sql,
    'next_docks',
    { vsl_cd: T, yard_nm: T, port_cd: T, fm_dt: TS, to_dt: TS, remark: T, upd_usr_id: T, upd_dt: TS },
    nextDockRows(now),
  );
}
