// A vessel's AIS state as the port and service pages show it: the newest fix of each vessel (POS_CTE) and who may
// see it (motionFor): a vessel user sees other vessels' calls as public schedule facts only.
import type { AuthUser } from '../auth/user.ts';
import { isoRequired } from '../http/rows.ts';
import { isVesselUser } from '../../src/core/role.ts';
import type { VesselMotion } from '../../src/core/contract/port.ts';

/** The access rule of these pages, said once in each route's summary. */
export const MOTION_RULE =
  "; a vessel user (type 4) gets other vessels' rows as public schedule facts only (motion null)";

export interface MotionRow {
  pos_dt: Date | null;
  lat: number | null;
  lon: number | null;
  sog: number | null;
  cog: number | null;
  hdg: number | null;
  nav_sts: string | null;
}

/** The newest AIS fix of every vessel in `vessels` (a SQL set of vsl_cd), as a CTE named pos. */
export const POS_CTE = (vessels: string) =>
  `pos AS (SELECT DISTINCT ON (vsl_cd) vsl_cd, pos_dt, lat, lon, sog, cog, hdg, nav_sts FROM vessel_positions
            WHERE vsl_cd IN (${vessels}) ORDER BY vsl_cd, pos_dt DESC)`;

/** A vessel's AIS state for this caller: null for another vessel when the caller is a vessel user (type 4). */
export function motionFor(user: AuthUser, vslCd: string, r: MotionRow): VesselMotion {
  if (isVesselUser(user) && vslCd !== user.ofcId) return null;
  if (!r.pos_dt || r.lat === null || r.lon === null) return null;
  return {
    posDt: isoRequired(r.pos_dt),
    lat: r.lat,
    lon: r.lon,
    sog: r.sog ?? 0,
    cog: r.cog ?? 0,
    hdg: r.hdg ?? r.cog ?? 0,
    navSts: r.nav_sts ?? 'UNDER_WAY',
  };
}
