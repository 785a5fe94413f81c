import { describe, expect, it } from 'vitest';
import { aheadOrBehind, delayTone, formatDelayHours } from './format-delay.ts';

describe('formatDelayHours', () => {
  it.each([
    [0, 'LTS'],
    [-0, 'LTS'],
    [0.4, 'LTS'],
    [-0.4, 'LTS'],
    [-0.5, 'LTS'], // Math.round rounds halves up: -0.5 -> -0
    [0.5, '+1h'],
    [1.49, '+1h'],
    [3, '+3h'],
    [26.6, '+27h'],
    [-0.6, '-1h'],
    [-1.5, '-1h'],
    [-3, '-3h'],
    [-12.7, '-13h'],
  ])('%s -> %s', (hrs, text) => {
    expect(formatDelayHours(hrs)).toBe(text);
  });

  it.each([null, undefined, NaN, Infinity, -Infinity])('returns "-" for %s', (v) => {
    expect(formatDelayHours(v)).toBe('-');
  });
});

describe('aheadOrBehind', () => {
  it('reads a positive delay as ahead and anything else as behind', () => {
    expect(aheadOrBehind(2)).toBe('AHD');
    expect(aheadOrBehind(0.1)).toBe('AHD');
    expect(aheadOrBehind(0)).toBe('BHD');
    expect(aheadOrBehind(-0)).toBe('BHD');
    expect(aheadOrBehind(-4)).toBe('BHD');
  });

  it('has no reading without a value', () => {
    expect(aheadOrBehind(null)).toBeNull();
    expect(aheadOrBehind(undefined)).toBeNull();
    expect(aheadOrBehind(NaN)).toBeNull();
  });
});

describe('delayTone', () => {
  it('colours a delay the same everywhere: ahead, behind, on time (LTS), or nothing when missing', () => {
    expect(delayTone(3)).toBe('ahead');
    expect(delayTone(-2)).toBe('behind');
    expect(delayTone(0.3)).toBe('ontime');
    expect(delayTone(-0.5)).toBe('ontime');
    expect(delayTone(null)).toBeNull();
    expect(delayTone(Number.NaN)).toBeNull();
  });
});
