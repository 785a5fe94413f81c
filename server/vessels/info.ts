// Around a vessel: storms near it, its persons in charge, an operational status summary (osr), its events (all, or
// of one day) and a country's holidays.
import type { AuthUser } from '../auth/user.ts';
import type { Sql } from '../db/db.ts';
import { notFound } from '../http/errors.ts';
import { parseDay } from '../http/params.ts';
import { iso, isoRequired } from '../http/rows.ts';
import { roleGroup, USER_TYPE } from '../../src/core/role.ts';
import type { EventListResponse } from '../../src/core/contract/common.ts';
import type {
  HolidayResponse,
  OsrResponse,
  Pic,
  PicResponse,
  TyphoonStormResponse,
} from '../../src/core/contract/vessel.ts';
import { listEvents } from '../events/events.ts';
import { distanceNm, round } from './measures.ts';
import { currentVoyage, latestPosition, loadVessel, nextCall, previousCall } from './access.ts';

/** A storm threatens a vessel within its radius plus this margin. */
const STORM_MARGIN_NM = 300;
/** An arrival counts as on time up to this many hours after the ETA. */
const ON_TIME_HRS = 1;

interface StormRow {
  storm_id: string;
  storm_nm: string;
  category: string;
  obs_dt: Date;
  lat: number;
  lon: number;
  wind_kts: number;
  radius_nm: number;
  track: unknown;
}

/** The forecast track as stored (jsonb [{dt, lat, lon, windKts}]), keeping only well-formed points. */
function trackOf(raw: unknown) {
  if (!Array.isArray(raw)) return [];
  const out: { dt: string; lat: number; lon: number; windKts: number }[] = [];
  for (const p of raw as Record<string, unknown>[]) {
    const dt = typeof p.dt === 'string' ? iso(p.dt) : null;
    if (dt && typeof p.lat === 'number' && typeof p.lon === 'number') {
      out.push({ dt, lat: p.lat, lon: p.lon, windKts: typeof p.windKts === 'number' ? p.windKts : 0 });
    }
  }
  return out;
}

/** Storms with their distance from the vessel, nearest first; a threat when within radius + STORM_MARGIN_NM. */
export async function stormsNear(sql: Sql, user: AuthUser, vslCd: string): Promise<TyphoonStormResponse> {
  const v = await loadVessel(sql, user, vslCd);
  const pos = await latestPosition(sql, v.vsl_cd);
  const storms = await sql.query<StormRow>('SELECT * FROM storms ORDER BY storm_id');
  const list = storms.map((s) => {
    const dist = pos ? round(distanceNm(pos.lat, pos.lon, s.lat, s.lon)) : null;
    return {
      stormId: s.storm_id,
      stormNm: s.storm_nm,
      category: s.category,
      obsDt: isoRequired(s.obs_dt),
      lat: s.lat,
      lon: s.lon,
      windKts: s.wind_kts,
      radiusNm: s.radius_nm,
      distNm: dist,
      threat: dist !== null && dist <= s.radius_nm + STORM_MARGIN_NM,
      track: trackOf(s.track),
    };
  });
  list.sort((a, b) => (a.distNm ?? Infinity) - (b.distNm ?? Infinity) || (a.stormId < b.stormId ? -1 : 1));
  return {
    vslCd: v.vsl_cd,
    posDt: iso(pos?.pos_dt),
    lat: pos?.lat ?? null,
    lon: pos?.lon ?? null,
    stormList: list,
  };
}

/** Persons in charge of the vessel: its own users, then the operators following it. */
export async function personsInCharge(sql: Sql, user: AuthUser, vslCd: string): Promise<PicResponse> {
  const v = await loadVessel(sql, user, vslCd);
  const rows = await sql.query<{
    usr_id: string;
    usr_nm: string;
    usr_tp_cd: string;
    usr_role_cd: string;
    email: string;
    own: boolean;
  }>(
    `SELECT u.usr_id, u.usr_nm, u.usr_tp_cd, u.usr_role_cd, u.email, (u.usr_tp_cd = '${USER_TYPE.vessel}' AND u.ofc_id = $1) AS own
           FROM users u
          WHERE (u.usr_tp_cd = '${USER_TYPE.vessel}' AND u.ofc_id = $1)
             OR EXISTS (SELECT 1 FROM user_relations r WHERE r.usr_id = u.usr_id AND r.rel_tp_cd = 'REL_USR_VSL' AND r.rel_cd = $1)
          ORDER BY own DESC, u.usr_nm, u.usr_id`,
    [v.vsl_cd],
  );
  const picList: Pic[] = [];
  for (const r of rows) {
    if (r.own) picList.push({ usrId: r.usr_id, usrNm: r.usr_nm, role: 'vessel', email: r.email });
    else if (roleGroup(r.usr_role_cd) === 'operator')
      picList.push({ usrId: r.usr_id, usrNm: r.usr_nm, role: 'operator', email: r.email });
  }
  return { vslCd: v.vsl_cd, picList };
}

