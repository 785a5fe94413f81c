import { describe, expect, it } from 'vitest';
import type { SearchResult } from '../../core/contract/common.ts';
import type { LinkUser } from '../../core/link.ts';
import { portPageText, resultOptions, sameEntry } from './result-options.ts';

const r = (pgmType: SearchResult['pgmType'], code: string, name = code): SearchResult => ({
  pgmType,
  code,
  name,
  crrCd: '',
  crrBgColrVal: '#000',
  crrFgColrVal: '#fff',
});
const agent: LinkUser = { usrTpCd: '3', ofcId: 'SIN' };
const vesselUser: LinkUser = { usrTpCd: '4', ofcId: 'AHDS' };
const shape = (results: SearchResult[], user: LinkUser = agent) =>
  resultOptions(results, user).map(({ key, href, sub, name }) => ({ key, href, sub, name }));

describe('result options: one target each', () => {
  it('gives a port two options, its live page and then its current-status page as a sub-row', () => {
    expect(shape([r('PORT', 'SGSIN', 'Singapore')])).toEqual([
      { key: 'PORT:SGSIN', href: '/port/live/SGSIN', sub: false, name: 'SGSIN Singapore Port live' },
      {
        key: 'PORT_S:SGSIN:sub',
        href: '/port/status/SGSIN',
        sub: true,
        name: 'SGSIN Singapore Port current status',
      },
    ]);
  });

  it('gives a port remembered as current status that page first and its live page as the sub-row', () => {
    const [main, sub] = resultOptions([r('PORT_S', 'SGSIN', 'Singapore')], agent);
    expect([main?.href, sub?.href]).toEqual(['/port/status/SGSIN', '/port/live/SGSIN']);
    expect(sub?.sub).toBe(true);
  });

  it('remembers what the sub-row opens: the port as that page', () => {
    const [, sub] = resultOptions([r('PORT', 'SGSIN', 'Singapore')], agent);
    expect(sub?.result).toEqual({ ...r('PORT_S', 'SGSIN', 'Singapore') });
  });

  it('shows the sub-row by its page alone', () => {
    expect(portPageText(r('PORT', 'SGSIN'))).toBe('Live');
    expect(portPageText(r('PORT_S', 'SGSIN'))).toBe('Current Status');
  });

  it('keeps other results to one option each, in order, and a port listed twice once', () => {
    const keys = shape([
      r('VSL', 'QAUR'),
      r('PORT', 'SGSIN'),
      r('SVC', 'AEX'),
      r('PORT_S', 'SGSIN'),
      r('PORT', 'MYPKG'),
    ]).map((o) => o.key);
    expect(keys).toEqual([
      'VSL:QAUR',
      'PORT:SGSIN',
      'PORT_S:SGSIN:sub',
      'SVC:AEX',
      'PORT:MYPKG',
      'PORT_S:MYPKG:sub',
    ]);
  });

  it('gives a vessel the user may not open no target (product.md#who-may-do-what), and its own vessel its page', () => {
    expect(shape([r('VSL_V', 'AHDS', 'ATLAS HUDSON'), r('VSL', 'ABYU', 'ATLAS BAYOU')], vesselUser)).toEqual([
      { key: 'VSL_V:AHDS', href: '/vessel/AHDS', sub: false, name: 'ATLAS HUDSON Vessel' },
      { key: 'VSL:ABYU', href: null, sub: false, name: 'ATLAS BAYOU Vessel' },
    ]);
    expect(shape([r('VSL', 'ABYU')], null)[0]?.href).toBeNull();
    // The closed one says why; the open one says nothing more.
    const why = resultOptions([r('VSL_V', 'AHDS'), r('VSL', 'ABYU')], vesselUser).map((o) => o.why);
    expect(why).toEqual([null, 'Only your own vessel opens']);
  });
});

describe('one recent entry per thing picked', () => {
  it('counts a port as one whichever page was opened, and other results by type and code', () => {
    expect(sameEntry(r('PORT', 'SGSIN'), r('PORT_S', 'SGSIN'))).toBe(true);
    expect(sameEntry(r('PORT', 'SGSIN'), r('PORT', 'MYPKG'))).toBe(false);
    expect(sameEntry(r('VSL', 'QAUR'), r('VSL', 'QAUR'))).toBe(true);
    expect(sameEntry(r('SVC', 'SIN'), r('PORT', 'SIN'))).toBe(false);
  });
});
