import { describe, expect, it } from 'vitest';
import type { FleetVessel } from '../../core/contract/vessel.ts';
import { emptyListText, matchVessels, myVesselsView, noMatchText } from './my-vessels-state.ts';

const vessel = (vslCd: string, vslNm: string, sortNo: number | null): FleetVessel => ({
  vslCd,
  vslNm,
  laneCd: 'AEX',
  laneNm: 'Asia Europe Express',
  crrCd: 'QLN',
  crrBgColrVal: '#000',
  crrFgColrVal: '#fff',
  lat: 1,
  lon: 2,
  sog: 10,
  cog: 90,
  hdg: 91,
  navSts: 'UNDER_WAY',
  posDt: null,
  nextPortCd: 'SGSIN',
  nextPortNm: 'Singapore',
  nextEta: null,
  nextAta: null,
  nextDelayHrs: null,
  followed: sortNo !== null,
  sortNo,
});
// By vessel code, as the fleet answer comes; the user chose QHZN before AHDS.
const FLEET = [
  vessel('AHDS', 'ATLAS HORIZON', 1),
  vessel('NRPL', 'NORDIC PEARL', null),
  vessel('QHZN', 'QUAY HORIZON', 0),
];

describe('myVesselsView', () => {
  it('shows the kept followed vessels in the order the user chose them when nothing waits', () => {
    const v = myVesselsView(FLEET, []);
    expect(v.followed.map((x) => x.vslCd)).toEqual(['QHZN', 'AHDS']);
    expect(v.others.map((x) => x.vslCd)).toEqual(['NRPL']);
    expect(v.list).toEqual(['QHZN', 'AHDS']);
    expect([...v.added]).toEqual([]);
    expect(v.removed).toEqual([]);
  });

  it("lays the waiting changes over the kept list: the last list shows, added and removed against the server's", () => {
    const waiting = [{ body: { vslCds: ['QHZN'] } }, { body: { vslCds: ['QHZN', 'NRPL'] } }];
    const v = myVesselsView(FLEET, waiting, FLEET);
    expect(v.followed.map((x) => x.vslCd)).toEqual(['QHZN', 'NRPL']);
    expect(v.list).toEqual(['QHZN', 'NRPL']);
    expect([...v.added]).toEqual(['NRPL']);
    expect(v.removed.map((x) => x.vslCd)).toEqual(['AHDS']);
  });
});

describe('matchVessels', () => {
  it('finds by code or name from two letters, those starting with it first', () => {
    expect(matchVessels(FLEET, 'h')).toEqual([]);
    expect(matchVessels(FLEET, 'horizon').map((v) => v.vslCd)).toEqual(['AHDS', 'QHZN']);
    expect(matchVessels(FLEET, 'at').map((v) => v.vslCd)).toEqual(['AHDS']);
    expect(matchVessels(FLEET, 'nr').map((v) => v.vslCd)).toEqual(['NRPL']);
  });
});

describe('what the add field and the empty list say (issue 25)', () => {
  const horizon = vessel('QHZN', 'QUAY HORIZON', 0);
  it('says a vessel typed is followed already, rather than that nothing matches', () => {
    expect(noMatchText('horiz', [horizon])).toBe(
      'You follow QUAY HORIZON (QHZN) already: it is on your list.',
    );
    expect(noMatchText('ZZZ', [horizon])).toBe('No vessel to add matches “ZZZ”.');
  });

  it('says "Add one below" only where a vessel can be added', () => {
    expect(emptyListText(true, null)).toBe('You follow no vessel yet. Add one below.');
    expect(emptyListText(false, null)).not.toContain('Add one below');
    expect(emptyListText(true, 'AHDS')).not.toContain('Add one below');
  });
});
