// Who may read or write which vessel (the server side of product.md#who-may-do-what), and the vessel rows the vessel module shares:
// a vessel user (type 4) only its own vessel (ofcId), types 5 and 6 read any vessel but write none.
import type { AuthUser } from '../auth/user.ts';
import type { Sql } from '../db/db.ts';
import { forbidden, notFound } from '../http/errors.ts';
import { iso, isoRequired } from '../http/rows.ts';
import { isRestricted, isVesselUser, type RoleGroup } from '../../src/core/role.ts';
import type { AisPosition } from '../../src/core/contract/vessel.ts';
import type { VesselReport } from '../../src/core/contract/vessel-reports.ts';
import { delayHrs } from './measures.ts';
import type { CallTimesRow } from '../http/rows.ts';

export interface VesselRow {
  vsl_cd: string;
  vsl_nm: string;
  /** The particulars a source did not give are null (migration 015). */
  imo_no: string | null;
  call_sgn: string | null;
  flag_cd: string | null;
  crr_cd: string;
  lane_cd: string;
  teu: number | null;
  built_yr: number | null;
  loa_m: number | null;
  svc_spd: number | null;
  mmsi: string | null;
  beam_m: number | null;
  draught_m: number | null;
}

/** 403 when a vessel user asks for another vessel, or when a read-only user (type 5, 6) writes. */
function assertVesselScope(user: AuthUser, vslCd: string, access: 'read' | 'write'): void {
  if (isVesselUser(user) && vslCd !== user.ofcId) {
    throw forbidden(`A vessel user may only open its own vessel ${user.ofcId}, not vslCd ${vslCd}`);
  }
  if (access === 'write' && isRestricted(user)) throw forbidden('Users of type 5 and 6 are read-only');
}

/**
 * The write rule of one vessel call: the vessel's own users when 'vessel' is allowed, else users whose role group
 * (product.md#who-may-do-what: NAV00/NAV01 operator, AGT00 agent) is allowed; never types 5 and 6.
 */
export function assertVesselWriter(user: AuthUser, vslCd: string, allowed: readonly RoleGroup[]): void {
  assertVesselScope(user, vslCd, 'write');
  const ok = isVesselUser(user)
    ? allowed.includes('vessel')
    : user.role !== 'vessel' && allowed.includes(user.role);
  if (!ok)
    throw forbidden(
      `Only ${allowed.map((g) => (g === 'vessel' ? "the vessel's own users" : `${g}s`)).join(' and ')} may do this`,
    );
}

/** The vessel after the scope check; 404 naming vslCd when it does not exist. */
export async function loadVessel(
  sql: Sql,
  user: AuthUser,
  vslCd: string,
  access: 'read' | 'write' = 'read',
): Promise<VesselRow> {
  assertVesselScope(user, vslCd, access);
  const rows = await sql.query<VesselRow>('SELECT * FROM vessels WHERE vsl_cd = $1', [vslCd]);
  const row = rows[0];
  if (!row) throw notFound(`vslCd ${vslCd} was not found`);
  return row;
}

// ---- positions ----

export interface PositionRow {
  vsl_cd: string;
  pos_dt: Date;
  lat: number;
  lon: number;
  sog: number;
  cog: number;
  hdg: number;
  nav_sts: string;
}

export async function latestPosition(sql: Sql, vslCd: string): Promise<PositionRow | null> {
  const rows = await sql.query<PositionRow>(
    'SELECT * FROM vessel_positions WHERE vsl_cd = $1 ORDER BY pos_dt DESC LIMIT 1',
    [vslCd],
  );
  return rows[0] ?? null;
}

export const toPosition = (p: PositionRow): AisPosition => ({
  vslCd: p.vsl_cd,
  posDt: isoRequired(p.pos_dt),
  lat: p.lat,
  lon: p.lon,
  sog: p.sog,
  cog: p.cog,
  hdg: p.hdg,
  navSts: p.nav_sts,
});

// ---- voyages and port calls ----

export interface VoyageRow {
  vsl_cd: string;
  skd_voy_no: string;
  skd_dir_cd: string;
  lane_cd: string;
  is_current: boolean;
}

