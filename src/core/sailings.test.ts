import { describe, expect, it } from 'vitest';
import type { ScheduleSet } from './contract/sailings.ts';
import { findSailings } from './sailings.ts';

const base = Date.parse('2026-11-26T12:00:00Z');
const H = 60;
const set: ScheduleSet = {
  base: new Date(base).toISOString(),
  services: [
    {
      laneCd: 'AEX',
      laneNm: 'Asia Europe Express',
      crrCd: 'QUA',
      bg: '#003',
      fg: '#fff',
      voyages: [
        // Leaves SGSIN in 2 days, NLRTM 20 days later.
        {
          vslCd: 'AAAA',
          vslNm: 'A',
          voyNo: '0001W',
          calls: [
            ['SGSIN', 24 * H, 48 * H],
            ['NLRTM', 528 * H, 540 * H],
          ],
        },
        // Calls at NLRTM before SGSIN: not a sailing from SGSIN to NLRTM.
        {
          vslCd: 'BBBB',
          vslNm: 'B',
          voyNo: '0002E',
          calls: [
            ['NLRTM', 2 * H, 10 * H],
            ['SGSIN', 400 * H, 410 * H],
          ],
        },
        // Leaves SGSIN in 5 weeks: outside 4 weeks.
        {
          vslCd: 'CCCC',
          vslNm: 'C',
          voyNo: '0003W',
          calls: [
            ['SGSIN', 840 * H, 850 * H],
            ['NLRTM', 1300 * H, 1310 * H],
          ],
        },
        // Leaves SGSIN in a day, sooner than AAAA.
        {
          vslCd: 'DDDD',
          vslNm: 'D',
          voyNo: '0004W',
          calls: [
            ['SGSIN', 12 * H, 24 * H],
            ['MYPKG', 40 * H, 50 * H],
            ['NLRTM', 500 * H, 510 * H],
          ],
        },
      ],
    },
  ],
};

describe('port to port on a schedule set', () => {
  it('lists voyages leaving the first port in the window that call at the second later, by departure', () => {
    const found = findSailings(set, 'SGSIN', 'NLRTM', base, 4);
    expect(found.map((s) => s.vslCd)).toEqual(['DDDD', 'AAAA']);
    expect(found[1]).toMatchObject({
      laneCd: 'AEX',
      voyNo: '0001W',
      etd: '2026-11-28T12:00:00.000Z',
      eta: '2026-12-18T12:00:00.000Z',
      transitDays: 20,
    });
    expect(findSailings(set, 'SGSIN', 'NLRTM', base, 6).map((s) => s.vslCd)).toEqual([
      'DDDD',
      'AAAA',
      'CCCC',
    ]);
    expect(findSailings(set, 'NLRTM', 'SGSIN', base, 4).map((s) => s.vslCd)).toEqual(['BBBB']);
    // A departure already past is not offered.
    expect(findSailings(set, 'SGSIN', 'NLRTM', base + 30 * 3_600_000, 4).map((s) => s.vslCd)).toEqual([
      'AAAA',
    ]);
  });
});
