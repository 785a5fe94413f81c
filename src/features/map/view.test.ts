import { describe, expect, it } from 'vitest';
import { project, WORLD, type Point } from './projection.ts';
import {
  clampView,
  FIT_MARGIN,
  fitView,
  gatherX,
  maxZoom,
  minZoom,
  panBy,
  pinch,
  toScreen,
  toWorld,
  zoomAt,
  type View,
} from './view.ts';

const size = { width: 360, height: 240 };
const near = (a: Point, b: Point) => {
  expect(a[0]).toBeCloseTo(b[0], 6);
  expect(a[1]).toBeCloseTo(b[1], 6);
};

describe('map view', () => {
  it('fits the points with a margin, centred on them', () => {
    const pts = [project(30, 120), project(35, 128)];
    const v = fitView(pts, size);
    for (const p of pts) {
      const [sx, sy] = toScreen(v, size, p);
      expect(sx).toBeGreaterThan(0);
      expect(sx).toBeLessThan(size.width);
      expect(sy).toBeGreaterThan(0);
      expect(sy).toBeLessThan(size.height);
    }
    near(toScreen(v, size, [(pts[0]![0] + pts[1]![0]) / 2, (pts[0]![1] + pts[1]![1]) / 2]), [180, 120]);
  });

  it('does not zoom to a single point: a fitted view spans some degrees at least', () => {
    const v = fitView([project(1.26, 103.8)], size);
    expect(v.zoom).toBeLessThan(maxZoom(size));
    expect(size.width / v.zoom).toBeGreaterThanOrEqual((10 / 360) * WORLD - 1e-9);
    expect(size.width / v.zoom).toBeLessThan((12 / 360) * WORLD);
  });

  const inside = (v: View, p: Point, m = FIT_MARGIN) => {
    // A copy of the world either side: a point shows where any of its copies falls in the box.
    return [-WORLD, 0, WORLD].some((k) => {
      const [sx, sy] = toScreen(v, size, [p[0] + k, p[1]]);
      return (
        sx >= m.x - 1e-6 &&
        sx <= size.width - m.x + 1e-6 &&
        sy >= m.y - 1e-6 &&
        sy <= size.height - m.y + 1e-6
      );
    });
  };

  it('keeps room for a symbol inside the sides for vessels of every ocean at once (the whole world shows)', () => {
    const fleet = [
      project(1.2, 103.8), // Singapore
      project(51.9, 4.1), // Rotterdam
      project(40.6, -74.0), // New York
      project(-33.9, 18.4), // Cape Town
      project(35.4, 139.7), // Yokohama
      project(-36.8, 174.8), // Auckland
    ];
    const v = fitView(fleet, size);
    for (const p of fleet) expect(inside(v, p, { x: 14, y: 14 })).toBe(true);
    // Without Auckland the fleet fits with the whole margin.
    const v2 = fitView(fleet.slice(0, 5), size);
    for (const p of fleet.slice(0, 5)) expect(inside(v2, p)).toBe(true);
  });

  it('fits points either side of the antimeridian side by side, not across the whole world', () => {
    const pts = [project(21.3, -157.9), project(-17.7, 178.4), project(35.4, 139.7)]; // Honolulu, Suva, Yokohama
    const v = fitView(pts, size);
    for (const p of pts) expect(inside(v, p)).toBe(true);
    // Honolulu to Yokohama the short way is about 62° of longitude: far closer than the whole world.
    expect(size.width / v.zoom).toBeLessThan((120 / 360) * WORLD);
    expect(gatherX([project(0, 179), project(0, -179)]).map((p) => Math.round(p[0]))).toEqual([997, 1003]);
  });

  it('keeps the zoom between the whole world and the closest zoom', () => {
    expect(clampView({ cx: 500, cy: 500, zoom: 1e-6 }, size).zoom).toBe(minZoom(size));
    expect(clampView({ cx: 500, cy: 500, zoom: 1e6 }, size).zoom).toBe(maxZoom(size));
  });

  it('wraps x around the world and keeps y on it', () => {
    const v = clampView({ cx: WORLD + 10, cy: -50, zoom: 2 }, size);
    expect(v.cx).toBeCloseTo(10);
    expect(v.cy).toBe(size.height / 2 / 2);
  });

  it('zooms at a point keeping the world point under it in place', () => {
    const v: View = { cx: 800, cy: 400, zoom: 4 };
    const at: Point = [300, 50];
    const before = toWorld(v, size, at);
    const z = zoomAt(v, size, 1.6, at);
    expect(z.zoom).toBeCloseTo(6.4);
    near(toWorld(z, size, at), before);
  });

  it('pans with a drag: what was under the finger stays under it', () => {
    const v: View = { cx: 800, cy: 400, zoom: 4 };
    const w = toWorld(v, size, [100, 100]);
    near(toScreen(panBy(v, size, 40, -20), size, w), [140, 80]);
  });

  it('pinches: spreading two fingers zooms in around their midpoint', () => {
    const v: View = { cx: 800, cy: 400, zoom: 4 };
    const w = toWorld(v, size, [180, 120]);
    const p = pinch(
      v,
      size,
      [
        [160, 120],
        [200, 120],
      ],
      [
        [140, 120],
        [220, 120],
      ],
    );
    expect(p.zoom).toBeCloseTo(8);
    near(toScreen(p, size, w), [180, 120]);
  });
});