export async function currentVoyage(sql: Sql, vslCd: string): Promise<VoyageRow | null> {
  const rows = await sql.query<VoyageRow>(
    'SELECT * FROM voyages WHERE vsl_cd = $1 AND is_current ORDER BY skd_voy_no DESC, skd_dir_cd LIMIT 1',
    [vslCd],
  );
  return rows[0] ?? null;
}

export interface CallRow extends CallTimesRow {
  vsl_cd: string;
  skd_voy_no: string;
  skd_dir_cd: string;
  call_seq: number;
  port_cd: string;
  port_nm: string;
  cnt_cd: string;
  port_lat: number;
  /** The port's IANA time zone, for its local time beside UTC. */
  port_tz: string;
  port_lon: number;
  yd_cd: string | null;
}

export const CALL_SELECT = `SELECT c.vsl_cd, c.skd_voy_no, c.skd_dir_cd, c.call_seq, c.port_cd, p.port_nm, p.cnt_cd,
       p.lat AS port_lat, p.lon AS port_lon, p.tz AS port_tz, c.yd_cd, c.yd_nm, c.eta, c.etb, c.etd, c.ata, c.atb, c.atd, c.skip_yn, c.pf_eta,
       c.ata_src, c.atb_src, c.atd_src
  FROM port_calls c JOIN ports p ON p.port_cd = c.port_cd`;

/**
 * The vessel's next call: the first one (by ETA) not yet departed and not skipped, with no later call already
 * arrived at (so an ETA left stale by a late departure still counts, an abandoned older call does not).
 * While in port that is the call it is at.
 */
export const NEXT_CALL_WHERE = `c.atd IS NULL AND c.skip_yn = 'N'
  AND NOT EXISTS (SELECT 1 FROM port_calls x WHERE x.vsl_cd = c.vsl_cd AND x.ata IS NOT NULL AND x.eta > c.eta)`;

export async function nextCall(sql: Sql, vslCd: string): Promise<CallRow | null> {
  const rows = await sql.query<CallRow>(
    `${CALL_SELECT} WHERE c.vsl_cd = $1 AND ${NEXT_CALL_WHERE} ORDER BY c.eta, c.call_seq LIMIT 1`,
    [vslCd],
  );
  return rows[0] ?? null;
}

/** The last call the vessel has left. */
export async function previousCall(sql: Sql, vslCd: string): Promise<CallRow | null> {
  const rows = await sql.query<CallRow>(
    `${CALL_SELECT} WHERE c.vsl_cd = $1 AND c.atd IS NOT NULL ORDER BY c.atd DESC, c.call_seq DESC LIMIT 1`,
    [vslCd],
  );
  return rows[0] ?? null;
}

export const toCallRef = (c: CallRow, at: number) => ({
  skdVoyNo: c.skd_voy_no,
  skdDirCd: c.skd_dir_cd,
  callSeq: c.call_seq,
  portCd: c.port_cd,
  portNm: c.port_nm,
  ydNm: c.yd_nm,
  eta: isoRequired(c.eta),
  etb: isoRequired(c.etb),
  etd: isoRequired(c.etd),
  ata: iso(c.ata),
  atb: iso(c.atb),
  atd: iso(c.atd),
  pfEta: iso(c.pf_eta),
  etaDelayHrs: c.skip_yn === 'Y' ? null : delayHrs(c.pf_eta, c.eta, c.ata, at),
});

// ---- reports ----

export interface ReportRow {
  vsl_cd: string;
  rpt_dt: Date;
  rpt_tp_cd: string;
  lat: number;
  lon: number;
  avg_spd: number;
  dist_nm: number;
  foc_mt: number;
  rob_fo_mt: number;
  rob_do_mt: number;
  remark: string;
}

export const toReport = (r: ReportRow): VesselReport => ({
  vslCd: r.vsl_cd,
  rptDt: isoRequired(r.rpt_dt),
  rptTpCd: r.rpt_tp_cd,
  lat: r.lat,
  lon: r.lon,
  avgSpd: r.avg_spd,
  distNm: r.dist_nm,
  focMt: r.foc_mt,
  robFoMt: r.rob_fo_mt,
  robDoMt: r.rob_do_mt,
  remark: r.remark,
});
