// The snapshot a tick works on, read in a few queries: vessels (and how many users watch each) with their
// current voyage's calls, the port each last left and its newest AIS fix; and changed calls written back.
import type { Sql } from '../db/db.ts';
import type { CallRec, FixRec, VesselRec } from './types.ts';
import { FLEET } from '../seed/world/fleet.ts';
import { LANES } from '../seed/world/lanes.ts';
import { USER_TYPE } from '../../src/core/role.ts';

/**
 * The simulator moves its demo world only: the fleet's vessels on the demo's lanes. A vessel or lane a schedule
 * source, an import or AIS brought (integration.md#schedule-sources-in-dcsa-ovs-v3) is the source's to move, and the
 * simulator knows no rotation for it. A demo vessel a source also names is moved by both.
 */
const DEMO_VESSELS = FLEET.map((v) => v.vslCd);
const DEMO_LANES = LANES.map((l) => l.laneCd);
/** A container ship's usual service speed. */
const DEFAULT_SPEED_KN = 18;

type Ts = Date | string;
const ms = (d: Ts): number => new Date(d).getTime();
const msOrNull = (d: Ts | null): number | null => (d == null ? null : ms(d));
const isoOrNull = (t: number | null): string | null => (t == null ? null : new Date(t).toISOString());

interface CallRow {
  vsl_cd: string;
  skd_voy_no: string;
  skd_dir_cd: string;
  call_seq: number;
  port_cd: string;
  yd_cd: string | null;
  yd_nm: string | null;
  eta: Ts;
  etb: Ts;
  etd: Ts;
  ata: Ts | null;
  atb: Ts | null;
  atd: Ts | null;
  skip_yn: string;
}

const toCall = (r: CallRow): CallRec => ({
  voyNo: r.skd_voy_no,
  dirCd: r.skd_dir_cd,
  callSeq: r.call_seq,
  portCd: r.port_cd,
  ydCd: r.yd_cd,
  ydNm: r.yd_nm,
  eta: ms(r.eta),
  etb: ms(r.etb),
  etd: ms(r.etd),
  ata: msOrNull(r.ata),
  atb: msOrNull(r.atb),
  atd: msOrNull(r.atd),
  skip: r.skip_yn === 'Y',
});

