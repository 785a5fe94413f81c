// Time difference text of product.md#input-and-formatting-rules: "2 hrs 5 min", "45 min", "3 hrs", LTS when equal, "-" prefix when a is later.
// Decision: the unit is always "hrs" (also "1 hrs") and "min", as the spec names them; both times are cut to the
// minute first, so times that show the same HH:mm are equal.
import { toDate, type DateInput } from './format-date.ts';

const MINUTE = 60_000;

/** Difference from a to b in "hrs" and "min"; "LTS" when equal to the minute, "-" prefix when a is later than b. */
export function timeDiffText(a: DateInput, b: DateInput): string {
  const da = toDate(a);
  const db = toDate(b);
  if (!da || !db) return '-';
  const diff = Math.floor(db.getTime() / MINUTE) - Math.floor(da.getTime() / MINUTE);
  if (diff === 0) return 'LTS';
  const abs = Math.abs(diff);
  const hrs = Math.floor(abs / 60);
  const min = abs % 60;
  const parts: string[] = [];
  if (hrs > 0) parts.push(`${hrs} hrs`);
  if (min > 0) parts.push(`${min} min`);
  return `${diff < 0 ? '-' : ''}${parts.join(' ')}`;
}
