// The monthly budget: its share, the 80% warning once a month, and the field's parsing.
import { describe, expect, it } from 'vitest';
import { budgetShare, parseBudget, shareText, shouldWarn, warningText } from './budget.ts';

const NOV = Date.UTC(2026, 10, 25);

describe('data budget', () => {
  it('says how much of the budget this month used', () => {
    expect(budgetShare(21_000_000, 50)).toBeCloseTo(0.42);
    expect(budgetShare(21_000_000, null)).toBeNull();
    expect(shareText(21_000_000, 50)).toBe('42% of 50 MB');
    expect(shareText(40_000_000, 50)).toBe('80% of 50 MB');
  });

  it('warns at 80%, once a month', () => {
    expect(shouldWarn(39_900_000, 50, null, NOV)).toBe(false);
    expect(shouldWarn(40_000_000, 50, null, NOV)).toBe(true);
    expect(shouldWarn(40_000_000, 50, 'm:2026-11', NOV)).toBe(false);
    expect(shouldWarn(40_000_000, 50, 'm:2026-10', NOV)).toBe(true);
    expect(shouldWarn(40_000_000, undefined, null, NOV)).toBe(false);
    expect(warningText(41_000_000, 50)).toBe(
      "Quay has used 82% of this month's data budget: 41 MB of 50 MB. Data saver in the menu holds back what can wait.",
    );
  });

  it('reads the field', () => {
    expect(parseBudget('50')).toBe(50);
    expect(parseBudget(' 2,5 ')).toBe(2.5);
    expect(parseBudget('')).toBeNull();
    expect(parseBudget('0')).toBeNull();
    expect(parseBudget('lots')).toBeUndefined();
    expect(parseBudget('-3')).toBeUndefined();
  });
});
