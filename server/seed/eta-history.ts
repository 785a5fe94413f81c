// Past ETA changes of the seeded port calls (product.md#eta-history), so that the demo shows how ETAs slid before
// the server started: each call not omitted gets up to four changes leading from its first ETA (the proforma) to the
// ETA it has now, made in the ten days before it was reached (or before now), by the simulator or now and then a
// shore user. Deterministic for a given `now`.
import type { Row } from './insert.ts';
import { rng } from './rng.ts';
import type { Schedule } from './schedule.ts';
import { storedCalls } from './schedule.ts';
import { DAY, HOUR, MIN, iso, roundTo } from './time.ts';

const BY_USERS = ['staff', 'operator'];

export function etaChangeRows(s: Schedule, now: number): Row[] {
  const rows: Row[] = [];
  for (const c of storedCalls(s)) {
    if (c.skip) continue;
    const r = rng('eta-history', s.vessel.vslCd, c.voyage, c.callSeq);
    const n = r.int(0, 4);
    if (n === 0 && c.pfEta === c.eta) continue;
    const v = c.voyage === 'cur' ? s.cur : s.prev;
    // The changes fall between ten days before the call's first ETA was due and the call's arrival (or now).
    const end = Math.min(now, c.ata ?? now, c.eta) - HOUR;
    const start = Math.min(end - DAY, c.pfEta - 10 * DAY);
    const steps = Math.max(1, n);
    let eta = c.pfEta;
    for (let k = 1; k <= steps; k++) {
      const at = roundTo(start + ((end - start) * (k - 0.5 + r.float(-0.3, 0.3))) / steps, MIN);
      const toward = c.pfEta + ((c.eta - c.pfEta) * k) / steps;
      const next = k === steps ? c.eta : roundTo(toward + r.float(-3, 3) * HOUR, 30 * MIN);
      if (next === eta) continue;
      rows.push({
        vsl_cd: s.vessel.vslCd,
        skd_voy_no: v.voyNo,
        skd_dir_cd: v.dirCd,
        call_seq: c.callSeq,
        old_eta: iso(eta),
        new_eta: iso(next),
        chg_dt: iso(at),
        chg_by: r.chance(0.15) ? r.pick(BY_USERS) : 'simulator',
      });
      eta = next;
    }
  }
  return rows;
}
