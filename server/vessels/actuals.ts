// A port call's actual times set by whoever saw them happen (the AIS detector; any source may use it): each time set
// once, in order, with the happening the notification rules and My alerts follow (architecture.md#domain-events).
import type { Sql } from '../db/db.ts';
import { recordEvent } from '../domain/events.ts';

type CallMoment = 'arrival' | 'berthing' | 'departure';

export interface ActualTime {
  vslCd: string;
  skdVoyNo: string;
  skdDirCd: string;
  callSeq: number;
  moment: CallMoment;
  /** When it happened (ms). */
  at: number;
  /** Who saw it: 'AIS' when detected from positions (shown as such), null for a source's own time. */
  src: 'AIS' | null;
  /** When it was learnt (ms; default now): a happening learnt long after it happened makes no notification. */
  seen?: number;
}

/**
 * The column each moment sets, the one it waits for (berthing after arrival, departure after berthing) and its
 * happening. Fixed names, never the caller's.
 */
const MOMENT = {
  arrival: { col: 'ata', src: 'ata_src', after: null, happening: 'callArrived' },
  berthing: { col: 'atb', src: 'atb_src', after: 'ata', happening: 'callBerthed' },
  departure: { col: 'atd', src: 'atd_src', after: 'atb', happening: 'callDeparted' },
} as const;

/**
 * Sets one actual time of a call where none is known yet, never before the time of the step it follows (and not at
 * all while that one is unknown), and records its happening. Answers the time set, or null when the call already
 * had it, lacks the step before, or does not exist: the same time seen by two sources is recorded once.
 */
export async function setActualTime(sql: Sql, a: ActualTime): Promise<Date | null> {
  const m = MOMENT[a.moment];
  const rows = await sql.query<{ port_cd: string; t: Date }>(
    `UPDATE port_calls SET ${m.col} = ${m.after ? `GREATEST($5::timestamptz, ${m.after})` : '$5::timestamptz'},
            ${m.src} = $6
      WHERE vsl_cd = $1 AND skd_voy_no = $2 AND skd_dir_cd = $3 AND call_seq = $4 AND ${m.col} IS NULL
        ${m.after ? `AND ${m.after} IS NOT NULL` : ''}
      RETURNING port_cd, ${m.col} AS t`,
    [a.vslCd, a.skdVoyNo, a.skdDirCd, a.callSeq, new Date(a.at).toISOString(), a.src],
  );
  const row = rows[0];
  if (!row) return null;
  const at = new Date(row.t);
  recordEvent(sql, {
    type: m.happening,
    vslCd: a.vslCd,
    portCd: row.port_cd,
    callSeq: a.callSeq,
    at: at.getTime(),
    seen: a.seen ?? Date.now(),
  });
  return at;
}
