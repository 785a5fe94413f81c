// AIS fixes consistent with the schedule: moored at the terminal between ATB and ATD, at anchor off
// the port between ATA and ATB, otherwise under way along the sea route between two calls.
import { rng } from './rng.ts';
import type { Call, Schedule } from './schedule.ts';
import { HOUR, MIN, floorTo } from './time.ts';
import { pointAlong, type LatLon } from './world/geo.ts';
import { portByCode } from './world/ports.ts';

type NavStatus = 'UNDER_WAY' | 'AT_ANCHOR' | 'MOORED';

export interface Fix {
  posDt: number;
  lat: number;
  lon: number;
  sog: number;
  cog: number;
  hdg: number;
  navSts: NavStatus;
}

const r1 = (x: number): number => Math.round(x * 10) / 10;
const r5 = (x: number): number => Math.round(x * 1e5) / 1e5;
const deg360 = (x: number): number => ((x % 360) + 360) % 360;

/** Where the vessel is at time t, from the calls of its timeline (skipped calls ignored). */
export function fixAt(s: Schedule, t: number): Fix {
  const calls = s.calls.filter((c) => !c.skip);
  const j = rng('fix', s.vessel.vslCd, t);
  let i = calls.findIndex((c) => c.dep > t);
  if (i < 0) i = calls.length - 1;
  const c = calls[i] as Call;
  if (t < c.arr) {
    // Under way on the leg into call i.
    const route = c.inbound;
    if (!route) throw new Error('call without inbound route');
    const frac = Math.min(1, Math.max(0, (t - c.legFrom) / (c.arr - c.legFrom)));
    const at = pointAlong(route.points, frac * Math.max(0, route.distanceNm - 4));
    const speed = route.distanceNm / ((c.arr - c.legFrom) / HOUR);
    const cog = deg360(at.course + j.float(-3, 3));
    return fix(t, at.pos, r1(speed + j.float(-0.4, 0.4)), cog, deg360(cog + j.float(-2, 2)), 'UNDER_WAY');
  }
  if (t < c.berth) {
    const anchorage = c.inbound
      ? pointAlong(c.inbound.points, Math.max(0, c.inbound.distanceNm - 4)).pos
      : portPos(c);
    const swing = j.float(0, 360);
    const pos: LatLon = [anchorage[0] + j.float(-0.002, 0.002), anchorage[1] + j.float(-0.002, 0.002)];
    return fix(t, pos, r1(j.float(0, 0.3)), swing, deg360(swing + j.float(-10, 10)), 'AT_ANCHOR');
  }
  const heading = rng('berth-heading', s.vessel.vslCd, c.portCd, c.callSeq).int(0, 359);
  return fix(t, portPos(c), 0, heading, heading, 'MOORED');
}

function portPos(c: Call): LatLon {
  const p = portByCode(c.portCd);
  const off = rng('berth', c.ydCd);
  return [p.lat + off.float(-0.004, 0.004), p.lon + off.float(-0.004, 0.004)];
}

function fix(posDt: number, pos: LatLon, sog: number, cog: number, hdg: number, navSts: NavStatus): Fix {
  return {
    posDt,
    lat: r5(pos[0]),
    lon: r5(pos[1]),
    sog: Math.max(0, sog),
    cog: r1(cog),
    hdg: r1(hdg),
    navSts,
  };
}

/** A track of one fix every 2 hours over the last 48 hours, and the current fix (newest) a few minutes old. */
export function aisTrack(s: Schedule, now: number): Fix[] {
  const age = rng('ais-age', s.vessel.vslCd).int(3, 17) * MIN;
  const last = floorTo(now - 20 * MIN, 2 * HOUR);
  const fixes: Fix[] = [];
  for (let k = 24; k >= 0; k--) fixes.push(fixAt(s, last - k * 2 * HOUR));
  fixes.push(fixAt(s, now - age));
  return fixes;
}
