import { describe, expect, it } from 'vitest';
import { delayTone, etaMoveWords, formatDelayHours } from './format-delay.ts';

describe('formatDelayHours', () => {
  it.each([
    [0, 'on time'],
    [-0, 'on time'],
    [0.4, 'on time'],
    [-0.4, 'on time'],
    [-0.5, 'on time'], // Math.round rounds halves up: -0.5 -> -0
    [0.5, '1 h early'],
    [1.49, '1 h early'],
    [3, '3 h early'],
    [26.6, '27 h early'],
    [-0.6, '1 h late'],
    [-1.5, '1 h late'],
    [-3, '3 h late'],
    [-12.7, '13 h late'],
  ])('%s -> %s', (hrs, text) => {
    expect(formatDelayHours(hrs)).toBe(text);
  });

  it('never says the delay with a sign alone', () => {
    for (const hrs of [-30, -2, -1, 1, 2, 30]) expect(formatDelayHours(hrs)).not.toMatch(/[+-]/);
  });

  it.each([null, undefined, NaN, Infinity, -Infinity])('returns "-" for %s', (v) => {
    expect(formatDelayHours(v)).toBe('-');
  });
});

describe('delayTone', () => {
  it('colours a delay the same everywhere: ahead, behind, on time, or nothing when missing', () => {
    expect(delayTone(3)).toBe('ahead');
    expect(delayTone(-2)).toBe('behind');
    expect(delayTone(0.3)).toBe('ontime');
    expect(delayTone(-0.5)).toBe('ontime');
    expect(delayTone(null)).toBeNull();
    expect(delayTone(Number.NaN)).toBeNull();
  });

  it('agrees with the words: late is behind, early is ahead', () => {
    for (const hrs of [-5, -0.6, 0, 0.7, 8]) {
      const words = formatDelayHours(hrs);
      const tone = delayTone(hrs);
      expect(tone).toBe(words.endsWith('late') ? 'behind' : words.endsWith('early') ? 'ahead' : 'ontime');
    }
  });
});

describe('etaMoveWords', () => {
  it.each([
    [3, '3 h later'],
    [-1.5, '1.5 h earlier'],
    [8.46, '8.5 h later'],
    [0.04, 'no change'],
    [0, 'no change'],
    [NaN, 'no change'],
  ])('%s -> %s', (hours, text) => {
    expect(etaMoveWords(hours)).toBe(text);
  });
});
