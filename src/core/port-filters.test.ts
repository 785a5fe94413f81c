import { describe, expect, it } from 'vitest';
import type { PortCall } from './contract/port.ts';
import {
  applyFilter,
  filterChoices,
  isFiltering,
  NO_FILTER,
  sortCalls,
  sortOf,
  STAGE_SORT,
  withFilter,
  withSort,
  type PortSort,
} from './port-filters.ts';

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

describe('Port Live sort', () => {
  const timed = [
    { ...call('AAAA', 'Pasir Panjang', 'TAX', -5), eta: '2026-11-22T10:00:00Z', ata: null },
    { ...call('BBBB', 'Tanjong Pagar', 'AEX', 2), eta: '2026-11-23T10:00:00Z', ata: '2026-11-21T08:00:00Z' },
    { ...call('CCCC', null, 'CEX', 0.2), eta: '2026-11-20T10:00:00Z', ata: null },
    { ...call('DDDD', 'Keppel', 'AEX', -9, true), eta: '2026-11-24T10:00:00Z', ata: null },
  ].map((c) => ({ call: c }));
  const order = (sort: PortSort) => sortCalls(timed, sort).map((r) => r.call.vslCd);

  it('sorts by the time shown (the arrival once made), by lateness, terminal and service, both ways', () => {
    expect(order(STAGE_SORT)).toEqual(['AAAA', 'BBBB', 'CCCC', 'DDDD']);
    expect(order({ key: 'eta', dir: 'ascending' })).toEqual(['CCCC', 'BBBB', 'AAAA', 'DDDD']);
    expect(order({ key: 'eta', dir: 'descending' })).toEqual(['DDDD', 'AAAA', 'BBBB', 'CCCC']);
    // Latest first; an omitted call has no delay and goes last either way, as does a call with no terminal.
    expect(order({ key: 'delay', dir: 'descending' })).toEqual(['AAAA', 'CCCC', 'BBBB', 'DDDD']);
    expect(order({ key: 'delay', dir: 'ascending' })).toEqual(['BBBB', 'CCCC', 'AAAA', 'DDDD']);
    expect(order({ key: 'terminal', dir: 'ascending' })).toEqual(['DDDD', 'AAAA', 'BBBB', 'CCCC']);
    expect(order({ key: 'terminal', dir: 'descending' })).toEqual(['BBBB', 'AAAA', 'DDDD', 'CCCC']);
    // A tie keeps the stage order.
    expect(order({ key: 'service', dir: 'ascending' })).toEqual(['BBBB', 'DDDD', 'CCCC', 'AAAA']);
  });

  it('is kept for one user beside the filters, and another user starts by stage', () => {
    const delay: PortSort = { key: 'delay', dir: 'descending' };
    const filtered = withFilter(undefined, 'agent', 'SGSIN', { ...NO_FILTER, delayed: true });
    const sorted = withSort(filtered, 'agent', delay);
    expect(sorted.byPort).toEqual(filtered.byPort);
    expect(sortOf(sorted, 'agent')).toEqual(delay);
    // A filter set later keeps the sort.
    expect(sortOf(withFilter(sorted, 'agent', 'MYTPP', NO_FILTER), 'agent')).toEqual(delay);
    expect(sortOf(sorted, 'staff')).toEqual(STAGE_SORT);
    expect(withSort(sorted, 'staff', delay).byPort).toEqual({});
  });
});
