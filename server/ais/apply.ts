// AIS reports into Quay's vessels, matched by MMSI: each vessel's newest position of an interval is stored through
// the simulator's own path (writeFixes), port calls are detected from it, and static data fills the particulars Quay
// lacks (integration.md#ais-positions-in).
import type { Sql } from '../db/db.ts';
import { writeFixes, type TrackEnd } from '../simulator/positions.ts';
import type { FixRec } from '../simulator/types.ts';
import type { AisEta, Decoded, PositionReport, StaticReport } from './decode.ts';
import { createCallDetector } from './detect-calls.ts';

/** What one write did. */
interface ApplyReport {
  /** Positions stored, one per vessel at most. */
  positions: number;
  /** Reports older than the vessel's stored position (another source, or the simulator, was ahead). */
  stale: number;
  /** MMSIs of the interval that name no vessel of Quay's. */
  unknown: number;
  /** Vessels whose static data was written. */
  statics: number;
  /** Actual times of port calls detected from the positions written (integration.md#port-calls-detected-from-positions). */
  detected: number;
}

export interface Applier {
  /** Keeps the newest report per vessel until the next write; `now` is when it came (ms). */
  take(reports: readonly Decoded[], now?: number): void;
  /** Writes what was kept, in the caller's transaction, and starts a new interval. */
  write(sql: Sql, now?: number): Promise<ApplyReport>;
}

interface Held {
  report: PositionReport;
  /** When the fix was taken (ms): the time it came, at the second the report gives. */
  at: number;
}

type StaticFields = Omit<StaticReport, 'kind' | 'type' | 'mmsi'>;

interface VesselRow {
  vsl_cd: string;
  mmsi: string;
  pos_dt: Date | string | null;
  lat: number | null;
  lon: number | null;
  sog: number | null;
  cog: number | null;
  hdg: number | null;
  nav_sts: FixRec['navSts'] | null;
  prev_dt: Date | string | null;
}

/** The fix's time: the minute it came in, at the report's second (the minute before when that would be ahead). */
function fixTime(r: PositionReport, now: number): number {
  if (r.second === null) return now;
  const t = now - (now % 60_000) + r.second * 1000;
  return t > now + 1000 ? t - 60_000 : t;
}

/**
 * Quay's three statuses from ITU-R M.1371's: at anchor (1) and moored (5) are themselves; a class B report has none,
 * and a vessel it shows still keeps the status it had. Everything else is under way.
 */
function navStsOf(r: PositionReport, before: FixRec['navSts'] | null): FixRec['navSts'] {
  if (r.navStatus === 1) return 'AT_ANCHOR';
  if (r.navStatus === 5) return 'MOORED';
  if (r.navStatus === null && (r.sog ?? 0) < 0.5 && before) return before;
  return 'UNDER_WAY';
}

/** The AIS ETA has no year: the instant nearest to now that it names, at most a month back. */
export function etaInstant(eta: AisEta, now: number): Date | null {
  if (eta.hour === null) return null;
  const year = new Date(now).getUTCFullYear();
  const at = (y: number) => Date.UTC(y, eta.month - 1, eta.day, eta.hour ?? 0, eta.minute ?? 0);
  let t = at(year);
  if (t < now - 31 * 86_400_000) t = at(year + 1);
  else if (t > now + 334 * 86_400_000) t = at(year - 1);
  const d = new Date(t);
  return d.getUTCMonth() === eta.month - 1 ? d : null;
}

const ms = (d: Date | string | null): number | null => (d === null ? null : new Date(d).getTime());

