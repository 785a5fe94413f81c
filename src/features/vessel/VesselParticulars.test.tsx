// The particulars on the vessel page (product.md#vessel-particulars): a vessel a schedule source made knows few of
// them, and each it does not know shows "-", never "0 TEU" or "built 0"; a known one shows as before.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { VesselCurrent } from '../../core/contract/vessel.ts';
import { VesselParticulars } from './VesselParticulars.tsx';

const vessel: VesselCurrent = {
  vslCd: 'NORT',
  vslNm: 'NORTHERN STAR',
  imoNo: '9000002',
  callSgn: null,
  flagCd: null,
  crrCd: 'NSC',
  crrNm: 'NSC',
  crrBgColrVal: '#334155',
  crrFgColrVal: '#FFFFFF',
  laneCd: 'NSL',
  laneNm: 'Northern Loop',
  vslSlanCd: 'NSL',
  teu: null,
  builtYr: null,
  loaM: null,
  svcSpd: null,
  mmsi: null,
  beamM: null,
  draughtM: null,
  posDt: null,
  lat: null,
  lon: null,
  sog: null,
  cog: null,
  hdg: null,
  navSts: null,
  skdVoyNo: null,
  skdDirCd: null,
  prevPort: null,
  nextPort: null,
};

/** Each particular's label and what it shows, in order. */
const facts = (v: VesselCurrent): [string, string][] =>
  [...renderToStaticMarkup(<VesselParticulars vessel={v} />).matchAll(/<dt>(.*?)<\/dt><dd>(.*?)<\/dd>/g)].map(
    (m) => [m[1] ?? '', m[2] ?? ''],
  );

describe('the vessel particulars', () => {
  it('shows "-" for each particular that is not known', () => {
    expect(facts(vessel)).toEqual([
      ['IMO number', '9000002'],
      ['MMSI', '-'],
      ['Call sign', '-'],
      ['Flag', '-'],
      ['Year built', '-'],
      ['Capacity', '-'],
      ['Length overall', '-'],
      ['Beam', '-'],
      ['Summer draught', '-'],
    ]);
  });

  it('shows the known ones as before', () => {
    const known = { ...vessel, callSgn: 'A8QH2', flagCd: 'LR', teu: 14000, builtYr: 2019, loaM: 366 };
    expect(facts(known)).toEqual(
      expect.arrayContaining([
        ['Call sign', 'A8QH2'],
        ['Flag', 'Liberia (LR)'],
        ['Year built', '2019'],
        ['Capacity', '14,000 TEU'],
        ['Length overall', '366 m'],
      ]),
    );
  });
});
