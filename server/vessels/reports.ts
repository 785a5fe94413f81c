// A vessel's noon/arrival/departure reports: the latest report, the daily sheet, fuel summed over a period
// (calc-foc) and the weekly Carbon Intensity Indicator (cii/week).
import type { AuthUser } from '../auth/user.ts';
import type { Sql } from '../db/db.ts';
import { badRequest } from '../http/errors.ts';
import { parseRange } from '../http/params.ts';
import type {
  CalcFocResponse,
  CiiRating,
  CiiWeek,
  CiiWeekResponse,
  DailySheetResponse,
  VesselReport,
} from '../../src/core/contract/vessel-reports.ts';
import { HOUR_MS, round } from './measures.ts';
import { loadVessel, toReport, type ReportRow } from './access.ts';

const DAY_MS = 24 * HOUR_MS;
const CO2_PER_FUEL = 3.114; // t CO2 per t HFO (IMO)
const DWT_PER_TEU = 12; // rough container-ship deadweight per TEU

/** IMO CII reference line for container ships: a * DWT^-c (MEPC.353(78)). */
const ciiReference = (dwt: number) => 1984 * dwt ** -0.489;
/** Reduction factor Z (%) below the 2019 reference, by year (MEPC.338(76); 2027-2030 as agreed at MEPC 83). */
const Z: Record<number, number> = {
  2023: 5,
  2024: 7,
  2025: 9,
  2026: 11,
  2027: 13.625,
  2028: 16.25,
  2029: 18.875,
  2030: 21.5,
};
const zFor = (year: number) => Z[Math.min(2030, Math.max(2023, year))] ?? 11;
/** Rating boundaries (attained / required) for container ships: exp(d1..d4) of MEPC.354(78). */
const BOUNDS: ReadonlyArray<[number, CiiRating]> = [
  [0.83, 'A'],
  [0.94, 'B'],
  [1.07, 'C'],
  [1.19, 'D'],
];
const MAX_FOC_DAYS = 366;

function ciiRating(attained: number, required: number): CiiRating {
  const ratio = attained / required;
  for (const [bound, rating] of BOUNDS) if (ratio < bound) return rating;
  return 'E';
}

/** Monday 00:00 UTC of the ISO week of d, and the week's label (e.g. 2026-W47). */
function isoWeek(d: Date): { start: Date; label: string } {
  const day = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
  const dow = (day.getUTCDay() + 6) % 7; // Monday 0
  const start = new Date(day.getTime() - dow * DAY_MS);
  const thursday = new Date(start.getTime() + 3 * DAY_MS);
  const year = thursday.getUTCFullYear();
  const jan1 = Date.UTC(year, 0, 1);
  const week = Math.floor((thursday.getTime() - jan1) / DAY_MS / 7) + 1;
  return { start, label: `${year}-W${String(week).padStart(2, '0')}` };
}

const reports = (sql: Sql, vslCd: string, from: Date, to: Date, order: 'ASC' | 'DESC') =>
  sql.query<ReportRow>(
    `SELECT * FROM vessel_reports WHERE vsl_cd = $1 AND rpt_dt >= $2 AND rpt_dt <= $3 ORDER BY rpt_dt ${order}`,
    [vslCd, from, to],
  );

/** The vessel's newest report, or null. */
export async function latestReport(sql: Sql, user: AuthUser, vslCd: string): Promise<VesselReport | null> {
  const v = await loadVessel(sql, user, vslCd);
  const rows = await sql.query<ReportRow>(
    'SELECT * FROM vessel_reports WHERE vsl_cd = $1 ORDER BY rpt_dt DESC LIMIT 1',
    [v.vsl_cd],
  );
  return rows[0] ? toReport(rows[0]) : null;
}

/** The vessel's reports of the last `days` days, newest first. */
export async function dailySheet(
  sql: Sql,
  user: AuthUser,
  vslCd: string,
  days: number,
): Promise<DailySheetResponse> {
  const v = await loadVessel(sql, user, vslCd);
  const now = new Date();
  const rows = await reports(sql, v.vsl_cd, new Date(now.getTime() - days * DAY_MS), now, 'DESC');
  return { vslCd: v.vsl_cd, days, reportList: rows.map(toReport) };
}

