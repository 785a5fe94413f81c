// Small helpers for turning database rows into API JSON.

/** ISO 8601 UTC, or null for a missing or invalid time. */
export function iso(value: Date | string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/** Like iso() for columns that are never null. */
export function isoRequired(value: Date | string): string {
  return iso(value) ?? new Date(0).toISOString();
}

/** The times of a port call as the port_calls table keeps them (planned, actual, and whether it is skipped). */
export interface CallTimesRow {
  yd_nm: string | null;
  eta: Date;
  etb: Date;
  etd: Date;
  ata: Date | null;
  atb: Date | null;
  atd: Date | null;
  skip_yn: string;
  /** The proforma ETA (null on a database from before it was kept). */
  pf_eta: Date | null;
  /** 'AIS' where the time was detected from positions (migration 014); absent from a query that does not ask. */
  ata_src?: string | null;
  atb_src?: string | null;
  atd_src?: string | null;
}

/**
 * The contract's fromAis of a call: the actual times detected from AIS, as a field only when there are some, so a
 * call whose times a source gave costs no byte more (integration.md#port-calls-detected-from-positions).
 */
export function fromAisOf(r: CallTimesRow): { fromAis?: ('ata' | 'atb' | 'atd')[] } {
  const list = (['ata', 'atb', 'atd'] as const).filter((k) => r[`${k}_src`] === 'AIS' && r[k] !== null);
  return list.length > 0 ? { fromAis: list } : {};
}

/** A port call's times in ms, as the simulator, the seed and the schedule sources work on them: planned, and actual
 * where known. */
export interface CallTimesMs {
  eta: number;
  etb: number;
  etd: number;
  ata: number | null;
  atb: number | null;
  atd: number | null;
}
