// Delay display of SPEC §5 ("+Nh", "Nh", LTS) and the ahead/behind reading of etaDelayHrs (SPEC §3).

/** Rounded delay hours: 0 (and anything rounding to 0) is "LTS", positive "+Nh", negative "-Nh"; "-" when missing. */
export function formatDelayHours(hrs: number | null | undefined): string {
  if (hrs === null || hrs === undefined || !Number.isFinite(hrs)) return '-';
  const n = Math.round(hrs);
  // Math.round(-0.4) is -0, which compares equal to 0: it is LTS too, never "-0h".
  if (n === 0) return 'LTS';
  return n > 0 ? `+${n}h` : `${n}h`;
}

export type AheadOrBehind = 'AHD' | 'BHD';

/** A positive etaDelayHrs means ahead (AHD), anything else behind (BHD); null when there is no value. */
export function aheadOrBehind(etaDelayHrs: number | null | undefined): AheadOrBehind | null {
  if (etaDelayHrs === null || etaDelayHrs === undefined || Number.isNaN(etaDelayHrs)) return null;
  return etaDelayHrs > 0 ? 'AHD' : 'BHD';
}
