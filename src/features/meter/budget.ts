// The monthly data budget as the user reads it: how much of it this month used, when to warn (80%, once a month),
// and the words of the warning.
import { formatBytes, monthKey } from '../../device/meter/usage.ts';

/** Warned at this share of the budget. */
export const WARN_AT = 0.8;
const MB = 1000 * 1000;

/** The share of the budget used (0.42 = 42%), or null with no budget. */
export function budgetShare(monthBytes: number, budgetMb: number | null | undefined): number | null {
  if (!budgetMb || budgetMb <= 0) return null;
  return monthBytes / (budgetMb * MB);
}

/** Warn now: 80% reached this month and not yet warned this month. */
export function shouldWarn(
  monthBytes: number,
  budgetMb: number | null | undefined,
  warnedMonth: string | null | undefined,
  now: number,
): boolean {
  const share = budgetShare(monthBytes, budgetMb);
  return share !== null && share >= WARN_AT && warnedMonth !== monthKey(now);
}

/** "42% of 50 MB" */
export function shareText(monthBytes: number, budgetMb: number): string {
  const share = budgetShare(monthBytes, budgetMb) ?? 0;
  return `${Math.floor(share * 100)}% of ${budgetMb.toLocaleString('en')} MB`;
}

export function warningText(monthBytes: number, budgetMb: number): string {
  const pct = Math.floor((budgetShare(monthBytes, budgetMb) ?? 0) * 100);
  return `Quay has used ${pct}% of this month's data budget: ${formatBytes(monthBytes)} of ${budgetMb.toLocaleString('en')} MB. Data saver in the menu holds back what can wait.`;
}

/** The budget field's text as a number of MB: null to remove it, undefined when it is not a number. */
export function parseBudget(text: string): number | null | undefined {
  const t = text.trim().replace(',', '.');
  if (t === '' || t === '0') return null;
  const n = Number(t);
  if (!Number.isFinite(n) || n < 0) return undefined;
  return n === 0 ? null : n;
}
