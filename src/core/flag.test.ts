import { describe, expect, it } from 'vitest';
import { PN1, flagEmoji, nationOf } from './flag.ts';

describe('nationOf', () => {
  it('takes the first two characters of a port code, upper-cased', () => {
    expect(nationOf('KRPUS')).toBe('KR');
    expect(nationOf('sgsin')).toBe('SG');
    expect(nationOf(' usnyc')).toBe('US');
  });

  it('is "" when there is no nation', () => {
    expect(nationOf('K')).toBe('');
    expect(nationOf('')).toBe('');
    expect(nationOf(null)).toBe('');
    expect(nationOf(undefined)).toBe('');
  });
});

describe('flagEmoji', () => {
  it('builds the regional indicator pair', () => {
    expect(flagEmoji('KR')).toBe('\u{1F1F0}\u{1F1F7}');
    expect(flagEmoji('sg')).toBe('🇸🇬');
    expect(flagEmoji(nationOf('USNYC'))).toBe('🇺🇸');
  });

  it('is "" for anything but two letters', () => {
    for (const bad of ['', 'K', 'KOR', '1A', 'K-', null, undefined]) expect(flagEmoji(bad)).toBe('');
  });
});

it('exports the PN1 constant', () => {
  expect(PN1).toBe('PN1');
});
