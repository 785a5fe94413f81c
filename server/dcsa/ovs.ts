// The schedules of DCSA OVS 3.0.2 from Quay's live rows (integration.md#serving-schedules-dcsa-ovs-v3): a page of
// services, each with its vessels and their calls, as the standard's ServiceSchedule. Which calls match is the
// standard's rule (every filter, the dates as local dates at the port); what a caller may see is its reach.
import type { Sql } from '../db/db.ts';
import type { CallTimesRow } from '../http/rows.ts';
import type { Reach } from './common.ts';
import type { ServiceSchedule, Timestamp, TransportCall, VesselSchedule } from './ovs-schemas.ts';

/** The filters of a request with the date window resolved (so that every page of a cursor reads the same window). */
export interface OvsFilters {
  carrierServiceName?: string;
  carrierServiceCode?: string;
  universalServiceReference?: string;
  vesselIMONumber?: string;
  MMSINumber?: string;
  vesselName?: string;
  carrierVoyageNumber?: string;
  universalVoyageReference?: string;
  UNLocationCode?: string;
  facilitySMDGCode?: string;
  vesselOperatorSMDGLinerCode?: string;
  /** YYYY-MM-DD, both ends included, compared with each call's local dates. */
  startDate: string;
  endDate: string;
  responseScope: 'FULL_VOYAGE' | 'MATCHED_CALLS';
}

export interface OvsPage {
  schedules: ServiceSchedule[];
  /** The last service of the page when more follow: the next page starts after it. */
  next: string | null;
}

const FROM = `FROM port_calls c
  JOIN voyages v ON v.vsl_cd = c.vsl_cd AND v.skd_voy_no = c.skd_voy_no AND v.skd_dir_cd = c.skd_dir_cd
  JOIN vessels s ON s.vsl_cd = c.vsl_cd
  JOIN lanes l ON l.lane_cd = v.lane_cd
  JOIN ports p ON p.port_cd = c.port_cd
  LEFT JOIN terminals t ON t.port_cd = c.port_cd AND t.yd_cd = c.yd_cd`;

class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

function reachWhere(reach: Reach, p: Params): string {
  if (reach.kind === 'vessel') return `c.vsl_cd = ${p.add(reach.vslCd)}`;
  if (reach.kind === 'ports') return `c.port_cd = ANY(${p.add(reach.portCds)}::text[])`;
  return 'true';
}

/**
 * The calls that match every filter and the caller's reach. A call is in the window when its ATA, ETA or proforma
 * ETA falls on a local date at the port within it. Quay holds no universal service or voyage reference, so a filter
 * on one matches nothing rather than everything.
 */
function matchedCalls(f: OvsFilters, reach: Reach, p: Params): string {
  const start = p.add(f.startDate);
  const end = p.add(f.endDate);
  const local = (col: string) => `(${col} AT TIME ZONE p.tz)::date BETWEEN ${start}::date AND ${end}::date`;
  const where = [`(${local('c.ata')} OR ${local('c.eta')} OR ${local('c.pf_eta')})`, reachWhere(reach, p)];
  const eq = (value: string | undefined, sql: (param: string) => string) => {
    if (value !== undefined) where.push(sql(p.add(value)));
  };
  eq(f.carrierServiceName, (v) => `l.lane_nm = ${v}`);
  eq(f.carrierServiceCode, (v) => `l.lane_cd = ${v}`);
  eq(f.vesselIMONumber, (v) => `s.imo_no = ${v}`);
  eq(f.MMSINumber, (v) => `s.mmsi = ${v}`);
  // Vessel names are kept in capitals; a partner may write them as it likes.
  eq(f.vesselName, (v) => `upper(s.vsl_nm) = upper(${v})`);
  eq(f.carrierVoyageNumber, (v) => `c.skd_voy_no || c.skd_dir_cd = ${v}`);
  eq(f.UNLocationCode, (v) => `c.port_cd = ${v}`);
  eq(f.facilitySMDGCode, (v) => `t.smdg_cd = ${v}`);
  eq(f.vesselOperatorSMDGLinerCode, (v) => `s.crr_cd = ${v}`);
  if (f.universalServiceReference !== undefined || f.universalVoyageReference !== undefined)
    where.push('false');
  return `SELECT c.vsl_cd, c.skd_voy_no, c.skd_dir_cd, c.call_seq, v.lane_cd ${FROM} WHERE ${where.join(' AND ')}`;
}

