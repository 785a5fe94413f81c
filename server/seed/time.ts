// Time helpers for the seed: millisecond constants, rounding, ISO strings and the UTC formats of
// product.md#constants ("HH:mm dd-MMM") used in notification and chat texts.

export const MIN = 60_000;
export const HOUR = 60 * MIN;
export const DAY = 24 * HOUR;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export const roundTo = (ms: number, step: number): number => Math.round(ms / step) * step;
export const floorTo = (ms: number, step: number): number => Math.floor(ms / step) * step;

export const iso = (ms: number): string => new Date(ms).toISOString();
export const isoOrNull = (ms: number | null | undefined): string | null => (ms == null ? null : iso(ms));

const pad = (n: number): string => String(n).padStart(2, '0');

/** "14:00 21-Nov" in UTC. */
export function fmtUtc(ms: number): string {
  const d = new Date(ms);
  return `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())} ${pad(d.getUTCDate())}-${MONTHS[d.getUTCMonth()]}`;
}
