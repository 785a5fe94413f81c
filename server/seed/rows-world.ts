// Rows of the reference tables: carriers, ports, terminals, lanes and rotations, vessels, programs,
// widgets, codes, notification types, holidays and storms. Pure, from world/ and `now`.
import type { Sql } from '../db/db.ts';
import { insertRows } from './insert.ts';
import { APP_TABLES } from './app-tables.ts';
import { CARRIERS } from './world/carriers.ts';
import { FLEET } from './world/fleet.ts';
import { holidaysFor } from './world/holidays.ts';
import { LANES } from './world/lanes.ts';
import { PORTS } from './world/ports.ts';
import { activeStorms } from './world/storms.ts';

export async function insertWorld(sql: Sql, now: number): Promise<void> {
  const T = 'text';
  await insertRows(
    sql,
    'carriers',
    { crr_cd: T, crr_nm: T, bg_colr: T, fg_colr: T },
    CARRIERS.map((c) => ({ crr_cd: c.crrCd, crr_nm: c.crrNm, bg_colr: c.bgColr, fg_colr: c.fgColr })),
  );
  await insertRows(
    sql,
    'ports',
    { port_cd: T, port_nm: T, cnt_cd: T, cnt_nm: T, lat: 'double precision', lon: 'double precision', tz: T },
    PORTS.map((p) => ({
      port_cd: p.portCd,
      port_nm: p.portNm,
      cnt_cd: p.cntCd,
      cnt_nm: p.cntNm,
      lat: p.lat,
      lon: p.lon,
      tz: p.tz,
    })),
  );
  await insertRows(
    sql,
    'terminals',
    { port_cd: T, yd_cd: T, yd_nm: T },
    PORTS.flatMap((p) => p.terminals.map((t) => ({ port_cd: p.portCd, yd_cd: t.ydCd, yd_nm: t.ydNm }))),
  );
  await insertRows(
    sql,
    'lanes',
    { lane_cd: T, lane_nm: T, trade_cd: T, trade_nm: T, crr_cd: T },
    LANES.map((l) => ({
      lane_cd: l.laneCd,
      lane_nm: l.laneNm,
      trade_cd: l.tradeCd,
      trade_nm: l.tradeNm,
      crr_cd: l.crrCd,
    })),
  );
  await insertRows(
    sql,
    'lane_ports',
    { lane_cd: T, seq: 'integer', port_cd: T, dir_cd: T },
    LANES.flatMap((l) =>
      l.rotation.map((c, i) => ({ lane_cd: l.laneCd, seq: i + 1, port_cd: c.portCd, dir_cd: c.dirCd })),
    ),
  );
  await insertRows(
    sql,
    'vessels',
    {
      vsl_cd: T,
      vsl_nm: T,
      imo_no: T,
      call_sgn: T,
      flag_cd: T,
      crr_cd: T,
      lane_cd: T,
      teu: 'integer',
      built_yr: 'integer',
      loa_m: 'double precision',
      svc_spd: 'double precision',
      mmsi: T,
      beam_m: 'double precision',
      draught_m: 'double precision',
    },
    FLEET.map((v) => ({
      vsl_cd: v.vslCd,
      vsl_nm: v.vslNm,
      imo_no: v.imoNo,
      call_sgn: v.callSgn,
      flag_cd: v.flagCd,
      crr_cd: v.crrCd,
      lane_cd: v.laneCd,
      teu: v.teu,
      built_yr: v.builtYr,
      loa_m: v.loaM,
      svc_spd: v.svcSpd,
      mmsi: v.mmsi,
      beam_m: v.beamM,
      draught_m: v.draughtM,
    })),
  );
  for (const t of APP_TABLES) await insertRows(sql, t.table, t.columns, t.rows);
  const year = new Date(now).getUTCFullYear();
  await insertRows(
    sql,
    'holidays',
    { cnt_cd: T, hol_dt: 'date', hol_nm: T },
    holidaysFor(year, new Set(PORTS.map((p) => p.cntCd))).map((h) => ({
      cnt_cd: h.cntCd,
      hol_dt: h.holDt,
      hol_nm: h.holNm,
    })),
  );
  await insertRows(
    sql,
    'storms',
    {
      storm_id: T,
      storm_nm: T,
      category: T,
      obs_dt: 'timestamptz',
      lat: 'double precision',
      lon: 'double precision',
      wind_kts: 'double precision',
      radius_nm: 'double precision',
      track: 'jsonb',
    },
    activeStorms(now).map((s) => ({
      storm_id: s.stormId,
      storm_nm: s.stormNm,
      category: s.category,
      obs_dt: s.obsDt,
      lat: s.lat,
      lon: s.lon,
      wind_kts: s.windKts,
      radius_nm: s.radiusNm,
      track: s.track,
    })),
  );
}