export async function loadWorld(sql: Sql): Promise<VesselRec[]> {
  const vessels = await sql.query<{
    vsl_cd: string;
    lane_cd: string;
    svc_spd: number | null;
    skd_voy_no: string;
    skd_dir_cd: string;
    watchers: number;
  }>(
    `SELECT v.vsl_cd, v.lane_cd, v.svc_spd, voy.skd_voy_no, voy.skd_dir_cd,
            (SELECT count(*)::int FROM users u WHERE u.usr_tp_cd = '${USER_TYPE.vessel}' AND u.ofc_id = v.vsl_cd)
              + (SELECT count(*)::int FROM user_relations r WHERE r.rel_tp_cd = 'REL_USR_VSL' AND r.rel_cd = v.vsl_cd) AS watchers
       FROM vessels v JOIN voyages voy ON voy.vsl_cd = v.vsl_cd AND voy.is_current
      WHERE v.vsl_cd = ANY($1::text[]) AND v.lane_cd = ANY($2::text[]) AND voy.lane_cd = ANY($2::text[])
      ORDER BY v.vsl_cd, voy.skd_voy_no DESC`,
    [DEMO_VESSELS, DEMO_LANES],
  );
  const calls = await sql.query<CallRow>(
    `SELECT pc.vsl_cd, pc.skd_voy_no, pc.skd_dir_cd, pc.call_seq, pc.port_cd, pc.yd_cd, pc.yd_nm,
            pc.eta, pc.etb, pc.etd, pc.ata, pc.atb, pc.atd, pc.skip_yn
       FROM port_calls pc JOIN voyages voy USING (vsl_cd, skd_voy_no, skd_dir_cd)
      WHERE voy.is_current
      ORDER BY pc.vsl_cd, pc.call_seq`,
  );
  const origins = await sql.query<{ vsl_cd: string; port_cd: string }>(
    `SELECT DISTINCT ON (vsl_cd) vsl_cd, port_cd FROM port_calls
      WHERE atd IS NOT NULL AND skip_yn = 'N' ORDER BY vsl_cd, atd DESC`,
  );
  const fixes = await sql.query<{
    vsl_cd: string;
    pos_dt: Ts;
    lat: number;
    lon: number;
    sog: number;
    cog: number;
    hdg: number;
    nav_sts: FixRec['navSts'];
    prev_dt: Ts | null;
  }>(
    `WITH n AS (SELECT DISTINCT ON (vsl_cd) vsl_cd, pos_dt, lat, lon, sog, cog, hdg, nav_sts
                  FROM vessel_positions ORDER BY vsl_cd, pos_dt DESC)
     SELECT n.*, (SELECT max(p.pos_dt) FROM vessel_positions p WHERE p.vsl_cd = n.vsl_cd AND p.pos_dt < n.pos_dt) AS prev_dt
       FROM n`,
  );
  const agents = await sql.query<{ rel_cd: string; n: number }>(
    "SELECT rel_cd, count(*)::int AS n FROM user_relations WHERE rel_tp_cd = 'AGT_PORT' GROUP BY rel_cd",
  );
  const agentsAt = new Map(agents.map((a) => [a.rel_cd, a.n]));
  const originOf = new Map(origins.map((o) => [o.vsl_cd, o.port_cd]));
  const fixOf = new Map(fixes.map((f) => [f.vsl_cd, f]));
  const callsOf = new Map<string, CallRec[]>();
  for (const c of calls) {
    const list = callsOf.get(c.vsl_cd) ?? [];
    list.push(toCall(c));
    callsOf.set(c.vsl_cd, list);
  }
  const seen = new Set<string>();
  const out: VesselRec[] = [];
  for (const v of vessels) {
    if (seen.has(v.vsl_cd)) continue; // one current voyage per vessel; the newest wins
    seen.add(v.vsl_cd);
    const f = fixOf.get(v.vsl_cd);
    const calls = (callsOf.get(v.vsl_cd) ?? []).filter(
      (c) => c.voyNo === v.skd_voy_no && c.dirCd === v.skd_dir_cd,
    );
    const next = calls.find((c) => !c.skip && c.atd == null);
    out.push({
      vslCd: v.vsl_cd,
      laneCd: v.lane_cd,
      // The demo's vessels all have one (server/seed/world/fleet.ts); a guess keeps a damaged row moving.
      svcSpd: v.svc_spd ?? DEFAULT_SPEED_KN,
      watchers: v.watchers + (next ? (agentsAt.get(next.portCd) ?? 0) : 0),
      voyNo: v.skd_voy_no,
      dirCd: v.skd_dir_cd,
      calls,
      originPortCd: originOf.get(v.vsl_cd) ?? null,
      fix: f
        ? {
            posDt: ms(f.pos_dt),
            lat: f.lat,
            lon: f.lon,
            sog: f.sog,
            cog: f.cog,
            hdg: f.hdg,
            navSts: f.nav_sts,
          }
        : null,
      prevFixDt: f?.prev_dt ? ms(f.prev_dt) : null,
    });
  }
  return out;
}

/** Writes every call marked dirty back (times, actuals, terminal); answers how many. */
export async function flushCalls(sql: Sql, vessels: readonly VesselRec[]): Promise<number> {
  const rows = vessels.flatMap((v) =>
    v.calls
      .filter((c) => c.dirty)
      .map((c) => ({
        vsl_cd: v.vslCd,
        skd_voy_no: c.voyNo,
        skd_dir_cd: c.dirCd,
        call_seq: c.callSeq,
        yd_cd: c.ydCd,
        yd_nm: c.ydNm,
        eta: isoOrNull(c.eta),
        etb: isoOrNull(c.etb),
        etd: isoOrNull(c.etd),
        ata: isoOrNull(c.ata),
        atb: isoOrNull(c.atb),
        atd: isoOrNull(c.atd),
      })),
  );
  if (!rows.length) return 0;
  await sql.query(
    `UPDATE port_calls pc
        SET yd_cd = x.yd_cd, yd_nm = x.yd_nm, eta = x.eta, etb = x.etb, etd = x.etd, ata = x.ata, atb = x.atb, atd = x.atd
       FROM jsonb_to_recordset($1::jsonb) AS x(vsl_cd text, skd_voy_no text, skd_dir_cd text, call_seq integer,
            yd_cd text, yd_nm text, eta timestamptz, etb timestamptz, etd timestamptz,
            ata timestamptz, atb timestamptz, atd timestamptz)
      WHERE pc.vsl_cd = x.vsl_cd AND pc.skd_voy_no = x.skd_voy_no AND pc.skd_dir_cd = x.skd_dir_cd
        AND pc.call_seq = x.call_seq`,
    [JSON.stringify(rows)],
  );
  for (const v of vessels) for (const c of v.calls) delete c.dirty;
  return rows.length;
}
