// Number display of product.md#input-and-formatting-rules: the en locale, optional USD currency with no decimals, "-" as the fallback.

export type NumberInput = number | string | null | undefined;

/** Parses a number or numeric string; null for empty, non-numeric or non-finite input. */
function toNumber(v: NumberInput): number | null {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string' && !v.trim()) return null; // Number('') is 0, which is not what an empty field means
  const n = typeof v === 'number' ? v : Number(v.trim());
  return Number.isFinite(n) ? n : null;
}

/** en-locale number with thousands separators; digits fixes the fraction digits; "-" when not a number. */
export function formatNumber(v: NumberInput, digits?: number): string {
  const n = toNumber(v);
  if (n === null) return '-';
  const opts: Intl.NumberFormatOptions =
    digits === undefined ? {} : { minimumFractionDigits: digits, maximumFractionDigits: digits };
  return new Intl.NumberFormat('en', opts).format(n);
}

const usd = new Intl.NumberFormat('en', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

/** USD amount with no decimals, e.g. "$1,235"; "-" when not a number. */
export function formatCurrency(v: NumberInput): string {
  const n = toNumber(v);
  return n === null ? '-' : usd.format(n);
}