/** Operational status summary: schedule reliability of past calls, last and next port, current state. */
export async function statusSummary(sql: Sql, user: AuthUser, vslCd: string): Promise<OsrResponse> {
  const v = await loadVessel(sql, user, vslCd);
  const stats = await sql.query<{
    arrived: number;
    on_time: number;
    avg_hrs: number | null;
    skipped: number;
  }>(
    `SELECT count(*) FILTER (WHERE ata IS NOT NULL)::int AS arrived,
                count(*) FILTER (WHERE ata IS NOT NULL AND ata <= eta + make_interval(hours => $2::int))::int AS on_time,
                avg(extract(epoch FROM (eta - ata)) / 3600) FILTER (WHERE ata IS NOT NULL)::float8 AS avg_hrs,
                count(*) FILTER (WHERE skip_yn = 'Y')::int AS skipped
           FROM port_calls WHERE vsl_cd = $1`,
    [v.vsl_cd, ON_TIME_HRS],
  );
  const s = stats[0] ?? { arrived: 0, on_time: 0, avg_hrs: null, skipped: 0 };
  const voy = await currentVoyage(sql, v.vsl_cd);
  const pos = await latestPosition(sql, v.vsl_cd);
  const prev = await previousCall(sql, v.vsl_cd);
  const next = await nextCall(sql, v.vsl_cd);
  return {
    vslCd: v.vsl_cd,
    vslNm: v.vsl_nm,
    laneCd: v.lane_cd,
    skdVoyNo: voy?.skd_voy_no ?? null,
    skdDirCd: voy?.skd_dir_cd ?? null,
    navSts: pos?.nav_sts ?? null,
    sog: pos?.sog ?? null,
    posDt: iso(pos?.pos_dt),
    arrivedCalls: s.arrived,
    onTimeCalls: s.on_time,
    onTimeRatio: s.arrived > 0 ? round(s.on_time / s.arrived, 3) : null,
    avgEtaDelayHrs: s.avg_hrs === null ? null : round(Number(s.avg_hrs)),
    skippedCalls: s.skipped,
    lastPort: prev ? { portCd: prev.port_cd, portNm: prev.port_nm, dt: iso(prev.atd ?? prev.ata) } : null,
    nextPort: next ? { portCd: next.port_cd, portNm: next.port_nm, dt: iso(next.eta) } : null,
  };
}

/** The vessel's events, newest first, with remarks; of one UTC day (YYYY-MM-DD) when `day` is given. */
export async function vesselEvents(
  sql: Sql,
  user: AuthUser,
  vslCd: string,
  day?: { date: string | undefined },
): Promise<EventListResponse> {
  const v = await loadVessel(sql, user, vslCd);
  if (!day) return { eventList: await listEvents(sql, user, { vslCd: v.vsl_cd }) };
  const today = new Date().toISOString().slice(0, 10);
  const from = parseDay(day.date ?? today, 'date');
  const to = new Date(from.getTime() + 24 * 3_600_000 - 1);
  return { eventList: await listEvents(sql, user, { vslCd: v.vsl_cd, from, to }) };
}

/** A country's public holidays of a year, in date order; 404 for a country no port or holiday names. */
export async function holidays(sql: Sql, cntCd: string, year: number): Promise<HolidayResponse> {
  const known = await sql.query(
    'SELECT 1 FROM ports WHERE cnt_cd = $1 UNION ALL SELECT 1 FROM holidays WHERE cnt_cd = $1 LIMIT 1',
    [cntCd],
  );
  if (!known[0]) throw notFound(`cntCd ${cntCd} was not found`);
  const rows = await sql.query<{ hol_dt: string; hol_nm: string }>(
    `SELECT to_char(hol_dt, 'YYYY-MM-DD') AS hol_dt, hol_nm FROM holidays
          WHERE cnt_cd = $1 AND extract(year FROM hol_dt) = $2 ORDER BY hol_dt, hol_nm`,
    [cntCd, year],
  );
  return { cntCd, year, holidayList: rows.map((r) => ({ holDt: r.hol_dt, holNm: r.hol_nm })) };
}
