// The speed a vessel needs to make its next ETA (the figure a berth plan, N004, carries as reqSpd): great-circle
// distance from its last fix to the port over the hours left. Computed on the device, so it holds offline too.

const EARTH_RADIUS_NM = 3440.065;
const RAD = Math.PI / 180;

/** Great-circle distance in nautical miles. */
export function distanceNm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const dLat = (lat2 - lat1) * RAD;
  const dLon = (lon2 - lon1) * RAD;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * RAD) * Math.cos(lat2 * RAD) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_NM * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** Knots to arrive at `to` by `eta` from `from` starting `now`; null when the ETA has passed or a position is missing. */
export function requiredSpeed(
  from: { lat: number | null; lon: number | null },
  to: { lat?: number | undefined; lon?: number | undefined },
  eta: string,
  now: number,
): number | null {
  if (from.lat === null || from.lon === null || to.lat === undefined || to.lon === undefined) return null;
  const hours = (Date.parse(eta) - now) / 3_600_000;
  if (!Number.isFinite(hours) || hours <= 0.5) return null;
  return Math.round((distanceNm(from.lat, from.lon, to.lat, to.lon) / hours) * 10) / 10;
}
