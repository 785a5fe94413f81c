// What part of the world the map shows, and how gestures change it: a centre in world units and a zoom in screen
// pixels per world unit. Pure, so pan, pinch, wheel and buttons are tested without a browser.
import { WORLD, type Point } from './projection.ts';

export interface View {
  cx: number;
  cy: number;
  /** Screen pixels per world unit. */
  zoom: number;
}

export interface Size {
  width: number;
  height: number;
}

/** The closest the map zooms in: this many degrees of longitude across. */
const MIN_SPAN_DEG = 3;
/** A fitted view is at least this many degrees across, so a moored vessel is shown with its port's coast around it. */
const FIT_MIN_SPAN_DEG = 10;
/** Pixels a fitted view keeps between the points and the map's sides (room for a symbol; the zoom buttons' width). */
export const FIT_MARGIN = { x: 56, y: 34 };
/** What the +/- buttons and one wheel step do. */
export const ZOOM_STEP = 1.6;

const degToWorld = (deg: number) => (deg / 360) * WORLD;

export const minZoom = (size: Size) => size.width / WORLD;
export const maxZoom = (size: Size) => size.width / degToWorld(MIN_SPAN_DEG);

/** The view within its limits: zoom between the whole world and MIN_SPAN_DEG, x wrapped, y kept on the world. */
export function clampView(v: View, size: Size): View {
  const zoom = Math.min(maxZoom(size), Math.max(minZoom(size), v.zoom));
  const cx = ((v.cx % WORLD) + WORLD) % WORLD;
  const half = size.height / 2 / zoom;
  const cy = 2 * half >= WORLD ? WORLD / 2 : Math.min(WORLD - half, Math.max(half, v.cy));
  return { cx, cy, zoom };
}

/**
 * Points' x moved by whole worlds into the narrowest stretch that holds them all: the way round the world with the
 * widest gap between points is left out, so points either side of the antimeridian sit side by side.
 */
export function gatherX(points: readonly Point[]): Point[] {
  if (points.length < 2) return points.map((p) => [p[0], p[1]]);
  const xs = points.map((p) => ((p[0] % WORLD) + WORLD) % WORLD).sort((a, b) => a - b);
  let start = xs[0] as number;
  let gap = (xs[0] as number) + WORLD - (xs[xs.length - 1] as number);
  for (let i = 1; i < xs.length; i++) {
    const g = (xs[i] as number) - (xs[i - 1] as number);
    if (g > gap) [gap, start] = [g, xs[i] as number];
  }
  return points.map((p) => {
    const x = ((p[0] % WORLD) + WORLD) % WORLD;
    return [x < start ? x + WORLD : x, p[1]];
  });
}

/**
 * A view that shows every point (world units) at least `margin` pixels inside the map's sides, across the
 * antimeridian too, and at least FIT_MIN_SPAN_DEG across. When the points are farther apart than the whole world
 * at its smallest shows (high latitudes both sides), the view shows the world and centres on them.
 */
export function fitView(points: readonly Point[], size: Size, margin = FIT_MARGIN): View {
  if (points.length === 0) return clampView({ cx: WORLD / 2, cy: WORLD / 2, zoom: 0 }, size);
  const gathered = gatherX(points);
  const xs = gathered.map((p) => p[0]);
  const ys = gathered.map((p) => p[1]);
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const innerW = Math.max(1, size.width - 2 * margin.x);
  const innerH = Math.max(1, size.height - 2 * margin.y);
  const least = size.width / degToWorld(FIT_MIN_SPAN_DEG);
  const zoom = Math.min(least, innerW / Math.max(maxX - minX, 1e-9), innerH / Math.max(maxY - minY, 1e-9));
  return clampView({ cx: (minX + maxX) / 2, cy: (minY + maxY) / 2, zoom }, size);
}

/** Where a world point is on the screen, in pixels from the map's top left corner. */
export function toScreen(v: View, size: Size, [x, y]: Point): Point {
  return [(x - v.cx) * v.zoom + size.width / 2, (y - v.cy) * v.zoom + size.height / 2];
}

/** The world point under a screen point. */
export function toWorld(v: View, size: Size, [sx, sy]: Point): Point {
  return [v.cx + (sx - size.width / 2) / v.zoom, v.cy + (sy - size.height / 2) / v.zoom];
}

/** Zooms by `factor` keeping the world point under `at` (screen pixels) where it is. */
export function zoomAt(v: View, size: Size, factor: number, at: Point): View {
  const [wx, wy] = toWorld(v, size, at);
  const zoom = Math.min(maxZoom(size), Math.max(minZoom(size), v.zoom * factor));
  return clampView(
    {
      cx: wx - (at[0] - size.width / 2) / zoom,
      cy: wy - (at[1] - size.height / 2) / zoom,
      zoom,
    },
    size,
  );
}

/**
 * What the +/- buttons do (product.md#the-map): zoom about the vessel (or the group), `focus` in world units, so it
 * stays where it is on the screen; about the map's middle when there is no focus or it is out of sight (panned away).
 * Of the focus's copies around the world, the one nearest the view counts.
 */
export function zoomAbout(v: View, size: Size, factor: number, focus: Point | null): View {
  const middle: Point = [size.width / 2, size.height / 2];
  if (!focus) return zoomAt(v, size, factor, middle);
  const x = focus[0] + Math.round((v.cx - focus[0]) / WORLD) * WORLD;
  const [sx, sy] = toScreen(v, size, [x, focus[1]]);
  const seen = sx >= 0 && sx <= size.width && sy >= 0 && sy <= size.height;
  return zoomAt(v, size, factor, seen ? [sx, sy] : middle);
}

/** Moves the map with a drag of (dx, dy) screen pixels. */
export function panBy(v: View, size: Size, dx: number, dy: number): View {
  return clampView({ cx: v.cx - dx / v.zoom, cy: v.cy - dy / v.zoom, zoom: v.zoom }, size);
}

const mid = (a: Point, b: Point): Point => [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
const dist = (a: Point, b: Point) => Math.hypot(a[0] - b[0], a[1] - b[1]);

/** Two fingers moved from `before` to `after`: the map follows their midpoint and their spread. */
export function pinch(v: View, size: Size, before: [Point, Point], after: [Point, Point]): View {
  const m0 = mid(...before);
  const m1 = mid(...after);
  const moved = panBy(v, size, m1[0] - m0[0], m1[1] - m0[1]);
  const d0 = dist(...before);
  return d0 > 0 ? zoomAt(moved, size, dist(...after) / d0, m1) : moved;
}
