// DCSA OVS 3.0.2 service schedules into Quay's lanes, vessels, voyages and port calls (integration.md#schedule-sources-in-dcsa-ovs-v3),
// in one domain transaction, so that a moved ETA or an arrival makes its history, notifications and alerts as the
// simulator's do. No HTTP here: the schedule sources (sources.ts) and the import of an OVS file both call it.
import type { Db, Sql } from '../db/db.ts';
import { putCall, type CallKey } from '../vessels/put-call.ts';
import { mapCall, type MappedCall } from './ingest-map.ts';
import type { ServiceSchedule, VesselSchedule } from './ovs-schemas.ts';

/** What one ingest did. */
export interface IngestReport {
  /** Transport calls read. */
  calls: number;
  /** Calls made anew, and calls that changed; a call already so is neither. */
  created: number;
  changed: number;
  /** Calls refused, each with the provider's reference and why (an unknown port, no IMO or MMSI...). */
  refused: { call: string; reason: string }[];
}

export interface IngestOptions {
  /** Who the changes are by, as the ETA history shows it: the source's host, or the import's file. */
  source: string;
  now: Date;
  /** Asked in the transaction: false leaves everything as it was (an instance that no longer leads). */
  proceed?: (sql: Sql) => Promise<boolean>;
}

/** Badge colours of a carrier Quay learns of from a source: dark slate on white text, contrast above 4.5:1. */
const NEW_CARRIER_COLOURS = ['#334155', '#FFFFFF'] as const;
/** The trade of a service Quay learns of from a source: the standard has none. */
const SOURCE_TRADE = { cd: 'EXT', nm: 'Schedule sources' } as const;

async function ensureLane(sql: Sql, s: ServiceSchedule, crrCd: string): Promise<void> {
  await sql.query(
    `INSERT INTO carriers (crr_cd, crr_nm, bg_colr, fg_colr) VALUES ($1, $1, $2, $3) ON CONFLICT (crr_cd) DO NOTHING`,
    [crrCd, ...NEW_CARRIER_COLOURS],
  );
  await sql.query(
    `INSERT INTO lanes (lane_cd, lane_nm, trade_cd, trade_nm, crr_cd) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (lane_cd) DO NOTHING`,
    [s.carrierServiceCode, s.carrierServiceName, SOURCE_TRADE.cd, SOURCE_TRADE.nm, crrCd],
  );
}

/** A free vessel code: the one a Quay reference names, else letters of the name, else a counter. */
async function freeVesselCode(sql: Sql, v: VesselSchedule, hint: string | null): Promise<string> {
  const letters = (v.vesselName ?? '').toUpperCase().replace(/[^A-Z]/g, '');
  const tries = [
    hint,
    letters.slice(0, 4),
    `${letters.slice(0, 2)}${(v.vesselIMONumber ?? v.MMSINumber ?? '').slice(-2)}`,
  ];
  for (let i = 0; i < 1000; i++) tries.push(`X${i.toString(36).toUpperCase().padStart(3, '0')}`);
  const candidates = tries.filter((c): c is string => c !== null && /^[A-Z0-9]{4}$/.test(c));
  const taken = await sql.query<{ vsl_cd: string }>(
    'SELECT vsl_cd FROM vessels WHERE vsl_cd = ANY($1::text[])',
    [candidates],
  );
  const used = new Set(taken.map((t) => t.vsl_cd));
  const code = candidates.find((c) => !used.has(c));
  if (!code) throw new Error('no free vessel code');
  return code;
}

/**
 * The vessel a schedule names: by IMO number, then MMSI, else made anew with what the standard gives (its other
 * particulars unknown: NULL, migration 015). Particulars Quay has are kept; an MMSI it lacks is filled.
 */
async function vesselOf(sql: Sql, v: VesselSchedule, laneCd: string, hint: string | null): Promise<string> {
  const imo = v.vesselIMONumber ?? null;
  const mmsi = v.MMSINumber ?? null;
  const found = await sql.query<{ vsl_cd: string; mmsi: string | null }>(
    `SELECT vsl_cd, mmsi FROM vessels WHERE ($1::text IS NOT NULL AND imo_no = $1) OR ($2::text IS NOT NULL AND mmsi = $2)
      ORDER BY (imo_no = $1) IS TRUE DESC, vsl_cd LIMIT 1`,
    [imo, mmsi],
  );
  const row = found[0];
  if (row) {
    if (mmsi && !row.mmsi)
      await sql.query('UPDATE vessels SET mmsi = $2 WHERE vsl_cd = $1', [row.vsl_cd, mmsi]);
    return row.vsl_cd;
  }
  const vslCd = await freeVesselCode(sql, v, hint);
  await sql.query(
    `INSERT INTO vessels (vsl_cd, vsl_nm, imo_no, call_sgn, flag_cd, crr_cd, lane_cd, teu, built_yr, loa_m, svc_spd, mmsi)
     VALUES ($1, $2, $3, $4, NULL, $5, $6, NULL, NULL, NULL, NULL, $7)`,
    [
      vslCd,
      (v.vesselName ?? imo ?? mmsi ?? vslCd).toUpperCase(),
      imo,
      v.vesselCallSign ?? null,
      v.vesselOperatorSMDGLinerCode,
      laneCd,
      mmsi,
    ],
  );
  return vslCd;
}

