import { describe, expect, it } from 'vitest';
import { heartbeatSetting } from '../live/connection.ts';
import { isMeteredLink } from './link-cost.ts';

describe('the cost of the link', () => {
  it.each([
    ['data saver on', { saveData: true, effectiveType: '4g' }],
    ['a cellular link', { type: 'cellular', effectiveType: '4g' }],
    ['a 3g effective type (a satellite round trip)', { effectiveType: '3g' }],
    ['a 2g effective type', { effectiveType: 'slow-2g' }],
    ['a browser that cannot say', null],
  ])('is metered with %s', (_what, connection) => {
    expect(isMeteredLink(connection)).toBe(true);
  });

  it('is cheap on a fast link that is not cellular', () => {
    expect(isMeteredLink({ type: 'wifi', effectiveType: '4g', saveData: false })).toBe(false);
  });
});

describe('the heart-beat asked of the live connection', () => {
  it('is none (TCP keep-alive finds a dead link) unless the build sets a whole number of ms', () => {
    expect(heartbeatSetting(undefined)).toBe(0);
    expect(heartbeatSetting('')).toBe(0);
    expect(heartbeatSetting('soon')).toBe(0);
    expect(heartbeatSetting('-5')).toBe(0);
    expect(heartbeatSetting('120000')).toBe(120_000);
    expect(heartbeatSetting('0')).toBe(0);
  });
});
