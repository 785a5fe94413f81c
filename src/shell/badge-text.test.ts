import { describe, expect, it } from 'vitest';
import { badgeText } from './badge-text.ts';

describe('badgeText', () => {
  it('shows nothing for none, the count up to 99, then 99+', () => {
    expect(badgeText(0)).toBe('');
    expect(badgeText(-1)).toBe('');
    expect(badgeText(Number.NaN)).toBe('');
    expect(badgeText(1)).toBe('1');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
    expect(badgeText(5000)).toBe('99+');
  });
});
