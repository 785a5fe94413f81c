// Spherical geometry for sea routes: great-circle distance in nautical miles, bearings, and
// positions along a polyline (segments are drawn straight in lat/lon, as the map draws them).

export type LatLon = readonly [lat: number, lon: number];

const R_NM = 3440.065; // mean Earth radius in nautical miles
const rad = (d: number): number => (d * Math.PI) / 180;
const deg = (r: number): number => (r * 180) / Math.PI;

/** Longitude difference b - a folded into [-180, 180), so routes may cross the antimeridian. */
export function lonDelta(a: number, b: number): number {
  let d = b - a;
  while (d >= 180) d -= 360;
  while (d < -180) d += 360;
  return d;
}

function normLon(lon: number): number {
  let l = lon;
  while (l >= 180) l -= 360;
  while (l < -180) l += 360;
  return l;
}

/** Great-circle (haversine) distance in nautical miles. */
export function distanceNm(a: LatLon, b: LatLon): number {
  const dLat = rad(b[0] - a[0]);
  const dLon = rad(lonDelta(a[1], b[1]));
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a[0])) * Math.cos(rad(b[0])) * Math.sin(dLon / 2) ** 2;
  return 2 * R_NM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Initial true bearing from a to b in degrees [0, 360). */
export function bearing(a: LatLon, b: LatLon): number {
  const y = Math.sin(rad(lonDelta(a[1], b[1]))) * Math.cos(rad(b[0]));
  const x =
    Math.cos(rad(a[0])) * Math.sin(rad(b[0])) -
    Math.sin(rad(a[0])) * Math.cos(rad(b[0])) * Math.cos(rad(lonDelta(a[1], b[1])));
  return (deg(Math.atan2(y, x)) + 360) % 360;
}

/** Point at fraction t of the straight (lat/lon) segment a-b. */
function lerp(a: LatLon, b: LatLon, t: number): LatLon {
  return [a[0] + (b[0] - a[0]) * t, normLon(a[1] + lonDelta(a[1], b[1]) * t)];
}

export function polylineLength(points: readonly LatLon[]): number {
  let total = 0;
  for (let i = 1; i < points.length; i++) total += distanceNm(points[i - 1] as LatLon, points[i] as LatLon);
  return total;
}

export interface AlongPoint {
  pos: LatLon;
  /** Course over ground of the segment the point is on. */
  course: number;
}

/** The point `nm` nautical miles along a polyline (clamped to its ends), with the local course. */
export function pointAlong(points: readonly LatLon[], nm: number): AlongPoint {
  const first = points[0];
  if (!first) throw new Error('pointAlong on an empty polyline');
  if (points.length === 1) return { pos: first, course: 0 };
  let left = Math.max(0, nm);
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1] as LatLon;
    const b = points[i] as LatLon;
    const seg = distanceNm(a, b);
    if (left <= seg || i === points.length - 1) {
      const t = seg === 0 ? 1 : Math.min(1, left / seg);
      return { pos: lerp(a, b, t), course: bearing(a, b) };
    }
    left -= seg;
  }
  return { pos: points[points.length - 1] as LatLon, course: 0 };
}
