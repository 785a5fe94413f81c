// Made at build time (vite.config.ts), never shipped: Natural Earth's land (public domain, the world-atlas package's
// TopoJSON) as the map's coast texts (coast.ts). The world outline at 1:110m goes into the map's code; the 1:10m land,
// simplified to a third of a pixel at the closest zoom, is cut into tiles fetched only when the view comes close.
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import {
  clipRing,
  encodeRings,
  insideRings,
  simplifyRing,
  TILE,
  TILE_STEPS,
  tileId,
  TILES,
  WORLD_STEPS,
} from './coast.ts';
import { project, unwrapLons, WORLD, type Point } from './projection.ts';

type Land = Topology<{ land: GeometryCollection }>;

/**
 * Every ring of the land, in world units. A ring across the antimeridian (Chukotka, Fiji) is made continuous, so it
 * reaches past the world's side rather than drawing a line across the whole world; the map draws the world three
 * times side by side. A ring round a pole (Antarctica) already runs from side to side.
 */
function landRings(topology: unknown): Point[][] {
  const t = topology as Land;
  const rings: Point[][] = [];
  for (const f of feature(t, t.objects.land).features) {
    const g = f.geometry;
    const polygons = g.type === 'MultiPolygon' ? g.coordinates : g.type === 'Polygon' ? [g.coordinates] : [];
    for (const polygon of polygons)
      for (const ring of polygon) {
        const lons = ring.map((pos) => pos[0] ?? 0);
        const unwrapped = unwrapLons(lons);
        const circles = Math.abs((unwrapped[unwrapped.length - 1] ?? 0) - (unwrapped[0] ?? 0)) > 180;
        const west = Math.min(...(circles ? lons : unwrapped));
        const shift = west < -180 ? 360 : 0;
        rings.push(
          ring
            .map((pos, i) => project(pos[1] ?? 0, (circles ? lons[i] : unwrapped[i]) ?? 0))
            .map((p): Point => [p[0] + (shift / 360) * WORLD, p[1]]),
        );
      }
  }
  return rings;
}

/** Whole steps, with a step that goes nowhere left out. */
function quantize(ring: readonly Point[], scale: (p: Point) => Point): Point[] {
  const out: Point[] = [];
  for (const p of ring) {
    const q = scale(p);
    const last = out[out.length - 1];
    if (!last || last[0] !== q[0] || last[1] !== q[1]) out.push(q);
  }
  const first = out[0];
  const last = out[out.length - 1];
  if (out.length > 1 && first && last && first[0] === last[0] && first[1] === last[1]) out.pop();
  return out;
}

/** The world outline's text (coast.ts's WORLD_STEPS). */
export function worldText(topology: unknown): string {
  const k = WORLD_STEPS / WORLD;
  const rings = landRings(topology)
    .map((r) => quantize(r, (p) => [Math.round(p[0] * k), Math.round(p[1] * k)]))
    .filter((r) => r.length >= 3);
  return encodeRings(rings);
}

/** Pixels at the closest zoom are this many world units: simplify to a third of that. */
const FINE_TOLERANCE = 0.008;

export interface FineCoast {
  /** The text of each tile with a coast in it. */
  tiles: Map<number, string>;
  /** Tiles all land (drawn whole, nothing fetched); every other tile without text is all sea. */
  land: number[];
}

/** The fine land cut into tiles. */
export function fineCoast(topology: unknown, tolerance = FINE_TOLERANCE): FineCoast {
  const rings = landRings(topology)
    .map((r) => simplifyRing(r, tolerance))
    .filter((r) => r.length >= 3);
  const byTile = new Map<number, Point[][]>();
  const k = TILE_STEPS / TILE;
  for (const ring of rings) {
    const xs = ring.map((p) => p[0]);
    const ys = ring.map((p) => p[1]);
    const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
    // A row of tiles at a time, then each tile of the row: a long ring is cut once per row, not once per tile.
    for (let row = Math.floor(minY / TILE); row <= Math.min(TILES - 1, Math.floor(maxY / TILE)); row++) {
      const strip = clipRing(ring, { x0: -WORLD, x1: 2 * WORLD, y0: row * TILE, y1: (row + 1) * TILE });
      if (strip.length < 3) continue;
      for (let col = Math.floor(minX / TILE); col <= Math.floor(maxX / TILE); col++) {
        const id = tileId(((col % TILES) + TILES) % TILES, row);
        const b = { x0: col * TILE, y0: row * TILE, x1: (col + 1) * TILE, y1: (row + 1) * TILE };
        const cut = quantize(clipRing(strip, b), (p) => [
          Math.round((p[0] - b.x0) * k),
          Math.round((p[1] - b.y0) * k),
        ]);
        if (cut.length >= 3 && Math.abs(area(cut)) > 0.5) byTile.set(id, [...(byTile.get(id) ?? []), cut]);
      }
    }
  }
  const tiles = new Map<number, string>();
  const land: number[] = [];
  const centre: Point = [TILE_STEPS / 2, TILE_STEPS / 2];
  for (let id = 0; id < TILES * TILES; id++) {
    const cut = byTile.get(id);
    if (!cut) continue;
    const coast = cut.some((r) => r.some((p, i) => !alongEdge(p, r[(i + 1) % r.length] as Point)));
    if (coast) tiles.set(id, encodeRings(cut));
    else if (insideRings(cut, centre)) land.push(id);
  }
  return { tiles, land };
}

const alongEdge = (a: Point, b: Point) =>
  (a[0] === b[0] && (a[0] === 0 || a[0] === TILE_STEPS)) ||
  (a[1] === b[1] && (a[1] === 0 || a[1] === TILE_STEPS));

function area(r: readonly Point[]): number {
  let s = 0;
  for (let i = 0; i < r.length; i++) {
    const a = r[i] as Point;
    const b = r[(i + 1) % r.length] as Point;
    s += a[0] * b[1] - b[0] * a[1];
  }
  return s / 2;
}
