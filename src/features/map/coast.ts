// The map's coast as compact text, shared by the build (vite.config.ts makes it from Natural Earth's land) and the
// map (which draws it): rings of integer points, each number a zig-zag variable-length group of 5-bit characters
// (as in encoded polylines), every point but a file's first one a step from the one before. Two sets: the whole
// world at 1:110m inside the map's own code, and squares of 1:10m coast (tiles) fetched only when the view comes
// close, kept by the service worker for offline use. Pure, so the build and the tests run it without a browser.
import { WORLD, type Point } from './projection.ts';

/** The fine coast's squares: TILES across the world and as many down (Web Mercator's square world). */
export const TILES = 64;
export const TILE = WORLD / TILES;
/** A tile's points are whole steps of TILE / TILE_STEPS (about a third of a pixel at the closest zoom). */
export const TILE_STEPS = 2048;
/** The world outline's points are whole steps of WORLD / WORLD_STEPS. */
export const WORLD_STEPS = 20_000;

const RING_END = ' ';
const BASE = 63;

function pushInt(out: string[], n: number) {
  let v = n < 0 ? -2 * n - 1 : 2 * n;
  while (v >= 0x20) {
    out.push(String.fromCharCode((0x20 | (v & 0x1f)) + BASE));
    v = Math.floor(v / 32);
  }
  out.push(String.fromCharCode(v + BASE));
}

/** Rings of integer points as text (see above). */
export function encodeRings(rings: readonly (readonly Point[])[]): string {
  const out: string[] = [];
  let px = 0;
  let py = 0;
  for (const ring of rings) {
    for (const [x, y] of ring) {
      pushInt(out, x - px);
      pushInt(out, y - py);
      px = x;
      py = y;
    }
    out.push(RING_END);
  }
  return out.join('');
}

/** The rings of a text made by encodeRings. */
function decodeRings(text: string): Point[][] {
  const rings: Point[][] = [];
  let ring: Point[] = [];
  let i = 0;
  let x = 0;
  let y = 0;
  const next = () => {
    let v = 0;
    let shift = 1;
    for (;;) {
      const c = text.charCodeAt(i++) - BASE;
      v += (c & 0x1f) * shift;
      if (c < 0x20) break;
      shift *= 32;
    }
    return v % 2 ? -(v + 1) / 2 : v / 2;
  };
  while (i < text.length) {
    if (text[i] === RING_END) {
      rings.push(ring);
      ring = [];
      i++;
      continue;
    }
    x += next();
    y += next();
    ring.push([x, y]);
  }
  return rings;
}

/** A tile's number: its row times TILES plus its column. */
export const tileId = (col: number, row: number) => row * TILES + col;

export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export const tileBox = (id: number): Box => {
  const col = id % TILES;
  const row = Math.floor(id / TILES);
  return { x0: col * TILE, y0: row * TILE, x1: (col + 1) * TILE, y1: (row + 1) * TILE };
};

/** The tiles a view's box (world units, x possibly outside the world: it wraps) covers, each once. */
export function tilesOver(box: Box): number[] {
  const rows = [Math.max(0, Math.floor(box.y0 / TILE)), Math.min(TILES - 1, Math.floor(box.y1 / TILE))];
  const out = new Set<number>();
  for (let c = Math.floor(box.x0 / TILE); c <= Math.floor(box.x1 / TILE); c++) {
    const col = ((c % TILES) + TILES) % TILES;
    for (let r = rows[0] ?? 0; r <= (rows[1] ?? -1); r++) out.add(tileId(col, r));
  }
  return [...out];
}

/** A ring cut to a box (Sutherland-Hodgman): what lies outside becomes stretches along the box's edges. */
export function clipRing(ring: readonly Point[], box: Box): Point[] {
  const edges: [inside: (p: Point) => boolean, cut: (a: Point, b: Point) => Point][] = [
    [(p) => p[0] >= box.x0, (a, b) => at(a, b, (box.x0 - a[0]) / (b[0] - a[0]))],
    [(p) => p[0] <= box.x1, (a, b) => at(a, b, (box.x1 - a[0]) / (b[0] - a[0]))],
    [(p) => p[1] >= box.y0, (a, b) => at(a, b, (box.y0 - a[1]) / (b[1] - a[1]))],
    [(p) => p[1] <= box.y1, (a, b) => at(a, b, (box.y1 - a[1]) / (b[1] - a[1]))],
  ];
  let out: Point[] = [...ring];
  for (const [inside, cut] of edges) {
    const input = out;
    out = [];
    for (let i = 0; i < input.length; i++) {
      const a = input[(i + input.length - 1) % input.length] as Point;
      const b = input[i] as Point;
      if (inside(b)) {
        if (!inside(a)) out.push(cut(a, b));
        out.push(b);
      } else if (inside(a)) out.push(cut(a, b));
    }
    if (out.length === 0) break;
  }
  return out;
}

