// Where a berth prospect's "From the schedule" comes from, at sea too (issue 25: offline it was missing).
import { describe, expect, it } from 'vitest';
import { berthCallChoices } from './berth-calls.ts';

const voyage = {
  calls: [
    {
      portCd: 'CNSHA',
      portNm: 'Shanghai',
      ydNm: 'Yangshan',
      etb: '2026-11-20T08:00:00Z',
      etd: 'x',
      atd: 'y',
    },
    {
      portCd: 'SGSIN',
      portNm: 'Singapore',
      ydNm: 'Pasir Panjang',
      etb: '2026-11-25T08:00:00Z',
      etd: '2026-11-26T02:00:00Z',
      atd: null,
      skipYn: 'N',
    },
  ],
};
const scheduleSet = {
  base: '2026-11-25T00:00:00.000Z',
  services: [
    {
      laneCd: 'AEX',
      laneNm: 'Asia Europe Express',
      crrCd: 'QLN',
      bg: '#000',
      fg: '#fff',
      voyages: [
        {
          vslCd: 'OSPH',
          vslNm: 'OCEAN SPHERE',
          voyNo: '0412E',
          calls: [['MYTPP', 600, 1200] as [string, number, number]],
        },
      ],
    },
  ],
};

describe('berthCallChoices', () => {
  it('takes the kept voyage first, its calls still ahead', () => {
    expect(berthCallChoices('OSPH', { voyage, scheduleSet }).map((c) => c.portCd)).toEqual(['SGSIN']);
  });

  it('with no voyage on the device, takes the kept schedules: ETA for the ETB', () => {
    const names = (c: string) => (c === 'MYTPP' ? 'Tanjung Pelepas' : c);
    expect(berthCallChoices('OSPH', { voyage: null, scheduleSet, portName: names })).toEqual([
      {
        portCd: 'MYTPP',
        portNm: 'Tanjung Pelepas',
        ydNm: null,
        etb: '2026-11-25T10:00:00.000Z',
        etd: '2026-11-25T20:00:00.000Z',
      },
    ]);
  });

  it('else the next port My Vessel knows, and nothing when the device has nothing', () => {
    const fleet = [{ vslCd: 'OSPH', nextPortCd: 'NLRTM', nextPortNm: 'Rotterdam' }];
    expect(berthCallChoices('OSPH', { voyage: null, fleet })).toEqual([
      { portCd: 'NLRTM', portNm: 'Rotterdam', ydNm: null, etb: '', etd: '' },
    ]);
    expect(berthCallChoices('OSPH', { voyage: undefined })).toEqual([]);
  });
});
