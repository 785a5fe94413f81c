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

const metres = (v: number | null | undefined, digits?: number): string =>
  v === null || v === undefined ? '-' : `${formatNumber(v, digits)} m`;

export function VesselParticulars({ vessel: v }: { vessel: VesselCurrent }) {
  const rows: [string, string][] = [
    ['IMO number', v.imoNo],
    ['MMSI', v.mmsi ?? '-'],
    ['Call sign', v.callSgn],
    ['Year built', String(v.builtYr)],
    ['Capacity', `${formatNumber(v.teu)} TEU`],
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
          <dd>
            {countryName(v.flagCd)} ({v.flagCd})
          </dd>
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
