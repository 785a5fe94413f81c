// Sea routes between ports: shortest path (Dijkstra, great-circle lengths) over the waypoint network
// of sea-network.ts, entered and left through each port's access chain. Results are cached.
import { distanceNm, polylineLength, type LatLon } from './geo.ts';
import { PORT_ACCESS } from './port-access.ts';
import { portByCode } from './ports.ts';
import { CANALS, SEA_LANES, WAYPOINTS } from './sea-network.ts';

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
  for (const [x, y] of [
    [a, b],
    [b, a],
  ] as const) {
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

/** Dijkstra from one waypoint to the cheapest of several exits (each with the cost of its access leg). */
function shortestPath(from: string, targets: ReadonlyMap<string, number>): string[] {
  const dist = new Map<string, number>([[from, 0]]);
  const prev = new Map<string, string>();
  const queue = new MinQueue();
  queue.push(0, from);
  let best: { node: string; cost: number } | null = null;
  while (queue.size) {
    const [cost, node] = queue.pop();
    if (cost > (dist.get(node) ?? Infinity)) continue;
    if (best && cost >= best.cost) break;
    const exit = targets.get(node);
    if (exit !== undefined && (!best || cost + exit < best.cost)) best = { node, cost: cost + exit };
    for (const e of graph.get(node) ?? []) {
      const c = cost + e.cost;
      if (c < (dist.get(e.to) ?? Infinity)) {
        dist.set(e.to, c);
        prev.set(e.to, node);
        queue.push(c, e.to);
      }
    }
  }
  if (!best) throw new Error(`No sea path from ${from}`);
  const path = [best.node];
  while (path[0] !== from) path.unshift(prev.get(path[0] as string) as string);
  return path;
}

/** A binary min-heap of [cost, node]. */
class MinQueue {
  private items: [number, string][] = [];
  get size(): number {
    return this.items.length;
  }
  private at(i: number): number {
    return (this.items[i] as [number, string])[0];
  }
  private swap(i: number, j: number): void {
    [this.items[i], this.items[j]] = [this.items[j] as [number, string], this.items[i] as [number, string]];
  }
  push(cost: number, node: string): void {
    this.items.push([cost, node]);
    for (let i = this.items.length - 1; i > 0 && this.at((i - 1) >> 1) > this.at(i); i = (i - 1) >> 1)
      this.swap(i, (i - 1) >> 1);
  }
  pop(): [number, string] {
    const top = this.items[0] as [number, string];
    const last = this.items.pop() as [number, string];
    if (this.items.length) {
      this.items[0] = last;
      for (let i = 0; ;) {
        const l = 2 * i + 1;
        const m = l + 1 < this.items.length && this.at(l + 1) < this.at(l) ? l + 1 : l;
        if (m >= this.items.length || this.at(m) >= this.at(i)) break;
        this.swap(i, m);
        i = m;
      }
    }
    return top;
  }
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
  const nodes = best.nodes;
  const canals = Object.keys(CANALS).filter((c) => CANALS[c]?.some((w) => nodes.includes(w)));
  const route: SeaRoute = {
    from: fromPortCd,
    to: toPortCd,
    points: best.points,
    distanceNm: best.length,
    canals,
  };
  cache.set(key, route);
  return route;
}