/** A call with its vessel and service; its times as the port_calls table keeps them (CallTimesRow). */
export interface CallRow extends CallTimesRow {
  lane_cd: string;
  lane_nm: string;
  vsl_cd: string;
  vsl_nm: string;
  /** Null where unknown (migration 015), as the other particulars. */
  imo_no: string | null;
  mmsi: string | null;
  call_sgn: string | null;
  flag_cd: string | null;
  crr_cd: string;
  skd_voy_no: string;
  skd_dir_cd: string;
  call_seq: number;
  port_cd: string;
  port_nm: string;
  /** The port's IANA zone: CS writes its times as local times. */
  tz: string;
  smdg_cd: string | null;
}

/** One page of the matched calls, by service code, after the service `after` (null: from the first). */
export async function scheduleRows(
  sql: Sql,
  filters: OvsFilters,
  reach: Reach,
  page: { after: string | null; limit: number },
): Promise<{ rows: CallRow[]; next: string | null }> {
  const p = new Params();
  const matched = matchedCalls(filters, reach, p);
  const after = page.after === null ? '' : `WHERE lane_cd > ${p.add(page.after)}`;
  const lanes = await sql.query<{ lane_cd: string }>(
    `WITH matched AS (${matched}) SELECT DISTINCT lane_cd FROM matched ${after} ORDER BY lane_cd LIMIT ${p.add(page.limit + 1)}`,
    p.values,
  );
  const codes = lanes.slice(0, page.limit).map((r) => r.lane_cd);
  if (codes.length === 0) return { rows: [], next: null };
  const q = new Params();
  const again = matchedCalls(filters, reach, q);
  // A whole voyage is every call of a matched voyage the caller may see; else the matched calls alone.
  const which =
    filters.responseScope === 'FULL_VOYAGE'
      ? `(c.vsl_cd, c.skd_voy_no, c.skd_dir_cd) IN (SELECT vsl_cd, skd_voy_no, skd_dir_cd FROM matched) AND ${reachWhere(reach, q)}`
      : '(c.vsl_cd, c.skd_voy_no, c.skd_dir_cd, c.call_seq) IN (SELECT vsl_cd, skd_voy_no, skd_dir_cd, call_seq FROM matched)';
  const rows = await sql.query<CallRow>(
    `WITH matched AS (${again})
     SELECT l.lane_cd, l.lane_nm, s.vsl_cd, s.vsl_nm, s.imo_no, s.mmsi, s.call_sgn, s.flag_cd, s.crr_cd,
            c.skd_voy_no, c.skd_dir_cd, c.call_seq, c.port_cd, p.port_nm, p.tz, c.yd_nm, t.smdg_cd, c.eta, c.etb,
            c.etd, c.ata, c.atb, c.atd, c.pf_eta, c.skip_yn
       ${FROM}
      WHERE v.lane_cd = ANY(${q.add(codes)}::text[]) AND ${which}
      ORDER BY l.lane_cd, s.vsl_cd, min(c.eta) OVER (PARTITION BY c.vsl_cd, c.skd_voy_no, c.skd_dir_cd),
               c.skd_voy_no, c.skd_dir_cd, c.call_seq`,
    q.values,
  );
  return { rows, next: lanes.length > page.limit ? (codes.at(-1) ?? null) : null };
}

/** A service's rows: its first, and its vessels, each with its calls in order. */
export interface ServiceRows {
  first: CallRow;
  vessels: { first: CallRow; calls: CallRow[] }[];
}

/** The rows (ordered by service, then vessel) nested by service and vessel, for each standard to write its own way. */
export function byService(rows: readonly CallRow[]): ServiceRows[] {
  const services: ServiceRows[] = [];
  for (const r of rows) {
    let s = services.at(-1);
    if (s?.first.lane_cd !== r.lane_cd) {
      s = { first: r, vessels: [] };
      services.push(s);
    }
    let vessel = s.vessels.at(-1);
    if (vessel?.first.vsl_cd !== r.vsl_cd) {
      vessel = { first: r, calls: [] };
      s.vessels.push(vessel);
    }
    vessel.calls.push(r);
  }
  return services;
}

