import { describe, expect, it } from 'vitest';
import type { PortCall } from './contract/port.ts';
import { applyFilter, filterChoices, isFiltering, NO_FILTER, withFilter } from './port-filters.ts';

const call = (vslCd: string, ydNm: string | null, laneCd: string, delayHrs: number | null, omitted = false) =>
  ({ vslCd, ydNm, laneCd, delayHrs, omitted }) as PortCall;
const calls = [
  call('AAAA', 'Pasir Panjang', 'AEX', -5),
  call('BBBB', 'Tanjong Pagar', 'AEX', 2),
  call('CCCC', 'Pasir Panjang', 'TAX', 0.2),
  call('DDDD', null, 'TAX', -9, true),
];
const codes = (list: PortCall[]) => list.map((c) => c.vslCd);

describe('Port Live filters', () => {
  it('keep the calls at the terminal, of the service, and running behind (an omitted call is not delayed)', () => {
    expect(codes(applyFilter(calls, NO_FILTER))).toEqual(['AAAA', 'BBBB', 'CCCC', 'DDDD']);
    expect(codes(applyFilter(calls, { ...NO_FILTER, ydNm: 'Pasir Panjang' }))).toEqual(['AAAA', 'CCCC']);
    expect(codes(applyFilter(calls, { ...NO_FILTER, laneCd: 'TAX' }))).toEqual(['CCCC', 'DDDD']);
    expect(codes(applyFilter(calls, { ...NO_FILTER, delayed: true }))).toEqual(['AAAA']);
    expect(codes(applyFilter(calls, { ydNm: 'Pasir Panjang', laneCd: 'AEX', delayed: true }))).toEqual([
      'AAAA',
    ]);
  });

  it('offer the terminals and services the calls name, each once and sorted', () => {
    expect(filterChoices(calls)).toEqual({
      terminals: ['Pasir Panjang', 'Tanjong Pagar'],
      services: ['AEX', 'TAX'],
    });
  });

  it('are stored per port for one user: a cleared port goes, another user starts afresh', () => {
    const one = withFilter(undefined, 'agent', 'SGSIN', { ...NO_FILTER, delayed: true });
    expect(isFiltering(NO_FILTER)).toBe(false);
    expect(withFilter(one, 'agent', 'SGSIN', NO_FILTER).byPort).toEqual({});
    expect(withFilter(one, 'staff', 'MYTPP', { ...NO_FILTER, laneCd: 'AEX' })).toEqual({
      usrId: 'staff',
      byPort: { MYTPP: { ...NO_FILTER, laneCd: 'AEX' } },
    });
  });
});