/** Fuel consumed and distance sailed between fromDt and toDt (default the last 7 days), from the reports. */
export async function calcFoc(
  sql: Sql,
  user: AuthUser,
  q: { vslCd: string; fromDt?: string | undefined; toDt?: string | undefined },
): Promise<CalcFocResponse> {
  const v = await loadVessel(sql, user, q.vslCd);
  const range = parseRange(q.fromDt, q.toDt);
  // The default end is the next full hour, so repeated calls within the hour keep one ETag.
  const to = range.to ?? new Date(Math.ceil(Date.now() / HOUR_MS) * HOUR_MS);
  const from = range.from ?? new Date(to.getTime() - 7 * DAY_MS);
  if (from.getTime() > to.getTime()) throw badRequest('fromDt must not be later than toDt');
  if (to.getTime() - from.getTime() > MAX_FOC_DAYS * DAY_MS)
    throw badRequest(`fromDt to toDt may span at most ${MAX_FOC_DAYS} days`);
  const rows = await reports(sql, v.vsl_cd, from, to, 'ASC');
  let foc = 0;
  let dist = 0;
  let hours = 0;
  for (const r of rows) {
    foc += r.foc_mt;
    dist += r.dist_nm;
    if (r.avg_spd > 0) hours += r.dist_nm / r.avg_spd;
  }
  return {
    vslCd: v.vsl_cd,
    fromDt: from.toISOString(),
    toDt: to.toISOString(),
    focMt: round(foc, 2),
    distNm: round(dist),
    avgSpd: hours > 0 ? round(dist / hours, 2) : null,
    reports: rows.map(toReport),
  };
}

/** Weekly distance, fuel, CO2 and attained CII with its A-E rating over the last 8 ISO weeks. */
export async function ciiWeeks(sql: Sql, user: AuthUser, vslCd: string): Promise<CiiWeekResponse> {
  const v = await loadVessel(sql, user, vslCd);
  // A vessel whose capacity is not known (a source's, migration 015) has no size to rate it by: no dwt, no rating.
  const dwt = v.teu ? v.teu * DWT_PER_TEU : null;
  const now = new Date();
  const required = dwt === null ? null : ciiReference(dwt) * (1 - zFor(now.getUTCFullYear()) / 100);
  const current = isoWeek(now).start;
  const first = new Date(current.getTime() - 7 * 7 * DAY_MS);
  const rows = await sql.query<ReportRow>(
    'SELECT * FROM vessel_reports WHERE vsl_cd = $1 AND rpt_dt >= $2 AND rpt_dt < $3 ORDER BY rpt_dt',
    [v.vsl_cd, first, new Date(current.getTime() + 7 * DAY_MS)],
  );
  const weekList: CiiWeek[] = [];
  for (let i = 0; i < 8; i++) {
    const start = new Date(first.getTime() + i * 7 * DAY_MS);
    const end = new Date(start.getTime() + 7 * DAY_MS);
    const inWeek = rows.filter(
      (r) => r.rpt_dt.getTime() >= start.getTime() && r.rpt_dt.getTime() < end.getTime(),
    );
    const dist = inWeek.reduce((s, r) => s + r.dist_nm, 0);
    const foc = inWeek.reduce((s, r) => s + r.foc_mt, 0);
    const co2 = foc * CO2_PER_FUEL;
    const attained = dist > 0 && dwt !== null ? (co2 * 1e6) / (dwt * dist) : null;
    weekList.push({
      week: isoWeek(start).label,
      fromDt: start.toISOString(),
      toDt: end.toISOString(),
      distNm: round(dist),
      focMt: round(foc, 2),
      co2Mt: round(co2, 2),
      ciiAttained: attained === null ? null : round(attained, 2),
      rating: attained === null || required === null ? null : ciiRating(attained, required),
    });
  }
  return { vslCd: v.vsl_cd, dwt, ciiRequired: required === null ? null : round(required, 2), weekList };
}
