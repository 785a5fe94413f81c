// Sea routes between ports: shortest path (Dijkstra, great-circle lengths) over the waypoint network
// of sea-network.ts, entered and left through each port's access chain. Results are cached.
import { distanceNm, polylineLength, type LatLon } from './geo.ts';
import { PORT_ACCESS } from './port-access.ts';
import { portByCode } from './ports.ts';
import { CANAL_WAYPOINTS, SEA_LANES, WAYPOINTS } from './sea-network.ts';

export interface SeaRoute {
  from: string;
  to: string;
  points: LatLon[];
  distanceNm: number;
  /** 'SUEZ' or 'PANAMA' when the route transits a canal. */
  canals: string[];
}

interface Edge {
  to: string;
  cost: number;
}

const graph = new Map<string, Edge[]>();

function addEdge(a: string, b: string): void {
  const pa = WAYPOINTS[a];
  const pb = WAYPOINTS[b];
  if (!pa || !pb) throw new Error(`sea-network: unknown waypoint in edge ${a}-${b}`);
  const cost = distanceNm(pa, pb);
  for (const [x, y] of [[a, b], [b, a]] as const) {
    const list = graph.get(x) ?? [];
    list.push({ to: y, cost });
    graph.set(x, list);
  }
}

for (const lane of SEA_LANES) {
  const names = lane.split(' ');
  for (let i = 1; i < names.length; i++) addEdge(names[i - 1] as string, names[i] as string);
}

/** The polyline from a port to one of its entry waypoints (port, chain..., waypoint). */
function accessLeg(portCd: string, via: string): LatLon[] {
  const port = portByCode(portCd);
  const access = PORT_ACCESS[portCd];
  const wp = WAYPOINTS[via];
  if (!access || !wp) throw new Error(`No sea access for port ${portCd}`);
  return [[port.lat, port.lon], ...(access.chain ?? []), wp];
}

function shortestPath(from: string, targets: ReadonlyMap<string, number>): string[] {
  const dist = new Map<string, number>([[from, 0]]);
  const prev = new Map<string, string>();
  const done = new Set<string>();
  let best: { node: string; cost: number } | null = null;
  for (;;) {
    let node: string | null = null;
    let nodeCost = Infinity;
    for (const [n, c] of dist) if (!done.has(n) && c < nodeCost) [node, nodeCost] = [n, c];
    if (node === null || (best && nodeCost >= best.cost)) break;
    done.add(node);
    const exit = targets.get(node);
    if (exit !== undefined && (!best || nodeCost + exit < best.cost)) best = { node, cost: nodeCost + exit };
    for (const e of graph.get(node) ?? []) {
      const c = nodeCost + e.cost;
      if (c < (dist.get(e.to) ?? Infinity)) {
        dist.set(e.to, c);
        prev.set(e.to, node);
      }
    }
  }
  if (!best) throw new Error(`No sea path from ${from}`);
  const path = [best.node];
  while (path[0] !== from) path.unshift(prev.get(path[0] as string) as string);
  return path;
}

const cache = new Map<string, SeaRoute>();

/** A plausible sea route from port A to port B that stays at sea (through canals and straits). */
export function seaRoute(fromPortCd: string, toPortCd: string): SeaRoute {
  const key = `${fromPortCd}>${toPortCd}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const fromAccess = PORT_ACCESS[fromPortCd];
  const toAccess = PORT_ACCESS[toPortCd];
  if (!fromAccess || !toAccess) throw new Error(`No sea access for ${fromPortCd} or ${toPortCd}`);
  let best: { points: LatLon[]; nodes: string[]; length: number } | null = null;
  const exits = new Map(toAccess.via.map((v) => [v, polylineLength(accessLeg(toPortCd, v))]));
  for (const entry of fromAccess.via) {
    const out = accessLeg(fromPortCd, entry);
    const nodes = shortestPath(entry, exits);
    const last = nodes[nodes.length - 1] as string;
    const inbound = accessLeg(toPortCd, last).reverse();
    const points = [...out, ...nodes.slice(1).map((n) => WAYPOINTS[n] as LatLon), ...inbound.slice(1)];
    const length = polylineLength(points);
    if (!best || length < best.length) best = { points, nodes, length };
  }
  if (!best) throw new Error(`No route ${fromPortCd} to ${toPortCd}`);
  const canals: string[] = [];
  if (best.nodes.includes('ISMAILIA')) canals.push('SUEZ');
  if (best.nodes.includes('GATUN_LAKE')) canals.push('PANAMA');
  const route: SeaRoute = { from: fromPortCd, to: toPortCd, points: best.points, distanceNm: best.length, canals };
  cache.set(key, route);
  return route;
}

export const isCanalWaypoint = (name: string): boolean => CANAL_WAYPOINTS.has(name);
