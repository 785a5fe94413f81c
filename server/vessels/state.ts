// Where a vessel is and where it goes: current info, the schedule (cascade, widget IBM_W2030), AIS position and
// track, and the next port with distance and required speed.
import type { AuthUser } from '../auth/user.ts';
import type { Sql } from '../db/db.ts';
import { notFound } from '../http/errors.ts';
import { fromAisOf, iso, isoRequired } from '../http/rows.ts';
import type {
  AisHistoryResponse,
  AisResponse,
  CascadeResponse,
  NextPort,
  VesselCurrent,
} from '../../src/core/contract/vessel.ts';
import { etaHistories } from './eta-history.ts';
import { delayHrs, distanceNm, hoursBetween, round, thisHour } from './measures.ts';
import {
  CALL_SELECT,
  currentVoyage,
  latestPosition,
  loadVessel,
  nextCall,
  previousCall,
  toCallRef,
  toPosition,
  type CallRow,
} from './access.ts';

/** A vessel's identity, newest AIS state, current voyage and previous/next port (the vessel page header). */
export async function vesselCurrent(sql: Sql, user: AuthUser, vslCd: string): Promise<VesselCurrent> {
  const v = await loadVessel(sql, user, vslCd);
  const info = await sql.query<{ crr_nm: string; bg_colr: string; fg_colr: string; lane_nm: string }>(
    `SELECT c.crr_nm, c.bg_colr, c.fg_colr, l.lane_nm FROM carriers c, lanes l WHERE c.crr_cd = $1 AND l.lane_cd = $2`,
    [v.crr_cd, v.lane_cd],
  );
  const pos = await latestPosition(sql, v.vsl_cd);
  const voy = await currentVoyage(sql, v.vsl_cd);
  const next = await nextCall(sql, v.vsl_cd);
  const prev = await previousCall(sql, v.vsl_cd);
  const i = info[0];
  return {
    vslCd: v.vsl_cd,
    vslNm: v.vsl_nm,
    imoNo: v.imo_no,
    callSgn: v.call_sgn,
    flagCd: v.flag_cd,
    crrCd: v.crr_cd,
    crrNm: i?.crr_nm ?? v.crr_cd,
    crrBgColrVal: i?.bg_colr ?? '#E5E7EB',
    crrFgColrVal: i?.fg_colr ?? '#1F2937',
    laneCd: v.lane_cd,
    laneNm: i?.lane_nm ?? v.lane_cd,
    vslSlanCd: voy?.lane_cd ?? v.lane_cd,
    teu: v.teu,
    builtYr: v.built_yr,
    loaM: v.loa_m,
    svcSpd: v.svc_spd,
    mmsi: v.mmsi,
    beamM: v.beam_m,
    draughtM: v.draught_m,
    posDt: iso(pos?.pos_dt),
    lat: pos?.lat ?? null,
    lon: pos?.lon ?? null,
    sog: pos?.sog ?? null,
    cog: pos?.cog ?? null,
    hdg: pos?.hdg ?? null,
    navSts: pos?.nav_sts ?? null,
    skdVoyNo: voy?.skd_voy_no ?? null,
    skdDirCd: voy?.skd_dir_cd ?? null,
    prevPort: prev ? toCallRef(prev, thisHour()) : null,
    nextPort: next ? toCallRef(next, thisHour()) : null,
  };
}

