// Where a vessel is on its leg: the sea route it sails (as the seed lays it), how far along it a
// position is, the anchorage off a port (4 nm short of the route's end) and the berth at a terminal.
import { rng } from '../seed/rng.ts';
import { bearing, distanceNm, lonDelta, pointAlong, type LatLon } from '../seed/world/geo.ts';
import { portByCode } from '../seed/world/ports.ts';
import { seaRoute } from '../seed/world/routes.ts';

/** The seed anchors vessels this far short of the port along the inbound route. */
export const ANCHOR_NM = 4;

export interface Leg {
  points: readonly LatLon[];
  distanceNm: number;
}

/** The route from the port last left to the next one; a straight line from `from` when unknown. */
export function legTo(originPortCd: string | null, portCd: string, from: LatLon): Leg {
  if (originPortCd && originPortCd !== portCd) {
    try {
      const r = seaRoute(originPortCd, portCd);
      return { points: r.points, distanceNm: r.distanceNm };
    } catch {
      // fall through to a straight line
    }
  }
  const p = portByCode(portCd);
  const points: LatLon[] = [from, [p.lat, p.lon]];
  return { points, distanceNm: distanceNm(from, [p.lat, p.lon]) };
}

/**
 * Nautical miles along the polyline to the point nearest to pos (flat projection per segment). With the
 * vessel's course over ground, segments sailed the other way count as far off: a route that doubles back
 * on itself (out of a bay and in again) is then placed on the right leg.
 */
export function progressOn(points: readonly LatLon[], pos: LatLon, cog: number | null = null): number {
  let best = Infinity;
  let bestAlong = 0;
  let along = 0;
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1] as LatLon;
    const b = points[i] as LatLon;
    const seg = distanceNm(a, b);
    const k = Math.cos((a[0] * Math.PI) / 180);
    const bx = lonDelta(a[1], b[1]) * k;
    const by = b[0] - a[0];
    const px = lonDelta(a[1], pos[1]) * k;
    const py = pos[0] - a[0];
    const len2 = bx * bx + by * by;
    const t = len2 === 0 ? 0 : Math.min(1, Math.max(0, (px * bx + py * by) / len2));
    const turn = cog == null || seg === 0 ? 0 : Math.abs(((bearing(a, b) - cog + 540) % 360) - 180);
    const d = Math.hypot(px - t * bx, py - t * by) + (turn > 60 ? 1 : 0);
    if (d < best) {
      best = d;
      bestAlong = along + t * seg;
    }
    along += seg;
  }
  return bestAlong;
}

export { pointAlong };

/** The anchorage of a leg: ANCHOR_NM short of its end. */
export function anchorageOf(leg: Leg): LatLon {
  return pointAlong(leg.points, Math.max(0, leg.distanceNm - ANCHOR_NM)).pos;
}

/** The berth position at a terminal, as the seed places moored vessels. */
export function berthOf(portCd: string, ydCd: string | null): LatLon {
  const p = portByCode(portCd);
  const off = rng('berth', ydCd ?? portCd);
  return [p.lat + off.float(-0.004, 0.004), p.lon + off.float(-0.004, 0.004)];
}

export function berthHeading(vslCd: string, portCd: string, callSeq: number): number {
  return rng('berth-heading', vslCd, portCd, callSeq).int(0, 359);
}

export const deg360 = (x: number): number => ((x % 360) + 360) % 360;
export const r1 = (x: number): number => Math.round(x * 10) / 10;
export const r5 = (x: number): number => Math.round(x * 1e5) / 1e5;
