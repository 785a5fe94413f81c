// Delay display of product.md#input-and-formatting-rules ("+Nh", "Nh", LTS) and the ahead/behind reading of etaDelayHrs (product.md#what-the-app-holds).

/** Rounded delay hours: 0 (and anything rounding to 0) is "LTS", positive "+Nh", negative "-Nh"; "-" when missing. */
export function formatDelayHours(hrs: number | null | undefined): string {
  if (hrs === null || hrs === undefined || !Number.isFinite(hrs)) return '-';
  const n = Math.round(hrs);
  // Math.round(-0.4) is -0, which compares equal to 0: it is LTS too, never "-0h".
  if (n === 0) return 'LTS';
  return n > 0 ? `+${n}h` : `${n}h`;
}

/** How a delay is coloured, the same on every page: ahead green, behind red, LTS (on time) navy, missing plain. */
export type DelayTone = 'ahead' | 'behind' | 'ontime';

export function delayTone(hrs: number | null | undefined): DelayTone | null {
  const shown = formatDelayHours(hrs);
  if (shown === '-') return null;
  if (shown === 'LTS') return 'ontime';
  return (hrs ?? 0) > 0 ? 'ahead' : 'behind';
}

export type AheadOrBehind = 'AHD' | 'BHD';

/** A positive etaDelayHrs means ahead (AHD), anything else behind (BHD); null when there is no value. */
export function aheadOrBehind(etaDelayHrs: number | null | undefined): AheadOrBehind | null {
  if (etaDelayHrs === null || etaDelayHrs === undefined || Number.isNaN(etaDelayHrs)) return null;
  return etaDelayHrs > 0 ? 'AHD' : 'BHD';
}