/** A voyage's schedule: the current one unless skdVoyNo and skdDirCd name another (404 when they name none). */
export async function cascade(
  sql: Sql,
  user: AuthUser,
  q: { vslCd: string; skdVoyNo?: string | undefined; skdDirCd?: string | undefined },
): Promise<CascadeResponse> {
  const v = await loadVessel(sql, user, q.vslCd);
  let voy: { skd_voy_no: string; skd_dir_cd: string; lane_cd: string } | null;
  if (q.skdVoyNo !== undefined || q.skdDirCd !== undefined) {
    const rows = await sql.query<{ skd_voy_no: string; skd_dir_cd: string; lane_cd: string }>(
      `SELECT skd_voy_no, skd_dir_cd, lane_cd FROM voyages WHERE vsl_cd = $1 AND skd_voy_no = $2
          AND ($3::text IS NULL OR skd_dir_cd = $3) ORDER BY skd_dir_cd LIMIT 1`,
      [v.vsl_cd, q.skdVoyNo ?? '', q.skdDirCd ?? null],
    );
    voy = rows[0] ?? null;
    if (!voy)
      throw notFound(`skdVoyNo ${q.skdVoyNo ?? ''}${q.skdDirCd ?? ''} of vessel ${v.vsl_cd} was not found`);
  } else {
    voy = await currentVoyage(sql, v.vsl_cd);
  }
  if (!voy)
    return { vslCd: v.vsl_cd, vslNm: v.vsl_nm, skdVoyNo: null, skdDirCd: null, laneCd: null, calls: [] };
  const calls = await sql.query<CallRow>(
    `${CALL_SELECT} WHERE c.vsl_cd = $1 AND c.skd_voy_no = $2 AND c.skd_dir_cd = $3 ORDER BY c.call_seq`,
    [v.vsl_cd, voy.skd_voy_no, voy.skd_dir_cd],
  );
  const next = await nextCall(sql, v.vsl_cd);
  const hist = await etaHistories(sql, v.vsl_cd, voy.skd_voy_no, voy.skd_dir_cd);
  const at = thisHour();
  const isNext = (c: CallRow) =>
    !!next &&
    next.skd_voy_no === c.skd_voy_no &&
    next.skd_dir_cd === c.skd_dir_cd &&
    next.call_seq === c.call_seq;
  return {
    vslCd: v.vsl_cd,
    vslNm: v.vsl_nm,
    skdVoyNo: voy.skd_voy_no,
    skdDirCd: voy.skd_dir_cd,
    laneCd: voy.lane_cd,
    calls: calls.map((c) => ({
      callSeq: c.call_seq,
      portCd: c.port_cd,
      portNm: c.port_nm,
      cntCd: c.cnt_cd,
      ydCd: c.yd_cd,
      ydNm: c.yd_nm,
      eta: isoRequired(c.eta),
      etb: isoRequired(c.etb),
      etd: isoRequired(c.etd),
      ata: iso(c.ata),
      atb: iso(c.atb),
      atd: iso(c.atd),
      ...fromAisOf(c),
      skipYn: c.skip_yn === 'Y' ? ('Y' as const) : ('N' as const),
      pfEta: iso(c.pf_eta),
      etaDelayHrs: c.skip_yn === 'Y' ? null : delayHrs(c.pf_eta, c.eta, c.ata, at),
      isCurrent: isNext(c),
      lat: c.port_lat,
      lon: c.port_lon,
      ...(hist.has(c.call_seq) ? { etaHist: hist.get(c.call_seq) } : {}),
      tz: c.port_tz,
    })),
  };
}

/** A vessel's newest AIS fix, or null. */
export async function aisNow(sql: Sql, user: AuthUser, vslCd: string): Promise<AisResponse> {
  const v = await loadVessel(sql, user, vslCd);
  const pos = await latestPosition(sql, v.vsl_cd);
  return pos ? toPosition(pos) : null;
}

/** A vessel's AIS track over the given hours up to its newest fix, oldest first. */
export async function aisHistory(
  sql: Sql,
  user: AuthUser,
  vslCd: string,
  hours: number,
): Promise<AisHistoryResponse> {
  const v = await loadVessel(sql, user, vslCd);
  const rows = await sql.query<{
    pos_dt: Date;
    lat: number;
    lon: number;
    sog: number;
    cog: number;
    nav_sts: string;
  }>(
    `SELECT pos_dt, lat, lon, sog, cog, nav_sts FROM vessel_positions
          WHERE vsl_cd = $1
            AND pos_dt >= (SELECT max(pos_dt) FROM vessel_positions WHERE vsl_cd = $1) - make_interval(hours => $2::int)
          ORDER BY pos_dt`,
    [v.vsl_cd, hours],
  );
  return {
    vslCd: v.vsl_cd,
    hours,
    track: rows.map((r) => ({
      posDt: isoRequired(r.pos_dt),
      lat: r.lat,
      lon: r.lon,
      sog: r.sog,
      cog: r.cog,
      navSts: r.nav_sts,
    })),
  };
}

/** The next call not yet departed, with the distance to go and the speed needed to make its ETA; null when none. */
export async function nextPort(sql: Sql, user: AuthUser, vslCd: string): Promise<NextPort | null> {
  const v = await loadVessel(sql, user, vslCd);
  const next = await nextCall(sql, v.vsl_cd);
  if (!next) return null;
  const pos = await latestPosition(sql, v.vsl_cd);
  const arrived = next.ata !== null;
  const dist = arrived ? 0 : pos ? round(distanceNm(pos.lat, pos.lon, next.port_lat, next.port_lon)) : null;
  const hrs = arrived ? null : round(hoursBetween(new Date(), next.eta));
  const reqSpd = dist !== null && hrs !== null && hrs > 0 && !arrived ? round(dist / hrs) : null;
  return {
    vslCd: v.vsl_cd,
    skdVoyNo: next.skd_voy_no,
    skdDirCd: next.skd_dir_cd,
    callSeq: next.call_seq,
    portCd: next.port_cd,
    portNm: next.port_nm,
    cntCd: next.cnt_cd,
    lat: next.port_lat,
    lon: next.port_lon,
    ydCd: next.yd_cd,
    ydNm: next.yd_nm,
    eta: isoRequired(next.eta),
    etb: isoRequired(next.etb),
    etd: isoRequired(next.etd),
    ata: iso(next.ata),
    atb: iso(next.atb),
    posDt: iso(pos?.pos_dt),
    distNm: dist,
    hrsToEta: hrs,
    reqSpd,
  };
}
