// Web Mercator for the offline map, in "world units": the whole world is WORLD units wide and as many high
// (latitudes clamped to ±85.05°, as web maps do), x growing east from 180° W, y growing south from the top.

export const WORLD = 1000;
/** The latitude where Web Mercator's square world ends. */
export const MAX_LAT = 85.0511287798;

const RAD = Math.PI / 180;

export type Point = [x: number, y: number];

const clampLat = (lat: number) => Math.max(-MAX_LAT, Math.min(MAX_LAT, lat));

/** World position of a latitude and longitude (longitude outside ±180 stays outside [0, WORLD), on purpose). */
export function project(lat: number, lon: number): Point {
  const phi = clampLat(lat) * RAD;
  const x = ((lon + 180) / 360) * WORLD;
  const y = WORLD / 2 - (WORLD / (2 * Math.PI)) * Math.log(Math.tan(Math.PI / 4 + phi / 2));
  return [x, y];
}

/** Latitude and longitude of a world position (longitude wrapped into [-180, 180)). */
export function unproject([x, y]: Point): [lat: number, lon: number] {
  const lon = wrapLon((x / WORLD) * 360 - 180);
  const lat = (2 * Math.atan(Math.exp(((WORLD / 2 - y) * 2 * Math.PI) / WORLD)) - Math.PI / 2) / RAD;
  return [lat, lon];
}

/** A longitude in [-180, 180). */
export function wrapLon(lon: number): number {
  return ((((lon + 180) % 360) + 360) % 360) - 180;
}

/**
 * Longitudes made continuous along a line (each within 180° of the one before), so a track or a voyage across the
 * antimeridian is drawn as one line rather than across the whole world.
 */
export function unwrapLons(lons: readonly number[], start?: number): number[] {
  const out: number[] = [];
  let prev = start;
  for (const lon of lons) {
    let l = lon;
    if (prev !== undefined) {
      while (l - prev > 180) l -= 360;
      while (l - prev < -180) l += 360;
    }
    out.push(l);
    prev = l;
  }
  return out;
}
