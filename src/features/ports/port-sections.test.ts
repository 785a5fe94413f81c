import { describe, expect, it } from 'vitest';
import type { PortCall } from '../../core/contract/port.ts';
import { portSections, SECTIONS } from './port-sections.ts';

const call = (vslCd: string, times: Partial<Pick<PortCall, 'ata' | 'atb' | 'atd'>>): PortCall => ({
  vslCd,
  vslNm: `${vslCd} VESSEL`,
  crrCd: 'QY',
  crrBgColrVal: '#000',
  crrFgColrVal: '#fff',
  laneCd: 'AEX',
  skdVoyNo: '0101',
  skdDirCd: 'E',
  callSeq: 1,
  ydCd: null,
  ydNm: null,
  eta: '2026-11-20T00:00:00.000Z',
  etb: '2026-11-20T06:00:00.000Z',
  etd: '2026-11-21T00:00:00.000Z',
  ata: null,
  atb: null,
  atd: null,
  delayHrs: 0,
  omitted: false,
  motion: null,
  ...times,
});

describe('portSections', () => {
  it('puts a vessel arrived but not berthed under At anchor, apart from those alongside, in arrival order', () => {
    const waiting = call('WAIT', { ata: '2026-11-20T01:00:00.000Z' });
    const berthed = call('BRTH', { ata: '2026-11-20T02:00:00.000Z', atb: '2026-11-20T05:00:00.000Z' });
    const later = call('LATE', { ata: '2026-11-20T03:00:00.000Z' });
    const coming = call('COME', {});
    const gone = call('GONE', { ata: 'x', atb: 'y', atd: '2026-11-20T04:00:00.000Z' });
    const s = portSections({ expected: [coming], alongside: [waiting, berthed, later], departed: [gone] });
    expect(s.expected).toEqual([coming]);
    expect(s.atAnchor).toEqual([waiting, later]);
    expect(s.alongside).toEqual([berthed]);
    expect(s.departed).toEqual([gone]);
  });

  it('runs in the order of a port call: expected, at anchor, alongside, departed', () => {
    expect(SECTIONS.map((s) => s.title)).toEqual(['Expected', 'At anchor', 'Alongside', 'Departed']);
  });
});
