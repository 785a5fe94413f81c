import { describe, expect, it } from 'vitest';
import { MAX_LAT, project, unproject, unwrapLons, WORLD, wrapLon } from './projection.ts';

describe('Web Mercator in world units', () => {
  it('puts 0°, 0° in the middle and the corners at the clamped latitudes', () => {
    expect(project(0, 0)).toEqual([WORLD / 2, WORLD / 2]);
    const [x0, yTop] = project(MAX_LAT, -180);
    expect(x0).toBe(0);
    expect(yTop).toBeCloseTo(0, 6);
    expect(project(-MAX_LAT, 180)[1]).toBeCloseTo(WORLD, 6);
    expect(project(-90, 0)[1]).toBeCloseTo(WORLD, 6); // the poles are clamped, not infinite
  });

  it('grows east and south', () => {
    const [x1, y1] = project(10, 10);
    const [x2, y2] = project(-10, 20);
    expect(x2).toBeGreaterThan(x1);
    expect(y2).toBeGreaterThan(y1);
  });

  it('round-trips a position', () => {
    for (const [lat, lon] of [
      [33.5, 124.2],
      [-33.9, 18.4],
      [51.9, -4.5],
      [1.26, 103.8],
    ] as const) {
      const [la, lo] = unproject(project(lat, lon));
      expect(la).toBeCloseTo(lat, 9);
      expect(lo).toBeCloseTo(lon, 9);
    }
  });
});

describe('longitudes', () => {
  it('wraps into [-180, 180)', () => {
    expect(wrapLon(190)).toBe(-170);
    expect(wrapLon(-190)).toBe(170);
    expect(wrapLon(180)).toBe(-180);
    expect(wrapLon(45)).toBe(45);
  });

  it('unwraps a line across the antimeridian so it stays continuous', () => {
    expect(unwrapLons([170, 179, -179, -170])).toEqual([170, 179, 181, 190]);
    expect(unwrapLons([-170, 179])).toEqual([-170, -181]);
    expect(unwrapLons([10, 20, 30])).toEqual([10, 20, 30]);
    expect(unwrapLons([-175], 170)).toEqual([185]);
  });
});
