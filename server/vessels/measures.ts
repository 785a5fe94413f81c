// Arithmetic of the schedule and the sea shared by the vessel, port and service modules: rounding, hours between
// times, the hour a delay is reckoned at, a call's delay against its proforma ETA and great-circle distance.
export const round = (n: number, digits = 1): number => {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
};

export const HOUR_MS = 3_600_000;

/** Hours from a to b (b later gives a positive number). */
export const hoursBetween = (a: Date, b: Date): number => (b.getTime() - a.getTime()) / HOUR_MS;

/** Now, to the hour: delays of calls whose ETA has passed move once an hour, so an unchanged answer keeps its ETag. */
export const thisHour = (now = Date.now()): number => Math.floor(now / HOUR_MS) * HOUR_MS;

/**
 * A port call's delay against its proforma ETA (product.md#what-the-app-holds etaDelayHrs), in hours rounded to 0.1: positive = ahead,
 * negative = behind. Arrived: the proforma ETA minus the ATA. Not yet arrived: minus the current ETA, or minus `at`
 * once that ETA has passed with no arrival (the vessel is at least that late). Null with no proforma ETA.
 */
export function delayHrs(pfEta: Date | null, eta: Date, ata: Date | null, at: number): number | null {
  if (!pfEta) return null;
  const arrival = ata ? ata.getTime() : Math.max(eta.getTime(), at);
  return round((pfEta.getTime() - arrival) / HOUR_MS);
}

const EARTH_NM = 3440.065;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle (haversine) distance in nautical miles. */
export function distanceNm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const dLat = rad(lat2 - lat1);
  const dLon = rad(lon2 - lon1);
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(rad(lat1)) * Math.cos(rad(lat2)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_NM * Math.asin(Math.min(1, Math.sqrt(a)));
}
