// A vessel's particulars (product.md#vessel-particulars): IMO number, MMSI, call sign, flag, year built, capacity,
// length overall, beam and summer draught, from the vessel page data the device keeps (GET /vessel/current). Near the
// top of the page, folded in the vessel's identity card: the identifiers a tracker user looks for show in its line.
import type { VesselCurrent } from '../../core/contract/vessel.ts';
import { formatNumber } from '../../core/format/format-number.ts';

function countryName(cc: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'region' }).of(cc) ?? cc;
  } catch {
    return cc;
  }
}

/** "-" for a particular that is not known (product.md#input-and-formatting-rules): a source's vessel has few. */
const known = <T,>(v: T | null | undefined, show: (v: T) => string): string =>
  v === null || v === undefined || v === '' ? '-' : show(v);
const metres = (v: number | null | undefined, digits?: number): string =>
  known(v, (m) => `${formatNumber(m, digits)} m`);
const text = (v: string | null | undefined): string => known(v, (s) => s);

export function VesselParticulars({ vessel: v }: { vessel: VesselCurrent }) {
  const rows: [string, string][] = [
    ['IMO number', text(v.imoNo)],
    ['MMSI', text(v.mmsi)],
    ['Call sign', text(v.callSgn)],
    ['Year built', known(v.builtYr, String)],
    ['Capacity', known(v.teu, (teu) => `${formatNumber(teu)} TEU`)],
    ['Length overall', metres(v.loaM, 0)],
    ['Beam', metres(v.beamM)],
    ['Summer draught', metres(v.draughtM, 1)],
  ];
  return (
    <details className="disclosure disclosure--inline" aria-labelledby="particulars-heading">
      <summary className="disclosure__summary">
        <h3 id="particulars-heading" className="disclosure__title">
          Particulars
        </h3>
        <span className="muted">{summaryLine(v)}</span>
      </summary>
      <dl className="facts" aria-labelledby="particulars-heading">
        {rows.slice(0, 3).map(([k, val]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd>{val}</dd>
          </div>
        ))}
        <div>
          <dt>Flag</dt>
          <dd>{known(v.flagCd, (cc) => `${countryName(cc)} (${cc})`)}</dd>
        </div>
        {rows.slice(3).map(([k, val]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd>{val}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}

/** What the folded section says: the identifiers and size that are known, e.g. "IMO 9527582 · 14,000 TEU". */
function summaryLine(v: VesselCurrent): string {
  const parts = [
    v.imoNo ? `IMO ${v.imoNo}` : null,
    v.callSgn ? `call sign ${v.callSgn}` : null,
    v.teu ? `${formatNumber(v.teu)} TEU` : null,
  ].filter((p) => p !== null);
  return parts.length > 0 ? parts.join(' · ') : 'Identity and size';
}