/** The terminal a location names: by its SMDG code, else by its name at the port; the port's own name is no terminal. */
async function terminalOf(sql: Sql, c: MappedCall): Promise<{ ydCd: string | null; ydNm: string | null }> {
  const rows = await sql.query<{ yd_cd: string; yd_nm: string; port_nm: string }>(
    `SELECT t.yd_cd, t.yd_nm, p.port_nm FROM ports p LEFT JOIN terminals t ON t.port_cd = p.port_cd
        AND (t.smdg_cd = $2 OR upper(t.yd_nm) = upper($3))
      WHERE p.port_cd = $1 ORDER BY (t.smdg_cd = $2) IS TRUE DESC LIMIT 1`,
    [c.portCd, c.smdgCd, c.facilityName],
  );
  const r = rows[0];
  const name = c.facilityName === r?.port_nm ? null : c.facilityName;
  return { ydCd: r?.yd_cd ?? null, ydNm: name ?? r?.yd_nm ?? null };
}

/** A call with its place among all the calls the provider listed for its voyage, refused ones included (from 1). */
type PlacedCall = MappedCall & { place: number };

/**
 * Each call's place in its voyage: Quay's own references when every call of the voyage has one, else its place in
 * the provider's list of the voyage's calls. The place counts the calls Quay refused too, so that a call let in on a
 * later read (its port imported since) takes its own number and moves none of the others'.
 */
function sequenced(calls: readonly PlacedCall[]): (PlacedCall & { callSeq: number })[] {
  const byVoyage = new Map<string, PlacedCall[]>();
  for (const c of calls) {
    const k = `${c.skdVoyNo}\u0000${c.skdDirCd}`;
    byVoyage.set(k, [...(byVoyage.get(k) ?? []), c]);
  }
  return [...byVoyage.values()].flatMap((list) => {
    const hints = list.map((c) => c.seqHint);
    const own = hints.every((h) => h !== null) && new Set(hints).size === hints.length;
    return list.map((c) => ({ ...c, callSeq: own ? (c.seqHint ?? c.place) : c.place }));
  });
}

async function ingestVessel(
  sql: Sql,
  s: ServiceSchedule,
  v: VesselSchedule,
  opts: IngestOptions,
  report: IngestReport,
): Promise<void> {
  const mapped: PlacedCall[] = [];
  // How many calls of each voyage (as the provider writes it) came so far: the next one's place.
  const listed = new Map<string, number>();
  for (const tc of v.transportCalls ?? []) {
    report.calls++;
    const place = (listed.get(tc.carrierImportVoyageNumber) ?? 0) + 1;
    listed.set(tc.carrierImportVoyageNumber, place);
    const m = mapCall(tc);
    if ('refused' in m) report.refused.push({ call: tc.transportCallReference, reason: m.refused });
    else mapped.push({ ...m, place });
  }
  if (mapped.length === 0) return;
  if (!v.vesselIMONumber && !v.MMSINumber) {
    for (const c of mapped)
      report.refused.push({ call: c.ref, reason: 'its vessel has neither IMO number nor MMSI' });
    return;
  }
  const known = await sql.query<{ port_cd: string }>(
    'SELECT port_cd FROM ports WHERE port_cd = ANY($1::text[])',
    [mapped.map((c) => c.portCd)],
  );
  const ports = new Set(known.map((p) => p.port_cd));
  const calls = mapped.filter((c) => {
    if (!ports.has(c.portCd))
      report.refused.push({ call: c.ref, reason: `port ${c.portCd} is not in Quay's ports` });
    return ports.has(c.portCd);
  });
  if (calls.length === 0) return;
  await ensureLane(sql, s, v.vesselOperatorSMDGLinerCode);
  const vslCd = await vesselOf(sql, v, s.carrierServiceCode, calls[0]?.vslCdHint ?? null);
  const seen = opts.now.getTime();
  for (const c of sequenced(calls)) {
    await sql.query(
      `INSERT INTO voyages (vsl_cd, skd_voy_no, skd_dir_cd, lane_cd) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`,
      [vslCd, c.skdVoyNo, c.skdDirCd, s.carrierServiceCode],
    );
    const key: CallKey = { vslCd, skdVoyNo: c.skdVoyNo, skdDirCd: c.skdDirCd, callSeq: c.callSeq };
    const result = await putCall(
      sql,
      key,
      { ...c, ...(await terminalOf(sql, c)) },
      { by: opts.source, seen },
    );
    if (result === 'created') report.created++;
    if (result === 'changed') report.changed++;
  }
  // The current voyage is the one of the first call still to be left, else the last one's; written only when it moves.
  const open = calls.filter((c) => c.atd === null && !c.skip).sort((a, b) => a.eta - b.eta)[0];
  const current = open ?? calls.reduce((a, b) => (b.eta > a.eta ? b : a));
  await sql.query(
    `UPDATE voyages SET is_current = (skd_voy_no = $2 AND skd_dir_cd = $3)
      WHERE vsl_cd = $1 AND is_current <> (skd_voy_no = $2 AND skd_dir_cd = $3)`,
    [vslCd, current.skdVoyNo, current.skdDirCd],
  );
}

/**
 * Writes the schedules into Quay in one domain transaction: every call that changed records what happened (an ETA
 * moved, an arrival...), and the notification rules and My alerts follow as for the simulator. Calls that cannot be
 * Quay's (unknown port, no arrival time, a vessel without IMO or MMSI) are refused and named in the report; the
 * rest go in. Reading the same schedules again writes nothing.
 */
export async function ingestServiceSchedules(
  db: Db,
  schedules: readonly ServiceSchedule[],
  opts: IngestOptions,
): Promise<IngestReport> {
  const report: IngestReport = { calls: 0, created: 0, changed: 0, refused: [] };
  await db.tx(async (sql) => {
    if (opts.proceed && !(await opts.proceed(sql))) return;
    for (const s of schedules)
      for (const v of s.vesselSchedules ?? []) await ingestVessel(sql, s, v, opts, report);
  });
  return report;
}
