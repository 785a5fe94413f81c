import { describe, expect, it } from 'vitest';
import { formatCurrency, formatNumber } from './format-number.ts';

describe('formatNumber', () => {
  it('uses en thousands separators and decimal point', () => {
    expect(formatNumber(1234567)).toBe('1,234,567');
    expect(formatNumber(1234.5)).toBe('1,234.5');
    expect(formatNumber(-9876.25)).toBe('-9,876.25');
    expect(formatNumber(0)).toBe('0');
  });

  it('fixes the fraction digits when asked', () => {
    expect(formatNumber(1234.5, 2)).toBe('1,234.50');
    expect(formatNumber(1234.567, 1)).toBe('1,234.6');
    expect(formatNumber(1234.5, 0)).toBe('1,235');
  });

  it('accepts numeric strings', () => {
    expect(formatNumber('1234.5')).toBe('1,234.5');
    expect(formatNumber(' 42 ')).toBe('42');
  });

  it.each([null, undefined, NaN, Infinity, '', '  ', 'abc', '12abc'])('returns "-" for %s', (v) => {
    expect(formatNumber(v)).toBe('-');
  });
});

describe('formatCurrency', () => {
  it('shows USD with no decimals', () => {
    expect(formatCurrency(1234.5)).toBe('$1,235');
    expect(formatCurrency(1234.4)).toBe('$1,234');
    expect(formatCurrency('1000000')).toBe('$1,000,000');
    expect(formatCurrency(0)).toBe('$0');
    expect(formatCurrency(-1500)).toBe('-$1,500');
  });

  it.each([null, undefined, NaN, '', 'USD'])('returns "-" for %s', (v) => {
    expect(formatCurrency(v)).toBe('-');
  });
});
