// A vessel's particulars (product.md#vessel-particulars): IMO number, MMSI, call sign, flag, year built, capacity,
// length overall, beam and summer draught, from the vessel page data the device keeps (GET /vessel/current).
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
    <section className="card" aria-labelledby="particulars-heading">
      <h2 id="particulars-heading" className="card__heading">
        Particulars
      </h2>
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
    </section>
  );
}
