// The world's land as one SVG path in world units, made once from Natural Earth's 1:110m land (public domain,
// through the world-atlas package's TopoJSON). Imported only by the map's lazy chunk: the outline travels with the
// app's own files (precached by the service worker), never from a tile server.
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import landTopology from 'world-atlas/land-110m.json';
import { project } from './projection.ts';

type Ring = readonly (readonly number[])[];

/** One ring as "M x y L x y … Z", at a hundredth of a world unit (about a kilometre at the equator). */
export function ringPath(ring: Ring): string {
  let d = '';
  for (const [i, pos] of ring.entries()) {
    const [x, y] = project(pos[1] ?? 0, pos[0] ?? 0);
    d += `${i === 0 ? 'M' : 'L'}${x.toFixed(2)} ${y.toFixed(2)}`;
  }
  return d ? `${d}Z` : '';
}

let cached: string | undefined;

/** The land outline's path data (computed on first use, then kept). */
export function landPath(): string {
  if (cached !== undefined) return cached;
  const topology = landTopology as unknown as Topology<{ land: GeometryCollection }>;
  const land = feature(topology, topology.objects.land);
  const parts: string[] = [];
  for (const f of land.features) {
    const g = f.geometry;
    const polygons = g.type === 'MultiPolygon' ? g.coordinates : g.type === 'Polygon' ? [g.coordinates] : [];
    for (const polygon of polygons) for (const ring of polygon) parts.push(ringPath(ring));
  }
  cached = parts.join('');
  return cached;
}
