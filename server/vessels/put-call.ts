// A port call written as a source states it (a schedule feed, an import): inserted when new, else updated where it
// differs, with the happenings the change means recorded as the simulator records them (architecture.md#domain-events).
import type { Sql } from '../db/db.ts';
import type { CallTimesMs, CallTimesRow } from '../http/rows.ts';
import { recordEvent, type Happening } from '../domain/events.ts';

/** Which call: the vessel, its voyage and the call's place in it. */
export interface CallKey {
  vslCd: string;
  skdVoyNo: string;
  skdDirCd: string;
  callSeq: number;
}

/** A call as its source has it; times in ms. */
export interface CallState extends CallTimesMs {
  portCd: string;
  ydCd: string | null;
  ydNm: string | null;
  // An actual time the source does not give (null) keeps the one Quay has: what happened does not un-happen.
  /** The proforma ETA; null keeps the one Quay has (a new call takes its ETA). */
  pfEta: number | null;
  skip: boolean;
}

type PutResult = 'created' | 'changed' | 'same';

interface Row extends CallTimesRow {
  port_cd: string;
  yd_cd: string | null;
}

const ms = (d: Date | null): number | null => (d === null ? null : new Date(d).getTime());
const iso = (t: number | null): string | null => (t === null ? null : new Date(t).toISOString());

function stateOf(r: Row): CallState {
  return {
    portCd: r.port_cd,
    ydCd: r.yd_cd,
    ydNm: r.yd_nm,
    eta: new Date(r.eta).getTime(),
    etb: new Date(r.etb).getTime(),
    etd: new Date(r.etd).getTime(),
    ata: ms(r.ata),
    atb: ms(r.atb),
    atd: ms(r.atd),
    pfEta: ms(r.pf_eta),
    skip: r.skip_yn === 'Y',
  };
}

/** What the move from `was` to `now` means, in the simulator's words: learnt at `seen`. */
function happeningsOf(key: CallKey, was: CallState, now: CallState, seen: number): Happening[] {
  const at = { vslCd: key.vslCd, portCd: now.portCd, callSeq: key.callSeq, seen };
  const out: Happening[] = [];
  if (was.ata === null && now.ata !== null) out.push({ type: 'callArrived', ...at, at: now.ata });
  if (was.atb === null && now.atb !== null) out.push({ type: 'callBerthed', ...at, at: now.atb });
  if (was.atd === null && now.atd !== null) out.push({ type: 'callDeparted', ...at, at: now.atd });
  // An ETA that moves takes its berth and departure with it, as moveEta and the simulator's slips do: one event.
  if (was.eta !== now.eta && now.ata === null)
    out.push({ type: 'etaMoved', ...at, at: seen, prevEta: was.eta, eta: now.eta });
  else if (now.atb === null && (was.etb !== now.etb || was.etd !== now.etd || was.ydCd !== now.ydCd))
    out.push({ type: 'berthPlanChanged', ...at, at: seen });
  return out;
}

const same = (a: CallState, b: CallState): boolean =>
  a.portCd === b.portCd &&
  a.ydCd === b.ydCd &&
  a.ydNm === b.ydNm &&
  a.eta === b.eta &&
  a.etb === b.etb &&
  a.etd === b.etd &&
  a.ata === b.ata &&
  a.atb === b.atb &&
  a.atd === b.atd &&
  a.pfEta === b.pfEta &&
  a.skip === b.skip;

/**
 * Writes the call as `next` says, as `by` (the ETA history's chgBy), learnt at `seen` (ms). A new call is schedule,
 * not news: it records nothing. A call that is already so is not written at all, so that reading the same schedule
 * twice makes no ETA history, no event and no change-log version.
 */
export async function putCall(
  sql: Sql,
  key: CallKey,
  given: CallState,
  opts: { by: string; seen: number },
): Promise<PutResult> {
  const k = [key.vslCd, key.skdVoyNo, key.skdDirCd, key.callSeq];
  const rows = await sql.query<Row>(
    `SELECT port_cd, yd_cd, yd_nm, eta, etb, etd, ata, atb, atd, pf_eta, skip_yn FROM port_calls
      WHERE vsl_cd = $1 AND skd_voy_no = $2 AND skd_dir_cd = $3 AND call_seq = $4 FOR UPDATE`,
    k,
  );
  const row = rows[0];
  const was = row ? stateOf(row) : null;
  const next: CallState = {
    ...given,
    ata: given.ata ?? was?.ata ?? null,
    atb: given.atb ?? was?.atb ?? null,
    atd: given.atd ?? was?.atd ?? null,
    pfEta: given.pfEta ?? was?.pfEta ?? given.eta,
  };
  const values = [
    next.portCd,
    next.ydCd,
    next.ydNm,
    iso(next.eta),
    iso(next.etb),
    iso(next.etd),
    iso(next.ata),
    iso(next.atb),
    iso(next.atd),
    iso(next.pfEta),
    next.skip ? 'Y' : 'N',
  ];
  if (!was) {
    await sql.query(
      `INSERT INTO port_calls (vsl_cd, skd_voy_no, skd_dir_cd, call_seq, port_cd, yd_cd, yd_nm, eta, etb, etd, ata, atb,
              atd, pf_eta, skip_yn)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)`,
      [...k, ...values],
    );
    return 'created';
  }
  if (same(was, next)) return 'same';
  // The ETA history's trigger (migration 007) names who moved it.
  await sql.query("SELECT set_config('quay.chg_by', $1, true)", [opts.by]);
  await sql.query(
    `UPDATE port_calls SET port_cd = $5, yd_cd = $6, yd_nm = $7, eta = $8, etb = $9, etd = $10, ata = $11, atb = $12,
            atd = $13, pf_eta = $14, skip_yn = $15
      WHERE vsl_cd = $1 AND skd_voy_no = $2 AND skd_dir_cd = $3 AND call_seq = $4`,
    [...k, ...values],
  );
  for (const h of happeningsOf(key, was, next, opts.seen)) recordEvent(sql, h);
  return 'changed';
}
