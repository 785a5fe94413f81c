// Early and late in words, the same on every screen and in every notification (product.md#input-and-formatting-rules):
// a delay against the proforma ETA reads "2 h late", "1 h early" or "on time"; an ETA that moved "3 h later".

/** Rounded whole hours of a delay; null when there is no value to tell. Math.round(-0.4) is -0: on time too. */
function roundedHours(hrs: number | null | undefined): number | null {
  if (hrs === null || hrs === undefined || !Number.isFinite(hrs)) return null;
  const n = Math.round(hrs);
  return n === 0 ? 0 : n;
}

/**
 * A delay (etaDelayHrs, positive = ahead of the schedule) in words: "2 h late", "1 h early", "on time" when it rounds
 * to 0 (the specification's LTS); "-" when missing. Colour is only a second cue ({@link delayTone}).
 */
export function formatDelayHours(hrs: number | null | undefined): string {
  const n = roundedHours(hrs);
  if (n === null) return '-';
  if (n === 0) return 'on time';
  return n > 0 ? `${n} h early` : `${-n} h late`;
}

/** How a delay is coloured, the same on every page: ahead green, behind red, on time navy, missing plain. */
export type DelayTone = 'ahead' | 'behind' | 'ontime';

export function delayTone(hrs: number | null | undefined): DelayTone | null {
  const n = roundedHours(hrs);
  if (n === null) return null;
  if (n === 0) return 'ontime';
  return n > 0 ? 'ahead' : 'behind';
}

/**
 * How far an ETA moved (hours, positive = later), to one decimal: "3 h later", "1.5 h earlier", "no change". Later and
 * earlier say where the ETA went; late and early ({@link formatDelayHours}) where the call stands against its schedule.
 */
export function etaMoveWords(hours: number): string {
  const h = Math.round(hours * 10) / 10;
  if (!Number.isFinite(h) || h === 0) return 'no change';
  return h > 0 ? `${h} h later` : `${-h} h earlier`;
}
