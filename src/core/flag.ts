// Port code parts of product.md#what-the-app-holds: the nation (first two characters) and its flag emoji.

/** Listed in product.md#what-the-app-holds as a special constant; its meaning is not shown. */
export const PN1 = 'PN1';

/** The nation of a port code: its first two characters, upper-cased; "" when there are fewer than two. */
export function nationOf(portCd: string | null | undefined): string {
  const s = (portCd ?? '').trim();
  return s.length >= 2 ? s.slice(0, 2).toUpperCase() : '';
}

const REGIONAL_INDICATOR_A = 0x1f1e6;

/** The flag emoji of a 2-letter country code (regional indicator pair); "" for anything else. */
export function flagEmoji(cc: string | null | undefined): string {
  const s = (cc ?? '').trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(s)) return '';
  return String.fromCodePoint(...[...s].map((c) => REGIONAL_INDICATOR_A + c.charCodeAt(0) - 65));
}
