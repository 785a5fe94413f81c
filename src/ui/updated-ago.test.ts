import { describe, expect, it } from 'vitest';
import { updatedAgo } from './updated-ago.ts';

const NOW = Date.UTC(2026, 10, 22, 9, 41);
const MIN = 60_000;

describe('updatedAgo', () => {
  it('says just now, minutes, then coarser steps', () => {
    expect(updatedAgo(NOW - 20_000, NOW)).toBe('just now');
    expect(updatedAgo(NOW + 5_000, NOW)).toBe('just now');
    expect(updatedAgo(NOW - 5 * MIN, NOW)).toBe('5 min ago');
    expect(updatedAgo(NOW - 23 * MIN, NOW)).toBe('20 min ago');
    expect(updatedAgo(NOW - 130 * MIN, NOW)).toBe('2 h ago');
    expect(updatedAgo(NOW - 26 * 60 * MIN, NOW)).toBe('1 day ago');
    expect(updatedAgo(NOW - 3 * 24 * 60 * MIN, NOW)).toBe('3 days ago');
  });
});
