import { describe, expect, it } from 'vitest';
import type { SearchResult } from './contract/common.ts';
import { filterResults, normaliseKeyword, searchTitle } from './search.ts';

const r = (pgmType: SearchResult['pgmType'], code: string): SearchResult => ({
  pgmType,
  code,
  name: code,
  crrCd: 'QY',
  crrBgColrVal: '#000',
  crrFgColrVal: '#fff',
});
const all = [r('VSL', 'QHZN'), r('VSL_V', 'QHZN'), r('SVC', 'AEX'), r('PORT', 'SGSIN'), r('PORT_S', 'SGSIN')];

describe('search rules', () => {
  it('upper-cases and trims the keyword', () => {
    expect(normaliseKeyword('  sgs ')).toBe('SGS');
  });

  it('limits users of types 5 and 6 to vessels and lets the others see every type', () => {
    for (const t of ['5', '6']) {
      expect(filterResults(all, t).map((x) => x.pgmType)).toEqual(['VSL', 'VSL_V']);
      expect(searchTitle(t)).toBe('Vessel Search');
    }
    for (const t of ['2', '3', '4', '', null]) {
      expect(filterResults(all, t)).toHaveLength(5);
      expect(searchTitle(t)).toBe('Smart Search');
    }
  });
});
