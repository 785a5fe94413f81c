// What the world map draws, in world units: the vessels, their tracks and the ports, with longitudes unwrapped
// around the first vessel so nothing jumps across the antimeridian, and the points the first view must show.
import { project, unwrapLons, type Point } from './projection.ts';
import { gatherX } from './view.ts';

export interface MapMarker {
  id: string;
  lat: number;
  lon: number;
  heading?: number | null;
  label: string;
  highlight?: boolean;
  /** At berth: the first view has it in the middle (product.md#the-map). */
  centre?: boolean;
  /** Where a tap on its name in the map's list of vessels goes. */
  href?: string;
}
export interface MapTrack {
  id: string;
  points: [lat: number, lon: number][];
}
export interface MapPort {
  code: string;
  lat: number;
  lon: number;
  label?: string;
}
export interface Scene {
  markers: (MapMarker & { at: Point })[];
  tracks: { id: string; line: Point[] }[];
  ports: (MapPort & { at: Point })[];
  /**
   * What the first view shows: the vessels, their tracks and the first port (all ports when there is no vessel),
   * mirrored about a vessel at berth so that it is in the middle.
   */
  fit: Point[];
  /** What the zoom buttons keep in view: the highlighted vessel, else the middle of what the first view shows. */
  focus: Point | null;
}

/** The middle of the points' box (x gathered across the antimeridian), or null for none. */
function middleOf(points: readonly Point[]): Point | null {
  if (points.length === 0) return null;
  const g = gatherX(points);
  const xs = g.map((q) => q[0]);
  const ys = g.map((q) => q[1]);
  return [(Math.min(...xs) + Math.max(...xs)) / 2, (Math.min(...ys) + Math.max(...ys)) / 2];
}

/** Everything in world units, longitudes unwrapped around the first marker so nothing jumps across the world. */
export function buildScene(markers: MapMarker[], tracks: MapTrack[], ports: MapPort[]): Scene {
  const ref = markers[0]?.lon ?? ports[0]?.lon ?? tracks[0]?.points[0]?.[1];
  const near = (lon: number) => (ref === undefined ? lon : (unwrapLons([lon], ref)[0] ?? lon));
  const m = markers.map((x) => ({ ...x, at: project(x.lat, near(x.lon)) }));
  const t = tracks.map((tr) => {
    const lons = unwrapLons(
      tr.points.map((p) => p[1]),
      tr.points[0] ? near(tr.points[0][1]) : undefined,
    );
    return { id: tr.id, line: tr.points.map((p, i): Point => project(p[0], lons[i] ?? p[1])) };
  });
  const p = ports.map((x) => ({ ...x, at: project(x.lat, near(x.lon)) }));
  const fitPorts = m.length > 0 ? p.slice(0, 1) : p;
  const shown = [...m.map((x) => x.at), ...t.flatMap((x) => x.line), ...fitPorts.map((x) => x.at)];
  const berth = m.find((x) => x.centre)?.at;
  const fit = berth ? shown.flatMap((q): Point[] => [q, [2 * berth[0] - q[0], 2 * berth[1] - q[1]]]) : shown;
  return { markers: m, tracks: t, ports: p, fit, focus: m.find((x) => x.highlight)?.at ?? middleOf(fit) };
}
