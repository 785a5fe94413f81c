// Keeps every vessel's schedule going: appends the next ports of its lane's rotation when few planned
// calls are left, and starts a new voyage (number + 1) once the current one has grown long.
import type { Sql } from '../db/db.ts';
import { laneByCode, type LaneCall } from '../seed/world/lanes.ts';
import { portByCode } from '../seed/world/ports.ts';
import { nextIdx, prevLiveIdx, round30, seaNm } from './plan.ts';
import { HOUR, LIMITS, type CallRec, type Rng, type VesselRec } from './types.ts';

/** Position in the rotation of the last of `ports`: the one whose predecessors match the longest. */
function rotationIndex(rot: readonly LaneCall[], ports: readonly string[]): number {
  const n = rot.length;
  let best = -1;
  let bestLen = -1;
  for (let i = 0; i < n; i++) {
    let len = 0;
    while (
      len < Math.min(ports.length, n) &&
      rot[(((i - len) % n) + n) % n]?.portCd === ports[ports.length - 1 - len]
    )
      len++;
    if (len > bestLen && len > 0) {
      best = i;
      bestLen = len;
    }
  }
  return best;
}

/** Appends up to two calls so that LIMITS.callsAhead live calls lie ahead; answers how many. */
export async function ensureAhead(sql: Sql, v: VesselRec, r: Rng): Promise<number> {
  let added = 0;
  const ahead = () => v.calls.filter((c) => !c.skip && c.ata == null).length;
  while (ahead() < LIMITS.callsAhead && added < 2) {
    const rot = laneByCode(v.laneCd).rotation;
    const last = v.calls[v.calls.length - 1];
    const baseIdx = prevLiveIdx(v, v.calls.length);
    const base = baseIdx >= 0 ? (v.calls[baseIdx] as CallRec) : null;
    if (!last || !base || !rot.length) break;
    const i = rotationIndex(
      rot,
      v.calls.map((c) => c.portCd),
    );
    const next = rot[(i + 1) % rot.length] as LaneCall;
    const port = portByCode(next.portCd);
    const term = r.pick(port.terminals);
    const legH = Math.max(2, seaNm(base.portCd, next.portCd) / (v.svcSpd * r.float(0.82, 0.92)));
    const eta = round30((base.atd ?? base.etd) + legH * HOUR);
    const etb = round30(eta + (1 + 7 * r.next() ** 2) * HOUR);
    const etd = round30(etb + r.float(12, 36) * HOUR);
    const call: CallRec = {
      voyNo: v.voyNo,
      dirCd: v.dirCd,
      callSeq: last.callSeq + 1,
      portCd: next.portCd,
      ydCd: term.ydCd,
      ydNm: term.ydNm,
      eta,
      etb,
      etd,
      ata: null,
      atb: null,
      atd: null,
      skip: false,
    };
    await sql.query(
      // A call added to the schedule is published with the ETA it is planned with: that is its proforma ETA.
      `INSERT INTO port_calls (vsl_cd, skd_voy_no, skd_dir_cd, call_seq, port_cd, yd_cd, yd_nm, eta, etb, etd, skip_yn, pf_eta)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 'N', $8)`,
      [
        v.vslCd,
        v.voyNo,
        v.dirCd,
        call.callSeq,
        call.portCd,
        call.ydCd,
        call.ydNm,
        new Date(eta).toISOString(),
        new Date(etb).toISOString(),
        new Date(etd).toISOString(),
      ],
    );
    v.calls.push(call);
    added++;
  }
  return added;
}

/**
 * A long voyage ends when the vessel is at sea between two calls: the calls ahead move to a new current
 * voyage (numbered on, renumbered from 1), and voyages older than the one just ended are dropped.
 * Answers the new voyage number, or null when nothing changed.
 */
export async function rollover(sql: Sql, v: VesselRec): Promise<string | null> {
  const idx = nextIdx(v);
  const cur = v.calls[idx];
  if (v.calls.length < LIMITS.rolloverAtCalls || idx <= 0 || !cur || cur.ata != null) return null;
  const rot = laneByCode(v.laneCd).rotation;
  const ri = rotationIndex(
    rot,
    v.calls.slice(0, idx + 1).map((c) => c.portCd),
  );
  const dirCd = rot[ri]?.dirCd ?? v.dirCd;
  const base = Number(v.voyNo);
  let voyNo = String((Number.isFinite(base) ? base : 0) + 1).padStart(4, '0');
  const taken = await sql.query<{ skd_voy_no: string }>(
    'SELECT skd_voy_no FROM voyages WHERE vsl_cd = $1 AND skd_voy_no >= $2',
    [v.vslCd, voyNo],
  );
  while (taken.some((t) => t.skd_voy_no === voyNo)) voyNo = String(Number(voyNo) + 1).padStart(4, '0');
  const offset = cur.callSeq - 1;
  const old = { voyNo: v.voyNo, dirCd: v.dirCd };
  await sql.query(
    'INSERT INTO voyages (vsl_cd, skd_voy_no, skd_dir_cd, lane_cd, is_current) VALUES ($1, $2, $3, $4, true)',
    [v.vslCd, voyNo, dirCd, v.laneCd],
  );
  await sql.query(
    'UPDATE voyages SET is_current = false WHERE vsl_cd = $1 AND NOT (skd_voy_no = $2 AND skd_dir_cd = $3)',
    [v.vslCd, voyNo, dirCd],
  );
  await sql.query(
    `UPDATE port_calls SET skd_voy_no = $4, skd_dir_cd = $5, call_seq = call_seq - $6
      WHERE vsl_cd = $1 AND skd_voy_no = $2 AND skd_dir_cd = $3 AND call_seq >= $7`,
    [v.vslCd, old.voyNo, old.dirCd, voyNo, dirCd, offset, cur.callSeq],
  );
  const keep = [old.voyNo + old.dirCd, voyNo + dirCd];
  await sql.query(
    'DELETE FROM port_calls WHERE vsl_cd = $1 AND NOT (skd_voy_no || skd_dir_cd = ANY($2::text[]))',
    [v.vslCd, keep],
  );
  await sql.query(
    'DELETE FROM voyages WHERE vsl_cd = $1 AND NOT (skd_voy_no || skd_dir_cd = ANY($2::text[]))',
    [v.vslCd, keep],
  );
  v.calls = v.calls.slice(idx).map((c) => ({ ...c, voyNo, dirCd, callSeq: c.callSeq - offset }));
  v.voyNo = voyNo;
  v.dirCd = dirCd;
  return voyNo;
}