export function createApplier(): Applier {
  let positions = new Map<number, Held>();
  let statics = new Map<number, StaticFields>();
  const detector = createCallDetector();

  return {
    take(reports, now = Date.now()) {
      for (const r of reports) {
        if (r.kind === 'position') {
          const at = fixTime(r, now);
          const held = positions.get(r.mmsi);
          if (!held || at >= held.at) positions.set(r.mmsi, { report: r, at });
          continue;
        }
        // Message 24 comes in two parts, 19 and 5 with different fields: what one part lacks, another gives.
        const { kind: _k, type: _t, mmsi, ...fields } = r;
        const held = statics.get(mmsi);
        if (!held) statics.set(mmsi, fields);
        else for (const [k, v] of Object.entries(fields)) if (v !== null) Object.assign(held, { [k]: v });
      }
    },

    async write(sql, now = Date.now()) {
      const pos = positions;
      const stat = statics;
      positions = new Map();
      statics = new Map();
      const report: ApplyReport = { positions: 0, stale: 0, unknown: 0, statics: 0, detected: 0 };
      const mmsis = [...new Set([...pos.keys(), ...stat.keys()])].map(String);
      if (mmsis.length === 0) return report;
      // The simulator's tick holds this row while it moves its ships and records their actual times: a write waits
      // for it, and a tick for the write, so a call's arrival is never recorded by both (each sees the other's).
      if (pos.size > 0) await sql.query('SELECT 1 FROM sim_clock WHERE id = 1 FOR SHARE');
      const rows = await sql.query<VesselRow>(
        `SELECT v.vsl_cd, v.mmsi, n.pos_dt, n.lat, n.lon, n.sog, n.cog, n.hdg, n.nav_sts,
                (SELECT p.pos_dt FROM vessel_positions p WHERE p.vsl_cd = v.vsl_cd
                  ORDER BY p.pos_dt DESC OFFSET 1 LIMIT 1) AS prev_dt
           FROM vessels v
           LEFT JOIN LATERAL (SELECT * FROM vessel_positions q WHERE q.vsl_cd = v.vsl_cd
                               ORDER BY q.pos_dt DESC LIMIT 1) n ON true
          WHERE v.mmsi = ANY($1::text[])`,
        [mmsis],
      );
      report.unknown = mmsis.length - new Set(rows.map((r) => r.mmsi)).size;

      const ends: TrackEnd[] = [];
      const fixes = new Map<string, FixRec[]>();
      for (const row of rows) {
        const held = pos.get(Number(row.mmsi));
        if (!held) continue;
        const storedAt = ms(row.pos_dt);
        const stored: FixRec | null =
          storedAt === null
            ? null
            : {
                posDt: storedAt,
                lat: row.lat ?? 0,
                lon: row.lon ?? 0,
                sog: row.sog ?? 0,
                cog: row.cog ?? 0,
                hdg: row.hdg ?? 0,
                navSts: row.nav_sts ?? 'UNDER_WAY',
              };
        if (stored && held.at <= stored.posDt) {
          report.stale++;
          continue;
        }
        const r = held.report;
        const cog = r.cog ?? stored?.cog ?? 0;
        fixes.set(row.vsl_cd, [
          {
            posDt: held.at,
            lat: r.lat,
            lon: r.lon,
            sog: r.sog ?? 0,
            cog,
            hdg: r.heading ?? cog,
            navSts: navStsOf(r, stored?.navSts ?? null),
          },
        ]);
        ends.push({ vslCd: row.vsl_cd, fix: stored, prevFixDt: ms(row.prev_dt) });
      }
      if (ends.length > 0) await writeFixes(sql, ends, fixes, now);
      report.positions = ends.length;
      const newest = new Map([...fixes].map(([vslCd, list]) => [vslCd, list[list.length - 1] as FixRec]));
      report.detected = await detector.detect(sql, newest, now);

      const updates = rows.flatMap((row) => {
        const s = stat.get(Number(row.mmsi));
        if (!s) return [];
        const eta = s.eta ? etaInstant(s.eta, now) : null;
        return [
          {
            vsl_cd: row.vsl_cd,
            imo: s.imo,
            call_sgn: s.callSign,
            loa_m: s.lengthM,
            beam_m: s.beamM,
            dest: s.destination,
            eta: eta?.toISOString() ?? null,
          },
        ];
      });
      if (updates.length > 0)
        await sql.query(
          `UPDATE vessels v
              SET imo_no = CASE WHEN coalesce(v.imo_no, '') = '' THEN coalesce(x.imo, v.imo_no) ELSE v.imo_no END,
                  call_sgn = CASE WHEN coalesce(v.call_sgn, '') = '' THEN coalesce(x.call_sgn, v.call_sgn) ELSE v.call_sgn END,
                  loa_m = CASE WHEN coalesce(v.loa_m, 0) = 0 THEN coalesce(x.loa_m, v.loa_m) ELSE v.loa_m END,
                  beam_m = coalesce(v.beam_m, x.beam_m),
                  ais_destination = coalesce(x.dest, v.ais_destination),
                  ais_eta = coalesce(x.eta, v.ais_eta),
                  ais_static_dt = $2
             FROM jsonb_to_recordset($1::jsonb) AS x(vsl_cd text, imo text, call_sgn text, loa_m double precision,
                                                    beam_m double precision, dest text, eta timestamptz)
            WHERE v.vsl_cd = x.vsl_cd`,
          [JSON.stringify(updates), new Date(now).toISOString()],
        );
      report.statics = updates.length;
      return report;
    },
  };
}
