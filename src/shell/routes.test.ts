import { describe, expect, it } from 'vitest';
import { isKnownProgramUrl, routeOf, titleOf } from './routes.ts';

describe('routes', () => {
  it('has every route of product.md#screens-and-routes, with or without a trailing slash', () => {
    const paths = [
      '/vessel',
      '/vessel/QHZN',
      '/vessel/schedule',
      '/voyage',
      '/voyage/QHZN',
      '/service',
      '/service/AEX',
      '/port/live',
      '/port/live/SGSIN',
      '/port/status',
      '/port/status/SGSIN/',
      '/myvessel',
      '/chat/',
      '/chat',
      '/chat/QHZN',
      '/setting',
      '/addressBook',
      '/inform/gsi',
      '/inform/gvoLetter',
      '/inform/sapphireFeedback',
    ];
    for (const p of paths) expect(routeOf(p), p).not.toBeNull();
  });

  it('titles pages, and the schedule is not taken for a vessel code', () => {
    expect(titleOf('/vessel/schedule')).toBe('Vessel Schedule');
    expect(titleOf('/vessel/QHZN')).toBe('Vessel');
    expect(titleOf('/port/status/SGSIN')).toBe('Current Status');
    expect(titleOf('/chat/')).toBe('Chat Space');
    expect(titleOf('/nowhere')).toBe('Not found');
    expect(titleOf('/vessel/QHZN/extra')).toBe('Not found');
  });

  it('knows the programs the app has and not the others', () => {
    expect(isKnownProgramUrl('/myvessel')).toBe(true);
    expect(isKnownProgramUrl('/inform/gsi?x=1')).toBe(true);
    expect(isKnownProgramUrl('/port/world-status')).toBe(true);
    expect(isKnownProgramUrl('/port/unknown')).toBe(false);
    expect(isKnownProgramUrl('https://elsewhere.example/vessel')).toBe(false);
  });
});
