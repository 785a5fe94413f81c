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
export const MIN_SPAN_DEG = 3;
/** A fitted view is at least this many degrees across, so a moored vessel is not shown alone on a blank sea. */
export const FIT_MIN_SPAN_DEG = 14;
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

/** A view that shows every point (world units, already unwrapped along x) with a margin around them. */
export function fitView(points: readonly Point[], size: Size, padding = 0.2): View {
  if (points.length === 0) return clampView({ cx: WORLD / 2, cy: WORLD / 2, zoom: 0 }, size);
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const spanX = Math.max(maxX - minX, degToWorld(FIT_MIN_SPAN_DEG)) * (1 + 2 * padding);
  const spanY = Math.max(maxY - minY, 1e-9) * (1 + 2 * padding);
  const zoom = Math.min(size.width / spanX, size.height / spanY);
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
