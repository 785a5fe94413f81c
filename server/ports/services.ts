// A service's (lane's) port rotation and the vessels deployed on it with their next call (product.md#screens-and-routes
// /service/{laneCode}). Any signed-on user reads it; a vessel user (type 4) sees other vessels as public schedule
// facts only (see ./motion.ts motionFor).
import type { AuthUser } from '../auth/user.ts';
import type { Sql } from '../db/db.ts';
import { notFound } from '../http/errors.ts';
import { iso, isoRequired } from '../http/rows.ts';
import type { ServiceRotation } from '../../src/core/contract/service.ts';
import { NEXT_CALL_WHERE } from '../vessels/access.ts';
import { delayHrs, thisHour } from '../vessels/measures.ts';
import { motionFor, POS_CTE, type MotionRow } from './motion.ts';

interface VesselRow extends MotionRow {
  vsl_cd: string;
  vsl_nm: string;
  skd_voy_no: string | null;
  skd_dir_cd: string | null;
  port_cd: string | null;
  port_nm: string | null;
  yd_nm: string | null;
  eta: Date | null;
  ata: Date | null;
  pf_eta: Date | null;
}

/** The lane's rotation in order and its deployed vessels; 404 naming laneCd when there is no such lane. */
export async function serviceRotation(sql: Sql, user: AuthUser, laneCd: string): Promise<ServiceRotation> {
  const lanes = await sql.query<{
    lane_cd: string;
    lane_nm: string;
    trade_cd: string;
    trade_nm: string;
    crr_cd: string;
    crr_nm: string;
    bg_colr: string;
    fg_colr: string;
  }>(
    `SELECT l.lane_cd, l.lane_nm, l.trade_cd, l.trade_nm, l.crr_cd, c.crr_nm, c.bg_colr, c.fg_colr
       FROM lanes l JOIN carriers c ON c.crr_cd = l.crr_cd WHERE l.lane_cd = $1`,
    [laneCd],
  );
  const lane = lanes[0];
  if (!lane) throw notFound(`laneCd ${laneCd} was not found`);
  const rotation = await sql.query<{
    seq: number;
    port_cd: string;
    port_nm: string;
    cnt_cd: string;
    dir_cd: string;
    lat: number;
    lon: number;
  }>(
    `SELECT lp.seq, lp.port_cd, p.port_nm, p.cnt_cd, lp.dir_cd, p.lat, p.lon
       FROM lane_ports lp JOIN ports p ON p.port_cd = lp.port_cd WHERE lp.lane_cd = $1 ORDER BY lp.seq`,
    [laneCd],
  );
  // Deployed: the current voyage is on the lane, or (no current voyage) the vessel's own lane is.
  const vessels = await sql.query<VesselRow>(
    `WITH cur AS (
       SELECT DISTINCT ON (vsl_cd) vsl_cd, skd_voy_no, skd_dir_cd, lane_cd FROM voyages WHERE is_current
        ORDER BY vsl_cd, skd_voy_no DESC, skd_dir_cd
     ), deployed AS (
       SELECT v.vsl_cd, v.vsl_nm, cur.skd_voy_no, cur.skd_dir_cd FROM vessels v LEFT JOIN cur ON cur.vsl_cd = v.vsl_cd
        WHERE coalesce(cur.lane_cd, v.lane_cd) = $1
     ), nxt AS (
       SELECT DISTINCT ON (c.vsl_cd) c.vsl_cd, c.port_cd, p.port_nm, c.yd_nm, c.eta, c.ata, c.pf_eta
         FROM port_calls c JOIN ports p ON p.port_cd = c.port_cd
        WHERE c.vsl_cd IN (SELECT vsl_cd FROM deployed) AND ${NEXT_CALL_WHERE}
        ORDER BY c.vsl_cd, c.eta, c.call_seq
     ), ${POS_CTE('SELECT vsl_cd FROM deployed')}
     SELECT d.vsl_cd, d.vsl_nm, d.skd_voy_no, d.skd_dir_cd, nxt.port_cd, nxt.port_nm, nxt.yd_nm, nxt.eta, nxt.ata, nxt.pf_eta,
            pos.pos_dt, pos.lat, pos.lon, pos.sog, pos.cog, pos.hdg, pos.nav_sts
       FROM deployed d LEFT JOIN nxt ON nxt.vsl_cd = d.vsl_cd LEFT JOIN pos ON pos.vsl_cd = d.vsl_cd
      ORDER BY nxt.eta NULLS LAST, d.vsl_cd`,
    [laneCd],
  );
  const at = thisHour();
  return {
    laneCd: lane.lane_cd,
    laneNm: lane.lane_nm,
    tradeCd: lane.trade_cd,
    tradeNm: lane.trade_nm,
    crrCd: lane.crr_cd,
    crrNm: lane.crr_nm,
    crrBgColrVal: lane.bg_colr,
    crrFgColrVal: lane.fg_colr,
    rotation: rotation.map((r) => ({
      seq: r.seq,
      portCd: r.port_cd,
      portNm: r.port_nm,
      cntCd: r.cnt_cd,
      dirCd: r.dir_cd,
      lat: r.lat,
      lon: r.lon,
    })),
    vessels: vessels.map((v) => ({
      vslCd: v.vsl_cd,
      vslNm: v.vsl_nm,
      skdVoyNo: v.skd_voy_no,
      skdDirCd: v.skd_dir_cd,
      nextCall:
        v.port_cd && v.eta
          ? {
              portCd: v.port_cd,
              portNm: v.port_nm ?? v.port_cd,
              ydNm: v.yd_nm,
              eta: isoRequired(v.eta),
              ata: iso(v.ata),
              delayHrs: delayHrs(v.pf_eta, v.eta, v.ata, at),
            }
          : null,
      motion: motionFor(user, v.vsl_cd, v),
    })),
  };
}
