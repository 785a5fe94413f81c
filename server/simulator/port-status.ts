// Port status changes (N009): an open port becomes Restricted or Closed for a reason, a restricted or
// closed one opens again. Ports that agents or users follow are picked more often, so demos see it.
import type { Sql } from '../db/db.ts';
import type { SimEvent } from './events.ts';
import { nextIdx } from './plan.ts';
import { HOUR, type Rng, type VesselRec } from './types.ts';

const REASONS = [
  'Strong wind',
  'Dense fog, reduced visibility',
  'Heavy swell',
  'Berth congestion',
  'Thunderstorm warning',
  'Pilotage suspended',
  'Labour strike',
];

interface StatusRow {
  port_cd: string;
  sts_nm: string;
  sts_frm_dt: Date | string;
  followed: boolean;
}

export async function changePortStatus(
  sql: Sql,
  vessels: readonly VesselRec[],
  now: number,
  r: Rng,
): Promise<{ event: SimEvent; from: string; to: string; reason: string } | null> {
  const rows = await sql.query<StatusRow>(
    `SELECT s.port_cd, s.sts_nm, s.sts_frm_dt,
            EXISTS (SELECT 1 FROM user_relations r WHERE r.rel_cd = s.port_cd AND r.rel_tp_cd IN ('AGT_PORT', 'REL_USR_PORT')) AS followed
       FROM port_status s ORDER BY s.port_cd`,
  );
  // A port changes at most every 2 hours; closures end more readily than they begin.
  const eligible = rows.filter((p) => now - new Date(p.sts_frm_dt).getTime() >= 2 * HOUR);
  const closed = eligible.filter((p) => p.sts_nm !== 'Open');
  const pool = closed.length && r.chance(0.5) ? closed : eligible;
  const weighted = pool.flatMap((p) => (p.followed ? [p, p, p, p, p, p] : [p]));
  if (!weighted.length) return null;
  const port = r.pick(weighted);
  const to = port.sts_nm === 'Open' ? (r.chance(0.8) ? 'Restricted' : 'Closed') : 'Open';
  const reason = to === 'Open' ? '' : r.pick(REASONS);
  const at = new Date(now).toISOString();
  await sql.query(
    'UPDATE port_status SET sts_nm = $2, sts_frm_dt = $3, sts_reas_nm = $4 WHERE port_cd = $1',
    [port.port_cd, to, at, reason],
  );
  await sql.query(
    'INSERT INTO port_status_history (port_cd, sts_nm, sts_frm_dt, sts_reas_nm) VALUES ($1, $2, $3, $4)',
    [port.port_cd, to, at, reason],
  );
  // The notification names the vessel due there next, when there is one.
  let vslCd: string | null = null;
  let best = Infinity;
  for (const v of vessels) {
    for (const c of v.calls.slice(Math.max(0, nextIdx(v)))) {
      if (!c.skip && c.atd == null && c.portCd === port.port_cd && c.eta < best) {
        best = c.eta;
        vslCd = v.vslCd;
      }
    }
  }
  return {
    event: { kind: 'portStatus', portCd: port.port_cd, vslCd, at: now },
    from: port.sts_nm,
    to,
    reason,
  };
}