/** One page of service schedules, by service code, after the service `after` (null: from the first). */
export async function serviceSchedules(
  sql: Sql,
  filters: OvsFilters,
  reach: Reach,
  page: { after: string | null; limit: number },
): Promise<OvsPage> {
  const { rows, next } = await scheduleRows(sql, filters, reach, page);
  const schedules = byService(rows).map((s): ServiceSchedule => ({
    carrierServiceName: s.first.lane_nm.slice(0, 50),
    carrierServiceCode: s.first.lane_cd,
    vesselSchedules: s.vessels.map((v) => ({ ...vesselOf(v.first), transportCalls: v.calls.map(callOf) })),
  }));
  return { schedules, next };
}

function vesselOf(r: CallRow): VesselSchedule {
  return {
    // Quay's carrier codes are its own, not SMDG's: the standard asks for the code in use then.
    vesselOperatorSMDGLinerCode: r.crr_cd.slice(0, 10),
    ...(r.imo_no && /^\d{7}$/.test(r.imo_no) ? { vesselIMONumber: r.imo_no } : {}),
    ...(r.mmsi && /^\d{9}$/.test(r.mmsi) ? { MMSINumber: r.mmsi } : {}),
    vesselName: r.vsl_nm.slice(0, 35),
    ...(r.call_sgn ? { vesselCallSign: r.call_sgn.slice(0, 10) } : {}),
    isDummyVessel: false,
    transportCalls: [],
  };
}

const stamp = (
  eventTypeCode: Timestamp['eventTypeCode'],
  eventClassifierCode: Timestamp['eventClassifierCode'],
  at: Date | null,
  facilityTypeCode: 'BRTH' | 'PBPL',
): Timestamp[] =>
  at ? [{ eventTypeCode, eventClassifierCode, eventDateTime: at.toISOString(), facilityTypeCode }] : [];

/** A name the standard's locationName pattern takes: no spaces at either end or alone, at most 100 characters. */
export const locationName = (name: string): string | undefined => {
  const clean = name.trim().replace(/\s+/g, ' ').slice(0, 100).trim();
  return clean === '' ? undefined : clean;
};

/** A call's reference: vessel, voyage, port and sequence, e.g. QHZN-0399E-SGSIN-1. */
export const callReference = (r: CallRow): string =>
  `${r.vsl_cd}-${r.skd_voy_no}${r.skd_dir_cd}-${r.port_cd}-${r.call_seq}`;

function callOf(r: CallRow): TransportCall {
  const voyage = `${r.skd_voy_no}${r.skd_dir_cd}`;
  const name = locationName(r.yd_nm ?? r.port_nm);
  return {
    transportCallReference: callReference(r),
    // Quay's voyage has one number and one direction: the call arrives and leaves on it.
    carrierImportVoyageNumber: voyage,
    carrierExportVoyageNumber: voyage,
    location: r.smdg_cd
      ? {
          locationType: 'FACS',
          UNLocationCode: r.port_cd,
          facilitySMDGCode: r.smdg_cd,
          ...(name ? { locationName: name } : {}),
        }
      : { locationType: 'UNLO', UNLocationCode: r.port_cd, ...(name ? { locationName: name } : {}) },
    ...(r.skip_yn === 'Y' ? { statusCodes: ['OMIT'] } : {}),
    // Quay's arrival is at port limits (the pilot boarding place), its berthing the arrival at the berth.
    timestamps: [
      ...stamp('ARRI', 'PLN', r.pf_eta, 'PBPL'),
      ...stamp('ARRI', 'EST', r.eta, 'PBPL'),
      ...stamp('ARRI', 'ACT', r.ata, 'PBPL'),
      ...stamp('ARRI', 'EST', r.etb, 'BRTH'),
      ...stamp('ARRI', 'ACT', r.atb, 'BRTH'),
      ...stamp('DEPA', 'EST', r.etd, 'BRTH'),
      ...stamp('DEPA', 'ACT', r.atd, 'BRTH'),
    ],
  };
}
