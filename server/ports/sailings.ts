// Port to port (product.md#port-to-port, product.md#who-may-do-what): every vessel's calls still to come as the compact schedule set the
// device keeps for searches at sea, and the search itself, answered from that same set (src/core/sailings.ts) so the
// server and the device agree. Schedules are public facts: any signed-on user reads them.
import type { Sql } from '../db/db.ts';
import { badRequest, notFound } from '../http/errors.ts';
import {
  type ScheduleCall,
  type ScheduleSet,
  type Sailings,
  type SailingsQuery,
} from '../../src/core/contract/sailings.ts';
import { findSailings, sailingsWindow } from '../../src/core/sailings.ts';
import { SAILINGS_MAX_WEEKS, SAILINGS_WEEKS } from '../../src/core/sailing-weeks.ts';
import { HOUR_MS, thisHour } from '../vessels/measures.ts';

/** The set reaches this far beyond the longest search, so that a sailing's arrival is in it too. */
const SET_DAYS = SAILINGS_MAX_WEEKS * 7 + 42;
const MIN_MS = 60_000;

interface CallRow {
  lane_cd: string;
  lane_nm: string;
  crr_cd: string;
  bg_colr: string;
  fg_colr: string;
  vsl_cd: string;
  vsl_nm: string;
  voy_no: string;
  port_cd: string;
  eta: Date;
  etd: Date;
}

/** Every voyage's calls not yet left and not omitted, within SET_DAYS, by service, voyage and call order. */
export async function scheduleSet(sql: Sql, now = Date.now()): Promise<ScheduleSet> {
  const base = thisHour(now);
  const rows = await sql.query<CallRow>(
    `SELECT vo.lane_cd, l.lane_nm, l.crr_cd, cr.bg_colr, cr.fg_colr, c.vsl_cd, v.vsl_nm,
            c.skd_voy_no || c.skd_dir_cd AS voy_no, c.port_cd, coalesce(c.ata, c.eta) AS eta, c.etd
       FROM port_calls c
       JOIN voyages vo ON vo.vsl_cd = c.vsl_cd AND vo.skd_voy_no = c.skd_voy_no AND vo.skd_dir_cd = c.skd_dir_cd
       JOIN lanes l ON l.lane_cd = vo.lane_cd
       JOIN carriers cr ON cr.crr_cd = l.crr_cd
       JOIN vessels v ON v.vsl_cd = c.vsl_cd
      WHERE c.atd IS NULL AND c.skip_yn = 'N' AND c.etd >= $1 AND c.eta < $2
      ORDER BY vo.lane_cd, c.vsl_cd, c.skd_voy_no, c.skd_dir_cd, c.call_seq`,
    [new Date(base), new Date(base + SET_DAYS * 24 * HOUR_MS)],
  );
  const minutes = (d: Date) => Math.round((d.getTime() - base) / MIN_MS);
  const services: ScheduleSet['services'] = [];
  for (const r of rows) {
    let s = services.at(-1);
    if (s?.laneCd !== r.lane_cd) {
      s = {
        laneCd: r.lane_cd,
        laneNm: r.lane_nm,
        crrCd: r.crr_cd,
        bg: r.bg_colr,
        fg: r.fg_colr,
        voyages: [],
      };
      services.push(s);
    }
    let v = s.voyages.at(-1);
    if (v?.vslCd !== r.vsl_cd || v.voyNo !== r.voy_no) {
      v = { vslCd: r.vsl_cd, vslNm: r.vsl_nm, voyNo: r.voy_no, calls: [] };
      s.voyages.push(v);
    }
    const call: ScheduleCall = [r.port_cd, minutes(r.eta), minutes(r.etd)];
    v.calls.push(call);
  }
  return { base: new Date(base).toISOString(), services };
}

/** The sailings from one port to another: 400 for the same port twice, 404 naming a port there is none of. */
export async function sailings(sql: Sql, q: SailingsQuery, now = Date.now()): Promise<Sailings> {
  if (q.fromPortCd === q.toPortCd) throw badRequest('Pick two different ports: from and to are the same.');
  const known = await sql.query<{ port_cd: string }>('SELECT port_cd FROM ports WHERE port_cd = ANY($1)', [
    [q.fromPortCd, q.toPortCd],
  ]);
  for (const cd of [q.fromPortCd, q.toPortCd])
    if (!known.some((k) => k.port_cd === cd)) throw notFound(`portCd ${cd} was not found`);
  const weeks = q.weeks ?? SAILINGS_WEEKS;
  const at = thisHour(now);
  const set = await scheduleSet(sql, now);
  return {
    fromPortCd: q.fromPortCd,
    toPortCd: q.toPortCd,
    ...sailingsWindow(at, weeks),
    sailings: findSailings(set, q.fromPortCd, q.toPortCd, at, weeks),
  };
}
