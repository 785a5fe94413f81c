// Every vessel at a glance (newest position, next call, followed by the caller), for the map and My Vessel; a
// vessel user gets only its own vessel.
import type { AuthUser } from '../auth/user.ts';
import type { Sql } from '../db/db.ts';
import { iso } from '../http/rows.ts';
import { isVesselUser } from '../../src/core/role.ts';
import type { FleetResponse } from '../../src/core/contract/vessel.ts';
import { delayHrs, thisHour } from './measures.ts';
import { NEXT_CALL_WHERE } from './access.ts';

export async function fleet(sql: Sql, user: AuthUser): Promise<FleetResponse> {
  const own = isVesselUser(user);
  const rows = await sql.query<{
    vsl_cd: string;
    vsl_nm: string;
    lane_cd: string;
    lane_nm: string;
    crr_cd: string;
    bg_colr: string;
    fg_colr: string;
    lat: number | null;
    lon: number | null;
    sog: number | null;
    cog: number | null;
    hdg: number | null;
    nav_sts: string | null;
    pos_dt: Date | null;
    next_port_cd: string | null;
    next_port_nm: string | null;
    next_eta: Date | null;
    next_ata: Date | null;
    next_pf_eta: Date | null;
    sort_no: number | null;
  }>(
    `WITH pos AS (
       SELECT DISTINCT ON (vsl_cd) vsl_cd, lat, lon, sog, cog, hdg, nav_sts, pos_dt FROM vessel_positions ORDER BY vsl_cd, pos_dt DESC
     ), nxt AS (
       SELECT DISTINCT ON (c.vsl_cd) c.vsl_cd, c.port_cd, p.port_nm, c.eta, c.ata, c.pf_eta
         FROM port_calls c JOIN ports p ON p.port_cd = c.port_cd WHERE ${NEXT_CALL_WHERE}
        ORDER BY c.vsl_cd, c.eta, c.call_seq
     ), mine AS (
       SELECT rel_cd AS vsl_cd, row_number() OVER (ORDER BY sort_no, rel_cd)::int - 1 AS sort_no
         FROM user_relations WHERE usr_id = $1 AND rel_tp_cd = 'REL_USR_VSL'
     )
     SELECT v.vsl_cd, v.vsl_nm, v.lane_cd, l.lane_nm, v.crr_cd, cr.bg_colr, cr.fg_colr, pos.lat, pos.lon, pos.sog, pos.cog,
            pos.hdg, pos.nav_sts, pos.pos_dt, nxt.port_cd AS next_port_cd, nxt.port_nm AS next_port_nm,
            nxt.eta AS next_eta, nxt.ata AS next_ata, nxt.pf_eta AS next_pf_eta, mine.sort_no
       FROM vessels v JOIN carriers cr ON cr.crr_cd = v.crr_cd JOIN lanes l ON l.lane_cd = v.lane_cd
       LEFT JOIN pos ON pos.vsl_cd = v.vsl_cd LEFT JOIN nxt ON nxt.vsl_cd = v.vsl_cd
       LEFT JOIN mine ON mine.vsl_cd = v.vsl_cd
      WHERE ($2::text IS NULL OR v.vsl_cd = $2)
      ORDER BY v.vsl_cd`,
    [user.usrId, own ? user.ofcId : null],
  );
  const at = thisHour();
  return {
    vessels: rows.map((r) => ({
      vslCd: r.vsl_cd,
      vslNm: r.vsl_nm,
      laneCd: r.lane_cd,
      laneNm: r.lane_nm,
      crrCd: r.crr_cd,
      crrBgColrVal: r.bg_colr,
      crrFgColrVal: r.fg_colr,
      lat: r.lat,
      lon: r.lon,
      sog: r.sog,
      cog: r.cog,
      hdg: r.hdg ?? r.cog,
      navSts: r.nav_sts,
      posDt: iso(r.pos_dt),
      nextPortCd: r.next_port_cd,
      nextPortNm: r.next_port_nm,
      nextEta: iso(r.next_eta),
      nextAta: iso(r.next_ata),
      nextDelayHrs: r.next_eta ? delayHrs(r.next_pf_eta, r.next_eta, r.next_ata, at) : null,
      followed: r.sort_no !== null,
      sortNo: r.sort_no,
    })),
  };
}
