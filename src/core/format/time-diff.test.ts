import { describe, expect, it } from 'vitest';
import { timeDiffText } from './time-diff.ts';

const T = '2026-11-22T10:00:00Z';

describe('timeDiffText', () => {
  it.each([
    ['2026-11-22T12:05:00Z', '2 hrs 5 min'],
    ['2026-11-22T10:45:00Z', '45 min'],
    ['2026-11-22T13:00:00Z', '3 hrs'],
    ['2026-11-22T11:00:00Z', '1 hrs'],
    ['2026-11-22T10:01:00Z', '1 min'],
    ['2026-11-24T10:30:00Z', '48 hrs 30 min'],
  ])('from 10:00 to %s is %s', (b, text) => {
    expect(timeDiffText(T, b)).toBe(text);
  });

  it('puts a leading "-" when the first time is later', () => {
    expect(timeDiffText('2026-11-22T12:05:00Z', T)).toBe('-2 hrs 5 min');
    expect(timeDiffText('2026-11-22T10:45:00Z', T)).toBe('-45 min');
    expect(timeDiffText('2026-11-22T13:00:00Z', T)).toBe('-3 hrs');
  });

  it('shows LTS when both are the same minute', () => {
    expect(timeDiffText(T, T)).toBe('LTS');
    expect(timeDiffText('2026-11-22T10:00:05Z', '2026-11-22T10:00:55Z')).toBe('LTS');
    expect(timeDiffText('2026-11-22T10:00:55Z', '2026-11-22T10:00:05Z')).toBe('LTS');
  });

  it('compares by the minute shown, not by seconds elapsed', () => {
    // 10 seconds apart, but 10:00 vs 10:01 on screen.
    expect(timeDiffText('2026-11-22T10:00:55Z', '2026-11-22T10:01:05Z')).toBe('1 min');
  });

  it('takes offsets, Dates and epoch ms', () => {
    expect(timeDiffText('2026-11-22T19:00:00+09:00', new Date('2026-11-22T10:30:00Z'))).toBe('30 min');
    expect(timeDiffText(Date.parse(T), Date.parse(T) + 90 * 60_000)).toBe('1 hrs 30 min');
  });

  it.each([
    [null, T],
    [T, undefined],
    ['', T],
    [T, 'nope'],
    [NaN, T],
  ])('returns "-" for %s and %s', (a, b) => {
    expect(timeDiffText(a, b)).toBe('-');
  });
});
