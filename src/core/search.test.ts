import { describe, expect, it } from 'vitest';
import type { SearchResult } from './contract/common.ts';
import type { SearchIndex } from './contract/search-index.ts';
import type { LinkUser } from './link.ts';
import {
  filterResults,
  matchIndex,
  normaliseKeyword,
  PORT_BG,
  prepareIndex,
  rankOf,
  resultLink,
  resultText,
  searchTitle,
  SEARCH_LIMIT,
} from './search.ts';
import { isVesselUser } from './role.ts';

const r = (pgmType: SearchResult['pgmType'], code: string): SearchResult => ({
  pgmType,
  code,
  name: code,
  crrCd: 'QY',
  crrBgColrVal: '#000',
  crrFgColrVal: '#fff',
});
const all = [r('VSL', 'QHZN'), r('VSL_V', 'QHZN'), r('SVC', 'AEX'), r('PORT', 'SGSIN'), r('PORT_S', 'SGSIN')];

const index: SearchIndex = {
  usrId: 'vessel',
  vessels: [
    ['QHZN', 'QUAY HORIZON', 'QLN', '9527582 636527582 D5KM6'],
    ['NRPL', 'NORDIC PEARL', 'NSL'],
    ['ASIN', 'ATLAS SINGER', 'ATL'],
    ['HSIN', 'HORIZON SINGAPORE', 'QLN'],
  ],
  services: [
    ['AEX', 'Asia-North Europe Express', 'QLN'],
    ['SIN', 'Singapore Shuttle', 'NSL'],
  ],
  ports: [
    ['SGSIN', 'Singapore'],
    ['MYPKG', 'Port Klang'],
  ],
  carriers: { QLN: ['#0B2545', '#FFFFFF'], NSL: ['#00594F', '#FFFFFF'], ATL: ['#1D4ED8', '#FFFFFF'] },
  ownVslCd: 'QHZN',
};
const entries = prepareIndex(index);
const codes = (kw: string) => matchIndex(entries, kw).map((x) => `${x.pgmType}:${x.code}`);

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

describe('matching', () => {
  it('ranks an exact code first, then code or name starting with the keyword, then containing it', () => {
    expect(rankOf('SIN', 'SINGAPORE SHUTTLE', 'SIN')).toBe(0);
    expect(rankOf('SGSIN', 'SINGAPORE', 'SIN')).toBe(1);
    expect(rankOf('SINX', 'ABC', 'SIN')).toBe(1);
    expect(rankOf('ASIN', 'ATLAS SINGER', 'SIN')).toBe(2);
    expect(rankOf('QHZN', 'QUAY HORIZON', 'SIN')).toBe(-1);
  });

  it('orders by rank, then vessels, services, ports, then by name and code', () => {
    expect(codes('sin')).toEqual([
      'SVC:SIN', // the exact code
      'PORT:SGSIN', // the name starts with SIN
      'VSL:ASIN', // contains: vessels by name (ATLAS before HORIZON), then services, then ports
      'VSL:HSIN',
    ]);
  });

  it('finds by part of a name in any case, and gives the own vessel as VSL_V with its carrier colours', () => {
    const [hit] = matchIndex(entries, ' horiz ');
    expect(matchIndex(entries, 'horiz')).toHaveLength(2);
    expect(hit).toEqual({
      pgmType: 'VSL',
      code: 'HSIN',
      name: 'HORIZON SINGAPORE',
      crrCd: 'QLN',
      crrBgColrVal: '#0B2545',
      crrFgColrVal: '#FFFFFF',
    });
    expect(matchIndex(entries, 'quay horizon')).toEqual([
      expect.objectContaining({ pgmType: 'VSL_V', code: 'QHZN' }),
    ]);
  });

  it('finds a vessel by its IMO number (with or without "IMO"), MMSI or call sign, whole or from 5 characters', () => {
    for (const kw of ['9527582', 'imo 9527582', 'IMO9527582', '636527582', 'd5km6', ' D5KM6 ', '95275'])
      expect(codes(kw), kw).toEqual(['VSL_V:QHZN']);
    // A few digits are in many identifiers: they match only a whole one.
    expect(codes('636')).toEqual([]);
    expect(codes('D5K')).toEqual([]);
    expect(codes('9527583')).toEqual([]);
  });

  it('gives ports neutral colours and no carrier', () => {
    expect(matchIndex(entries, 'klang')).toEqual([
      {
        pgmType: 'PORT',
        code: 'MYPKG',
        name: 'Port Klang',
        crrCd: '',
        crrBgColrVal: PORT_BG,
        crrFgColrVal: '#1F2937',
      },
    ]);
  });

  it('finds nothing under 3 characters or for a nonsense keyword, and at most the limit', () => {
    expect(matchIndex(entries, 'SI')).toEqual([]);
    expect(matchIndex(entries, 'ZZZQ')).toEqual([]);
    const many = prepareIndex({
      ...index,
      vessels: Array.from({ length: 120 }, (_, i) => [`V${String(i).padStart(3, '0')}`, `SEA ${i}`, 'QLN']),
    });
    const hits = matchIndex(many, 'SEA');
    expect(hits).toHaveLength(SEARCH_LIMIT);
    expect(hits[0]?.name).toBe('SEA 0');
    expect(matchIndex(many, 'SEA', 5)).toHaveLength(5);
  });
});

describe('result links for every user type (product.md#who-may-do-what)', () => {
  const own = r('VSL_V', 'ABCD');
  const other = r('VSL', 'WXYZ');
  const users: [string, LinkUser][] = [
    ['no user', null],
    ['type 2', { usrTpCd: '2', ofcId: 'TYO' }],
    ['type 3 (agent)', { usrTpCd: '3', ofcId: 'SIN' }],
    ['type 4 (vessel ABCD)', { usrTpCd: '4', ofcId: 'ABCD' }],
    ['type 5', { usrTpCd: '5', ofcId: 'HQ' }],
    ['type 6', { usrTpCd: '6', ofcId: 'HAM' }],
  ];

  it.each(users)('%s', (_name, user) => {
    const vesselHref = (code: string) => (user ? `/vessel/${code}` : '#');
    expect(resultLink(own, user)).toBe(vesselHref('ABCD'));
    // Type 4 opens only its own vessel: another vessel is no link.
    expect(resultLink(other, user)).toBe(isVesselUser(user) ? '#' : vesselHref('WXYZ'));
    expect(resultLink(r('SVC', 'AEX'), user)).toBe('/service/AEX');
    expect(resultLink(r('PORT', 'SGSIN'), user)).toBe('/port/live/SGSIN');
    expect(resultLink(r('PORT_S', 'SGSIN'), user)).toBe('/port/status/SGSIN');
  });

  it('shows vessels by name, services and ports by code and name', () => {
    expect(resultText({ ...other, name: 'QUAY HORIZON' })).toBe('QUAY HORIZON');
    expect(resultText({ ...r('SVC', 'AEX'), name: 'Asia Express' })).toBe('AEX Asia Express');
    expect(resultText({ ...r('PORT', 'SGSIN'), name: 'Singapore' })).toBe('SGSIN Singapore');
  });
});
