import { describe, expect, it } from 'vitest';
import { berthPlansByPort } from './berth-plans.ts';

const d = (notSeq: number, over: Record<string, unknown> = {}) => ({
  notSeq,
  notId: 'N004',
  vslCd: 'QHZN',
  portCd: 'SGSIN',
  skdVoyNo: '0412',
  skdDirCd: 'E',
  reqSpd: 14.5,
  ydNm: 'Pasir Panjang',
  algsdNm: 'Port side',
  creUtcDt: '2026-11-20T10:00:00.000Z',
  ...over,
});

describe('berth plans by port', () => {
  it("keeps the newest N004 per port of this vessel's voyage", () => {
    const plans = berthPlansByPort(
      [
        d(1, { reqSpd: 12, creUtcDt: '2026-11-19T10:00:00.000Z' }),
        d(2, { reqSpd: 15.2 }),
        d(3, { portCd: 'MYPKG', reqSpd: 11 }),
        d(4, { notId: 'N001', reqSpd: 99 }),
        d(5, { vslCd: 'AHDS', reqSpd: 99 }),
        d(6, { skdVoyNo: '0411', reqSpd: 99, creUtcDt: '2026-11-21T10:00:00.000Z' }),
      ],
      'QHZN',
      { skdVoyNo: '0412', skdDirCd: 'E' },
    );
    expect([...plans.keys()].sort()).toEqual(['MYPKG', 'SGSIN']);
    expect(plans.get('SGSIN')).toMatchObject({ notSeq: 2, reqSpd: 15.2, ydNm: 'Pasir Panjang' });
    expect(plans.get('MYPKG')?.reqSpd).toBe(11);
  });
});
