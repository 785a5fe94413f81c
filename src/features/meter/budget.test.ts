// The monthly budget: its share, the 80% warning once a month, and the field's parsing.
import { describe, expect, it } from 'vitest';
import { budgetShare, parseBudget, shareText, warningDue, warningText } from './budget.ts';

const NOV = Date.UTC(2026, 10, 25);

describe('data budget', () => {
  it('says how much of the budget this month used', () => {
    expect(budgetShare(21_000_000, 50)).toBeCloseTo(0.42);
    expect(budgetShare(21_000_000, null)).toBeNull();
    expect(shareText(21_000_000, 50)).toBe('42% of 50 MB');
    expect(shareText(40_000_000, 50)).toBe('80% of 50 MB');
  });

  it('warns at 80%, once a month', () => {
    expect(warningDue(39_900_000, 50, null, NOV)).toBeNull();
    expect(warningDue(40_000_000, 50, null, NOV)).toBe('near');
    expect(warningDue(40_000_000, 50, 'm:2026-11', NOV)).toBeNull();
    expect(warningDue(40_000_000, 50, 'm:2026-10', NOV)).toBe('near');
    expect(warningDue(40_000_000, undefined, null, NOV)).toBeNull();
    expect(warningText(41_000_000, 50)).toBe(
      "Quay has used 82% of this month's data budget: 41 MB of 50 MB. Data saver in the menu holds back what can wait.",
    );
  });

  it('warns again once over the budget, even when warned at 80%', () => {
    expect(warningDue(51_000_000, 50, 'm:2026-11', NOV)).toBe('over');
    expect(warningDue(51_000_000, 50, null, NOV)).toBe('over');
    expect(warningDue(51_000_000, 50, 'm:2026-11:over', NOV)).toBeNull();
    expect(warningDue(45_000_000, 50, 'm:2026-11:over', NOV)).toBeNull();
    expect(warningText(52_000_000, 50)).toBe(
      "Quay has gone over this month's data budget: 52 MB of 50 MB. Data saver in the menu holds back what can wait.",
    );
  });

  it('reads the field', () => {
    expect(parseBudget('50')).toEqual({ mb: 50 });
    expect(parseBudget(' 2,5 ')).toEqual({ mb: 2.5 });
    expect(parseBudget('0.1')).toEqual({ mb: 0.1 });
    expect(parseBudget('')).toEqual({ mb: null });
    expect(parseBudget('0')).toEqual({ mb: null });
    expect(parseBudget('lots')).toHaveProperty('error');
    expect(parseBudget('-3')).toHaveProperty('error');
  });

  it('refuses a budget it would round, saying why', () => {
    expect(parseBudget('0.05')).toEqual({ error: 'The budget is at least 0.1 MB (100 KB).' });
    expect(parseBudget('2.55')).toEqual({ error: 'Give the budget to one decimal at most, e.g. 2.5 MB.' });
  });
});