const at = (a: Point, b: Point, t: number): Point => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];

/** A closed ring with fewer points (Douglas-Peucker): none of the points left out is farther than `tolerance`. */
export function simplifyRing(ring: readonly Point[], tolerance: number): Point[] {
  if (ring.length <= 4) return [...ring];
  const keep = new Uint8Array(ring.length);
  // A ring's first point and the point farthest from it split it into two open lines.
  const first = ring[0] as Point;
  let far = 0;
  let farD = -1;
  for (const [i, p] of ring.entries()) {
    const d = Math.hypot(p[0] - first[0], p[1] - first[1]);
    if (d > farD) [far, farD] = [i, d];
  }
  keep[0] = 1;
  keep[far] = 1;
  keep[ring.length - 1] = 1;
  const stack: [number, number][] = [
    [0, far],
    [far, ring.length - 1],
  ];
  while (stack.length > 0) {
    const [i, j] = stack.pop() as [number, number];
    const a = ring[i] as Point;
    const b = ring[j] as Point;
    let best = -1;
    let bestD = tolerance;
    for (let k = i + 1; k < j; k++) {
      const d = segmentDistance(ring[k] as Point, a, b);
      if (d > bestD) [best, bestD] = [k, d];
    }
    if (best >= 0) {
      keep[best] = 1;
      stack.push([i, best], [best, j]);
    }
  }
  return ring.filter((_, i) => keep[i] === 1);
}

function segmentDistance(p: Point, a: Point, b: Point): number {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const l2 = dx * dx + dy * dy;
  const t = l2 === 0 ? 0 : Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / l2));
  return Math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy);
}

/** Whether a point is inside rings by the even-odd rule (land with its lakes). */
export function insideRings(rings: readonly (readonly Point[])[], [x, y]: Point): boolean {
  let inside = false;
  for (const r of rings) {
    for (let i = 0, j = r.length - 1; i < r.length; j = i++) {
      const [xi, yi] = r[i] as Point;
      const [xj, yj] = r[j] as Point;
      if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
    }
  }
  return inside;
}

const n = (v: number) => String(Math.round(v * 1000) / 1000);

/**
 * A tile's text as SVG path data in world units: `fill`, its land (even-odd), and `coast`, the same outline without
 * the stretches along the tile's edges, so the coast is stroked and the cut between tiles is not.
 */
export function tilePaths(id: number, text: string): { fill: string; coast: string } {
  const box = tileBox(id);
  const step = TILE / TILE_STEPS;
  const onEdge = (a: Point, b: Point) =>
    (a[0] === b[0] && (a[0] === 0 || a[0] === TILE_STEPS)) ||
    (a[1] === b[1] && (a[1] === 0 || a[1] === TILE_STEPS));
  let fill = '';
  let coast = '';
  for (const ring of decodeRings(text)) {
    const w = (p: Point) => `${n(box.x0 + p[0] * step)} ${n(box.y0 + p[1] * step)}`;
    fill += ring.map((p, i) => `${i === 0 ? 'M' : 'L'}${w(p)}`).join('') + 'Z';
    let pen = false;
    for (let i = 0; i < ring.length; i++) {
      const a = ring[i] as Point;
      const b = ring[(i + 1) % ring.length] as Point;
      if (onEdge(a, b)) {
        pen = false;
        continue;
      }
      if (!pen) coast += `M${w(a)}`;
      coast += `L${w(b)}`;
      pen = true;
    }
  }
  return { fill, coast };
}

/** The world outline's text as SVG path data in world units. */
export function worldPath(text: string): string {
  const step = WORLD / WORLD_STEPS;
  return decodeRings(text)
    .map(
      (ring) =>
        ring.map((p, i) => `${i === 0 ? 'M' : 'L'}${n(p[0] * step)} ${n(p[1] * step)}`).join('') + 'Z',
    )
    .join('');
}
