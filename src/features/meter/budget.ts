// The monthly data budget as the user reads it: how much of it this month used, when to warn (at 80% and again once
// over it, each once a month), and the words of the warnings.
import { formatBytes, monthKey } from '../../device/meter/usage.ts';

/** Warned at this share of the budget. */
export const WARN_AT = 0.8;
const MB = 1000 * 1000;

/** The share of the budget used (0.42 = 42%), or null with no budget. */
export function budgetShare(monthBytes: number, budgetMb: number | null | undefined): number | null {
  if (!budgetMb || budgetMb <= 0) return null;
  return monthBytes / (budgetMb * MB);
}

/** What the month was warned of: the month key alone for 80%, with ":over" once over the budget (worker/meter.ts). */
export const warnedKey = (now: number, level: WarnLevel): string =>
  level === 'over' ? `${monthKey(now)}:over` : monthKey(now);

export type WarnLevel = 'near' | 'over';

/** The warning due now, or null: "near" at 80% and "over" past 100%, each once a month. */
export function warningDue(
  monthBytes: number,
  budgetMb: number | null | undefined,
  warned: string | null | undefined,
  now: number,
): WarnLevel | null {
  const share = budgetShare(monthBytes, budgetMb);
  if (share === null) return null;
  if (share > 1 && warned !== warnedKey(now, 'over')) return 'over';
  if (share >= WARN_AT && warned !== warnedKey(now, 'near') && warned !== warnedKey(now, 'over'))
    return 'near';
  return null;
}

/** "42% of 50 MB" */
export function shareText(monthBytes: number, budgetMb: number): string {
  const share = budgetShare(monthBytes, budgetMb) ?? 0;
  return `${Math.floor(share * 100)}% of ${budgetMb.toLocaleString('en')} MB`;
}

export function warningText(monthBytes: number, budgetMb: number): string {
  const pct = Math.floor((budgetShare(monthBytes, budgetMb) ?? 0) * 100);
  if (pct > 100)
    return `Quay has gone over this month's data budget: ${formatBytes(monthBytes)} of ${budgetMb.toLocaleString('en')} MB. Data saver in the menu holds back what can wait.`;
  return `Quay has used ${pct}% of this month's data budget: ${formatBytes(monthBytes)} of ${budgetMb.toLocaleString('en')} MB. Data saver in the menu holds back what can wait.`;
}

/** The smallest budget: the worker keeps it in tenths of a MB (worker/meter.ts). */
const BUDGET_MIN_MB = 0.1;

/**
 * The budget field's text as a number of MB (null removes the budget), or what is wrong with it: it is kept in
 * tenths of a MB, so a finer figure is refused rather than rounded without a word.
 */
export function parseBudget(text: string): { mb: number | null } | { error: string } {
  const t = text.trim().replace(',', '.');
  if (t === '' || Number(t) === 0) return { mb: null };
  const n = Number(t);
  if (!Number.isFinite(n) || n < 0)
    return { error: 'Enter a number of MB, or leave it empty for no budget.' };
  if (n < BUDGET_MIN_MB) return { error: `The budget is at least ${BUDGET_MIN_MB} MB (100 KB).` };
  if (Math.abs(Math.round(n * 10) - n * 10) > 1e-9)
    return { error: 'Give the budget to one decimal at most, e.g. 2.5 MB.' };
  return { mb: n };
}
