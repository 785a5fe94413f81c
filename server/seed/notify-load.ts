// Database reads behind createNotifications, one query each: the user, a vessel with its current
// voyage, calls, last position and a follower, a port with its status, and the vessels fitting a user.
import type { Sql } from '../db/db.ts';
import type { CallRow } from './notify-detail.ts';
import { isAgent, isVesselUser } from '../../src/core/role.ts';

export interface UserCtx {
  usr_id: string;
  usr_tp_cd: string;
  ofc_id: string;
}

export interface VesselCtx {
  /** svcSpd: null when not known (a source's vessel, migration 015). */
  vessel: { vslCd: string; vslNm: string; laneCd: string; svcSpd: number | null };
  voyage: { voyNo: string; dirCd: string } | null;
  calls: CallRow[];
  pos: [number, number] | null;
  follower: string | null;
}

export interface PortCtx {
  lat: number;
  lon: number;
  status: { stsNm: string; stsFrmDt: number; stsReasNm: string } | null;
}

type JsonCall = Omit<CallRow, 'eta' | 'etb' | 'etd' | 'ata' | 'atb' | 'atd' | 'pf_eta'> &
  Record<'eta' | 'etb' | 'etd', string> &
  Record<'ata' | 'atb' | 'atd' | 'pf_eta', string | null>;

interface VesselRow {
  vsl_nm: string;
  lane_cd: string;
  svc_spd: number | null;
  voy_no: string | null;
  dir_cd: string | null;
  calls: JsonCall[] | null;
  pos: [number, number] | null;
  follower: string | null;
}

const date = (s: string | null): Date | null => (s ? new Date(s) : null);

export async function loadUser(sql: Sql, usrId: string): Promise<UserCtx | null> {
  const [row] = await sql.query<UserCtx>('SELECT usr_id, usr_tp_cd, ofc_id FROM users WHERE usr_id = $1', [
    usrId,
  ]);
  return row ?? null;
}

export async function loadVessel(sql: Sql, vslCd: string): Promise<VesselCtx | null> {
  const [row] = await sql.query<VesselRow>(
    `SELECT v.vsl_nm, v.lane_cd, v.svc_spd, voy.skd_voy_no AS voy_no, voy.skd_dir_cd AS dir_cd,
            (SELECT json_agg(json_build_object('port_cd', c.port_cd, 'call_seq', c.call_seq, 'yd_nm', c.yd_nm,
                      'eta', c.eta, 'etb', c.etb, 'etd', c.etd, 'ata', c.ata, 'atb', c.atb, 'atd', c.atd, 'skip_yn', c.skip_yn,
                      'pf_eta', c.pf_eta)
                    ORDER BY c.call_seq)
               FROM port_calls c
              WHERE c.vsl_cd = voy.vsl_cd AND c.skd_voy_no = voy.skd_voy_no AND c.skd_dir_cd = voy.skd_dir_cd) AS calls,
            (SELECT json_build_array(p.lat, p.lon) FROM vessel_positions p
              WHERE p.vsl_cd = v.vsl_cd ORDER BY p.pos_dt DESC LIMIT 1) AS pos,
            (SELECT r.usr_id FROM user_relations r
              WHERE r.rel_tp_cd = 'REL_USR_VSL' AND r.rel_cd = v.vsl_cd ORDER BY r.usr_id LIMIT 1) AS follower
       FROM vessels v LEFT JOIN voyages voy ON voy.vsl_cd = v.vsl_cd AND voy.is_current
      WHERE v.vsl_cd = $1
      LIMIT 1`,
    [vslCd],
  );
  if (!row) return null;
  return {
    vessel: { vslCd, vslNm: row.vsl_nm, laneCd: row.lane_cd, svcSpd: row.svc_spd },
    voyage: row.voy_no && row.dir_cd ? { voyNo: row.voy_no, dirCd: row.dir_cd } : null,
    calls: (row.calls ?? []).map((c) => ({
      ...c,
      eta: new Date(c.eta),
      etb: new Date(c.etb),
      etd: new Date(c.etd),
      ata: date(c.ata),
      atb: date(c.atb),
      atd: date(c.atd),
      pf_eta: date(c.pf_eta),
    })),
    pos: row.pos,
    follower: row.follower,
  };
}

export async function loadPort(sql: Sql, portCd: string): Promise<PortCtx | null> {
  const [row] = await sql.query<{
    lat: number;
    lon: number;
    sts_nm: string | null;
    sts_frm_dt: Date | null;
    sts_reas_nm: string | null;
  }>(
    'SELECT p.lat, p.lon, s.sts_nm, s.sts_frm_dt, s.sts_reas_nm FROM ports p LEFT JOIN port_status s USING (port_cd) WHERE p.port_cd = $1',
    [portCd],
  );
  if (!row) return null;
  const status =
    row.sts_nm && row.sts_frm_dt
      ? { stsNm: row.sts_nm, stsFrmDt: new Date(row.sts_frm_dt).getTime(), stsReasNm: row.sts_reas_nm ?? '' }
      : null;
  return { lat: row.lat, lon: row.lon, status };
}

/** Vessels that fit a user: a vessel user's own, an agent's ports' calls, else followed vessels, else all. */
export async function candidateVessels(
  sql: Sql,
  user: UserCtx,
): Promise<{ vslCd: string; portCd: string | null }[]> {
  if (isVesselUser(user.usr_tp_cd)) {
    const own = await sql.query<{ vsl_cd: string }>('SELECT vsl_cd FROM vessels WHERE vsl_cd = $1', [
      user.ofc_id,
    ]);
    if (own.length) return own.map((r) => ({ vslCd: r.vsl_cd, portCd: null }));
  }
  if (isAgent(user.usr_tp_cd)) {
    const rows = await sql.query<{ vsl_cd: string; port_cd: string }>(
      `SELECT DISTINCT pc.vsl_cd, pc.port_cd FROM port_calls pc
         JOIN voyages v USING (vsl_cd, skd_voy_no, skd_dir_cd)
         JOIN user_relations r ON r.rel_cd = pc.port_cd AND r.rel_tp_cd = 'AGT_PORT' AND r.usr_id = $1
        WHERE v.is_current AND pc.skip_yn = 'N'
        ORDER BY pc.vsl_cd, pc.port_cd`,
      [user.usr_id],
    );
    if (rows.length) return rows.map((r) => ({ vslCd: r.vsl_cd, portCd: r.port_cd }));
  }
  const followed = await sql.query<{ rel_cd: string }>(
    "SELECT rel_cd FROM user_relations WHERE usr_id = $1 AND rel_tp_cd = 'REL_USR_VSL' ORDER BY sort_no, rel_cd",
    [user.usr_id],
  );
  if (followed.length) return followed.map((r) => ({ vslCd: r.rel_cd, portCd: null }));
  const all = await sql.query<{ vsl_cd: string }>('SELECT vsl_cd FROM vessels ORDER BY vsl_cd');
  return all.map((r) => ({ vslCd: r.vsl_cd, portCd: null }));
}
