// A DCSA OVS 3.0.2 transport call read back into Quay's terms: the inverse of ovs.ts's callOf
// (integration.md#mapping-ovs-into-quay), so that what one Quay serves another reads as it was. No database here.
import type { Timestamp, TransportCall } from './ovs-schemas.ts';
import type { CallTimesMs } from '../http/rows.ts';

/** A call as the standard gave it, in Quay's words; its terminal is still to be found in `terminals`. */
export interface MappedCall extends CallTimesMs {
  /** The provider's transportCallReference: what a refusal names. */
  ref: string;
  portCd: string;
  /** The location's name and SMDG code, for the terminal. */
  facilityName: string | null;
  smdgCd: string | null;
  skdVoyNo: string;
  skdDirCd: string;
  /** The call's place in its voyage when the reference is Quay's own (VSL-VOYAGE-PORT-SEQ), else null. */
  seqHint: number | null;
  /** The vessel code a Quay reference names, for a vessel made anew. */
  vslCdHint: string | null;
  pfEta: number | null;
  skip: boolean;
}

/** Quay's transportCallReference (ovs.ts): vessel, voyage with its direction, port, sequence. */
const QUAY_REF = /^([A-Z0-9]{4})-(.+)-([A-Z]{2}[A-Z2-9]{3})-(\d{1,6})$/;

/** Quay's voyage is a number and a direction (`0399E`); a voyage number without one keeps it whole. */
function splitVoyage(voyage: string): { skdVoyNo: string; skdDirCd: string } {
  const m = /^(.+?)([NESW])$/.exec(voyage);
  return m?.[1] && m[2] ? { skdVoyNo: m[1], skdDirCd: m[2] } : { skdVoyNo: voyage, skdDirCd: '' };
}

/** The newest time a kind of timestamp gives: event, classifier and where (BRTH when the provider says nothing). */
function timesOf(stamps: readonly Timestamp[]): (kind: string) => number | null {
  const at = new Map<string, number>();
  for (const s of stamps) {
    const t = Date.parse(s.eventDateTime);
    if (!Number.isNaN(t))
      at.set(`${s.eventTypeCode} ${s.eventClassifierCode} ${s.facilityTypeCode ?? 'BRTH'}`, t);
  }
  return (kind) => at.get(kind) ?? null;
}

/** The first of several times that is given. */
const first = (...times: (number | null)[]): number | null => times.find((t) => t !== null) ?? null;

/**
 * The call in Quay's terms, or why it cannot be one. Quay's arrival is at the pilot boarding place and its berthing at
 * the berth; a provider that gives only berth times has its berth arrival taken for both.
 */
export function mapCall(tc: TransportCall): MappedCall | { refused: string } {
  const loc = tc.location;
  if (!loc || loc.locationType === 'ADDR') return { refused: 'it has no UN/LOCODE' };
  const time = timesOf(tc.timestamps ?? []);
  const pfEta = first(time('ARRI PLN PBPL'), time('ARRI PLN BRTH'));
  const eta = first(time('ARRI EST PBPL'), time('ARRI EST BRTH'), pfEta);
  if (eta === null) return { refused: 'it has no arrival time (ARRI EST or PLN)' };
  const etb = first(time('ARRI EST BRTH'), eta) ?? eta;
  const etd = first(time('DEPA EST BRTH'), time('DEPA EST PBPL'), time('DEPA PLN BRTH'), etb) ?? etb;
  const { skdVoyNo, skdDirCd } = splitVoyage(tc.carrierImportVoyageNumber);
  const quay = QUAY_REF.exec(tc.transportCallReference);
  const ours = quay?.[2] === tc.carrierImportVoyageNumber && quay[3] === loc.UNLocationCode;
  return {
    ref: tc.transportCallReference,
    portCd: loc.UNLocationCode,
    facilityName: loc.locationName ?? null,
    smdgCd: loc.locationType === 'FACS' ? loc.facilitySMDGCode : null,
    skdVoyNo,
    skdDirCd,
    seqHint: ours ? Number(quay[4]) : null,
    vslCdHint: quay?.[1] ?? null,
    eta,
    etb,
    etd,
    ata: first(time('ARRI ACT PBPL'), time('ARRI ACT BRTH')),
    atb: time('ARRI ACT BRTH'),
    atd: first(time('DEPA ACT BRTH'), time('DEPA ACT PBPL')),
    pfEta,
    skip: (tc.statusCodes ?? []).includes('OMIT') || tc.statusCode === 'OMIT',
  };
}
