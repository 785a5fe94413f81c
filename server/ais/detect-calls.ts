// Port calls detected from the positions an AIS write stores (integration.md#port-calls-detected-from-positions): each
// vessel's next call is watched with the rules of detect.ts, and what they confirm is written by setActualTime, marked
// 'AIS', with the happenings the notification rules and My alerts follow, in the write's own transaction.
import type { Sql } from '../db/db.ts';
import type { FixRec } from '../simulator/types.ts';
import { setActualTime } from '../vessels/actuals.ts';
import { newWatch, observe, type Phase, type Watch } from './detect.ts';

export interface CallDetector {
  /** Looks at the newest fix of each vessel just stored; answers how many actual times it recorded. */
  detect(sql: Sql, fixes: ReadonlyMap<string, FixRec>, now: number): Promise<number>;
}

interface TargetRow {
  vsl_cd: string;
  skd_voy_no: string;
  skd_dir_cd: string;
  call_seq: number;
  lat: number;
  lon: number;
  ata: Date | null;
  atb: Date | null;
}

/**
 * The call each vessel is at or sailing to: the first of its current voyage not omitted and not yet left, as the
 * simulator picks it. Its actual times say where it stands; a time another source gave is never looked for again.
 */
const TARGETS = `SELECT DISTINCT ON (c.vsl_cd) c.vsl_cd, c.skd_voy_no, c.skd_dir_cd, c.call_seq, p.lat, p.lon, c.ata, c.atb
  FROM port_calls c
  JOIN voyages v ON v.vsl_cd = c.vsl_cd AND v.skd_voy_no = c.skd_voy_no AND v.skd_dir_cd = c.skd_dir_cd AND v.is_current
  JOIN ports p ON p.port_cd = c.port_cd
 WHERE c.vsl_cd = ANY($1::text[]) AND c.skip_yn = 'N' AND c.atd IS NULL
 ORDER BY c.vsl_cd, v.skd_voy_no DESC, c.call_seq`;

const phaseOf = (t: TargetRow): Phase => (t.atb ? 'berthed' : t.ata ? 'arrived' : 'approaching');

/**
 * One detector per AIS job. What a vessel's fixes showed so far (a run not yet confirmed) is kept here, in memory:
 * an instance that takes the lead starts its runs afresh, which costs one fix's delay at most, while what was
 * confirmed is in the call's actual times and is never lost.
 */
export function createCallDetector(): CallDetector {
  const watches = new Map<string, Watch>();
  return {
    async detect(sql, fixes, now) {
      if (fixes.size === 0) return 0;
      const targets = await sql.query<TargetRow>(TARGETS, [[...fixes.keys()]]);
      let recorded = 0;
      const seen = new Set<string>();
      for (const t of targets) {
        const fix = fixes.get(t.vsl_cd);
        if (!fix) continue;
        seen.add(t.vsl_cd);
        const key = `${t.skd_voy_no}${t.skd_dir_cd}-${t.call_seq}`;
        let w = watches.get(t.vsl_cd);
        // Another call, or the call's times moved on without us (another source): start from what the row says.
        if (!w || w.callKey !== key || w.phase !== phaseOf(t)) {
          w = newWatch(key, phaseOf(t));
          watches.set(t.vsl_cd, w);
        }
        for (const d of observe(w, fix, [t.lat, t.lon])) {
          const set = await setActualTime(sql, {
            vslCd: t.vsl_cd,
            skdVoyNo: t.skd_voy_no,
            skdDirCd: t.skd_dir_cd,
            callSeq: t.call_seq,
            moment: d.moment,
            at: d.at,
            src: 'AIS',
            seen: now,
          });
          if (set) {
            recorded++;
            continue;
          }
          // Already known (a source was first): the row decides again at the next fix.
          watches.delete(t.vsl_cd);
          break;
        }
      }
      for (const vslCd of fixes.keys()) if (!seen.has(vslCd)) watches.delete(vslCd);
      return recorded;
    },
  };
}
