// A port's calls around now and its status with recent changes (product.md#routes /port/live and /port/status). Any
// signed-on user reads them; a vessel user (type 4) sees other vessels' calls as public schedule facts only (see
// ./motion.ts).
import type { AuthUser } from '../auth/user.ts';
import type { Sql } from '../db/db.ts';
import { notFound } from '../http/errors.ts';
import { fromAisOf, iso, isoRequired } from '../http/rows.ts';
import {
  PORT_DEPARTED_HOURS,
  PORT_EXPECTED_DAYS,
  PORT_STATUS_HISTORY_MAX,
  type PortCall,
  type PortIdentity,
  type PortLive,
  type PortStatus,
  type PortStatusEntry,
} from '../../src/core/contract/port.ts';
import { delayHrs, HOUR_MS, thisHour } from '../vessels/measures.ts';
import type { CallTimesRow } from '../http/rows.ts';
import { motionFor, POS_CTE, type MotionRow } from './motion.ts';

/** A later call of the same vessel already arrived: this one was left behind (never reached, or stale). */
const PASSED_BY = `EXISTS (SELECT 1 FROM port_calls x WHERE x.vsl_cd = c.vsl_cd AND x.ata IS NOT NULL AND x.eta > c.eta)`;

async function loadPort(sql: Sql, portCd: string): Promise<PortIdentity> {
  const rows = await sql.query<{
    port_cd: string;
    port_nm: string;
    cnt_cd: string;
    cnt_nm: string;
    lat: number;
    lon: number;
    tz: string;
  }>('SELECT port_cd, port_nm, cnt_cd, cnt_nm, lat, lon, tz FROM ports WHERE port_cd = $1', [portCd]);
  const p = rows[0];
  if (!p) throw notFound(`portCd ${portCd} was not found`);
  return {
    portCd: p.port_cd,
    portNm: p.port_nm,
    cntCd: p.cnt_cd,
    cntNm: p.cnt_nm,
    lat: p.lat,
    lon: p.lon,
    tz: p.tz,
  };
}

interface CallRow extends MotionRow, CallTimesRow {
  vsl_cd: string;
  vsl_nm: string;
  crr_cd: string;
  bg_colr: string;
  fg_colr: string;
  lane_cd: string;
  skd_voy_no: string;
  skd_dir_cd: string;
  call_seq: number;
  yd_cd: string | null;
}

interface StatusRow {
  sts_nm: string;
  sts_frm_dt: Date;
  sts_reas_nm: string;
}

const statusEntry = (r: StatusRow): PortStatusEntry => ({
  stsNm: r.sts_nm,
  stsFrmDt: isoRequired(r.sts_frm_dt),
  stsReasNm: r.sts_reas_nm,
});

/** The port's status now (N009 fields), null when it has none. */
async function currentStatus(sql: Sql, portCd: string): Promise<PortStatusEntry | null> {
  const rows = await sql.query<StatusRow>(
    'SELECT sts_nm, sts_frm_dt, sts_reas_nm FROM port_status WHERE port_cd = $1',
    [portCd],
  );
  return rows[0] ? statusEntry(rows[0]) : null;
}

/** A port and its calls around now: expected, alongside and departed, with the port's current status. */
export async function portLive(sql: Sql, user: AuthUser, portCd: string): Promise<PortLive> {
  const port = await loadPort(sql, portCd);
  const at = thisHour();
  const to = at + PORT_EXPECTED_DAYS * 24 * HOUR_MS;
  const from = at - PORT_DEPARTED_HOURS * HOUR_MS;
  const rows = await sql.query<CallRow>(
    `WITH ${POS_CTE('SELECT vsl_cd FROM port_calls WHERE port_cd = $1')}
     SELECT c.vsl_cd, v.vsl_nm, v.crr_cd, cr.bg_colr, cr.fg_colr, vo.lane_cd, c.skd_voy_no, c.skd_dir_cd,
            c.call_seq, c.yd_cd, c.yd_nm, c.eta, c.etb, c.etd, c.ata, c.atb, c.atd, c.skip_yn, c.pf_eta,
            c.ata_src, c.atb_src, c.atd_src, pos.pos_dt, pos.lat, pos.lon, pos.sog, pos.cog, pos.hdg, pos.nav_sts
       FROM port_calls c
       JOIN vessels v ON v.vsl_cd = c.vsl_cd
       JOIN carriers cr ON cr.crr_cd = v.crr_cd
       JOIN voyages vo ON vo.vsl_cd = c.vsl_cd AND vo.skd_voy_no = c.skd_voy_no AND vo.skd_dir_cd = c.skd_dir_cd
       LEFT JOIN pos ON pos.vsl_cd = c.vsl_cd
      WHERE c.port_cd = $1
        AND (c.atd >= $2
          OR (c.atd IS NULL AND c.ata IS NOT NULL AND NOT ${PASSED_BY})
          OR (c.ata IS NULL AND c.eta < $3 AND c.eta >= $4 AND NOT ${PASSED_BY}
              AND (c.skip_yn = 'N' OR c.eta >= $5)))
      ORDER BY c.eta, c.vsl_cd, c.call_seq`,
    [
      port.portCd,
      new Date(from),
      new Date(to),
      new Date(at - PORT_EXPECTED_DAYS * 24 * HOUR_MS),
      new Date(at),
    ],
  );
  const call = (r: CallRow): PortCall => ({
    vslCd: r.vsl_cd,
    vslNm: r.vsl_nm,
    crrCd: r.crr_cd,
    crrBgColrVal: r.bg_colr,
    crrFgColrVal: r.fg_colr,
    laneCd: r.lane_cd,
    skdVoyNo: r.skd_voy_no,
    skdDirCd: r.skd_dir_cd,
    callSeq: r.call_seq,
    ydCd: r.yd_cd,
    ydNm: r.yd_nm,
    eta: isoRequired(r.eta),
    etb: isoRequired(r.etb),
    etd: isoRequired(r.etd),
    ata: iso(r.ata),
    atb: iso(r.atb),
    atd: iso(r.atd),
    ...fromAisOf(r),
    delayHrs: r.skip_yn === 'Y' ? null : delayHrs(r.pf_eta, r.eta, r.ata, at),
    omitted: r.skip_yn === 'Y',
    motion: motionFor(user, r.vsl_cd, r),
  });
  const time = (d: Date | null) => d?.getTime() ?? 0;
  return {
    port,
    status: await currentStatus(sql, port.portCd),
    from: new Date(from).toISOString(),
    to: new Date(to).toISOString(),
    expected: rows.filter((r) => !r.ata).map(call),
    alongside: rows
      .filter((r) => r.ata && !r.atd)
      .sort((a, b) => time(a.ata) - time(b.ata) || a.vsl_cd.localeCompare(b.vsl_cd))
      .map(call),
    departed: rows
      .filter((r) => r.atd)
      .sort((a, b) => time(b.atd) - time(a.atd) || a.vsl_cd.localeCompare(b.vsl_cd))
      .map(call),
  };
}

/** A port's current status, since when and why (N009 fields), and its recent changes, newest first. */
export async function portStatus(sql: Sql, portCd: string): Promise<PortStatus> {
  const port = await loadPort(sql, portCd);
  const history = await sql.query<StatusRow>(
    `SELECT sts_nm, sts_frm_dt, sts_reas_nm FROM port_status_history WHERE port_cd = $1
      ORDER BY sts_frm_dt DESC, id DESC LIMIT ${PORT_STATUS_HISTORY_MAX}`,
    [port.portCd],
  );
  return { port, current: await currentStatus(sql, port.portCd), history: history.map(statusEntry) };
}
