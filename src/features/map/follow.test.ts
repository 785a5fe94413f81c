// The map follows its vessel (product.md#the-map): the zoom buttons zoom about the vessel, not the map's middle, and
// a vessel at berth is in the middle of the first view.
import { describe, expect, it } from 'vitest';
import { project, WORLD } from './projection.ts';
import { buildScene, type MapMarker } from './scene.ts';
import { fitView, toScreen, ZOOM_STEP, zoomAbout, type View } from './view.ts';

const size = { width: 358, height: 280 };
const inside = ([x, y]: [number, number]) => x >= 0 && x <= size.width && y >= 0 && y <= size.height;

/** A vessel in the East China Sea with 48 hours of track behind it and a port ahead, as the vessel page draws it. */
const vessel: MapMarker = {
  id: 'OJAD',
  lat: 31.2,
  lon: 124.5,
  heading: 90,
  label: 'ORIENT JADE',
  highlight: true,
};
const track = {
  id: 'OJAD',
  points: Array.from({ length: 12 }, (_, i): [number, number] => [31.2 - i * 0.5, 124.5 - i * 0.9]),
};
const ports = [{ code: 'KRPUS', lat: 35.1, lon: 129.0 }];

describe('the map follows its vessel', () => {
  it('keeps the vessel in sight after three zooms in and where it was on the screen', () => {
    const scene = buildScene([vessel], [track], ports);
    let v: View = fitView(scene.fit, size);
    const before = toScreen(v, size, project(vessel.lat, vessel.lon));
    expect(inside(before)).toBe(true);
    for (let i = 0; i < 3; i++) v = zoomAbout(v, size, ZOOM_STEP, scene.focus);
    const after = toScreen(v, size, project(vessel.lat, vessel.lon));
    expect(inside(after)).toBe(true);
    expect(after[0]).toBeCloseTo(before[0], 6);
    expect(after[1]).toBeCloseTo(before[1], 6);
    // And back out again: still there.
    for (let i = 0; i < 3; i++) v = zoomAbout(v, size, 1 / ZOOM_STEP, scene.focus);
    expect(inside(toScreen(v, size, project(vessel.lat, vessel.lon)))).toBe(true);
  });

  it('zooms about the copy of the vessel nearest the view, across the antimeridian', () => {
    const east: MapMarker = { ...vessel, lon: 179.5, lat: 10 };
    const scene = buildScene([east], [], []);
    // The view sits one world to the west (panned round the globe): the vessel's copy there is the one seen.
    const fitted = fitView(scene.fit, size);
    const v = { ...fitted, cx: fitted.cx - WORLD };
    const before = toScreen(v, size, [project(10, 179.5)[0] - WORLD, project(10, 179.5)[1]]);
    expect(inside(before)).toBe(true);
    const next = zoomAbout(v, size, ZOOM_STEP, scene.focus);
    // The view's centre is wrapped back into the world: one of the vessel's copies is where it was.
    const [x, y] = project(10, 179.5);
    const copies = [-1, 0, 1].map((k) => toScreen(next, size, [x + k * WORLD, y]));
    expect(copies.some((c) => Math.abs(c[0] - before[0]) < 1e-6 && Math.abs(c[1] - before[1]) < 1e-6)).toBe(
      true,
    );
  });

  it('zooms about the middle of the map when the vessel is out of sight or there is none', () => {
    const scene = buildScene([vessel], [], []);
    const v: View = { cx: 100, cy: 300, zoom: 2 };
    const middle = [size.width / 2, size.height / 2] as [number, number];
    const world = (view: View): [number, number] => [
      view.cx + (middle[0] - size.width / 2) / view.zoom,
      view.cy + (middle[1] - size.height / 2) / view.zoom,
    ];
    expect(world(zoomAbout(v, size, ZOOM_STEP, scene.focus))).toEqual(world(v));
    expect(world(zoomAbout(v, size, ZOOM_STEP, null))).toEqual(world(v));
  });

  it('puts a vessel at berth in the middle of the first view, its track and port still in it', () => {
    const berthed: MapMarker = { ...vessel, centre: true };
    const scene = buildScene([berthed], [track], ports);
    const v = fitView(scene.fit, size);
    const [x, y] = toScreen(v, size, project(vessel.lat, vessel.lon));
    expect(x).toBeCloseTo(size.width / 2, 6);
    expect(y).toBeCloseTo(size.height / 2, 6);
    for (const [lat, lon] of [...track.points, [ports[0]!.lat, ports[0]!.lon] as const])
      expect(inside(toScreen(v, size, project(lat, lon)))).toBe(true);
  });

  it('keeps a group of vessels in view: the focus is the middle of the group', () => {
    const group = ['A', 'B', 'C'].map((id, i) => ({ id, lat: 50 + i * 0.5, lon: i, label: id }));
    const scene = buildScene(group, [], []);
    let v = fitView(scene.fit, size);
    for (let i = 0; i < 2; i++) v = zoomAbout(v, size, ZOOM_STEP, scene.focus);
    for (const m of group) expect(inside(toScreen(v, size, project(m.lat, m.lon)))).toBe(true);
  });
});
