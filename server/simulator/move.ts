// One vessel from its last fix to `now`: under way at the speed its ETA needs, then ATA at the anchorage,
// ATB at ETB, ATD at ETD (slipping the ETA when it cannot be made). Answers the fixes to store.
import { portByCode } from '../seed/world/ports.ts';
import type { LatLon } from '../seed/world/geo.ts';
import type { SimEvent } from './events.ts';
import { MIN_SPEED, ceil30, floorMin, maxSpeed, nextIdx, propagate, shiftCall } from './plan.ts';
import {
  ANCHOR_NM,
  anchorageOf,
  berthHeading,
  berthOf,
  deg360,
  legTo,
  pointAlong,
  progressOn,
  r1,
  r5,
} from './track.ts';
import { HOUR, LIMITS, MIN, type CallRec, type FixRec, type Rng, type VesselRec } from './types.ts';

function fixOf(
  posDt: number,
  pos: LatLon,
  sog: number,
  cog: number,
  hdg: number,
  navSts: FixRec['navSts'],
): FixRec {
  return {
    posDt,
    lat: r5(pos[0]),
    lon: r5(pos[1]),
    sog: Math.max(0, r1(sog)),
    cog: r1(deg360(cog)),
    hdg: r1(deg360(hdg)),
    navSts,
  };
}

function startPos(v: VesselRec): LatLon {
  if (v.fix) return [v.fix.lat, v.fix.lon];
  const portCd = v.originPortCd ?? v.calls.find((c) => !c.skip)?.portCd;
  const p = portCd ? portByCode(portCd) : null;
  return p ? [p.lat, p.lon] : [0, 0];
}

export function moveVessel(v: VesselRec, now: number, r: Rng, events: SimEvent[]): FixRec[] {
  const fixes: FixRec[] = [];
  let t = v.fix?.posDt ?? now - LIMITS.moveEveryMs;
  let pos = startPos(v);
  /** The course of the last fix while under way: places the vessel on the right leg of its route. */
  let cog = v.fix?.navSts === 'UNDER_WAY' ? v.fix.cog : null;
  let final: FixRec | null = null;
  for (let step = 0; step < LIMITS.stepsPerVessel && t < now; step++) {
    const idx = nextIdx(v);
    const c = v.calls[idx];
    if (!c) break;
    if (c.ata == null) {
      const leg = legTo(v.originPortCd, c.portCd, pos);
      const target = Math.max(0, leg.distanceNm - ANCHOR_NM);
      let along = Math.min(target, progressOn(leg.points, pos, cog));
      const remaining = target - along;
      const top = maxSpeed(v);
      const earliest = t + (remaining / top) * HOUR;
      if (earliest > c.eta + 30 * MIN) {
        const prevEta = c.eta;
        shiftCall(c, ceil30(earliest) - c.eta);
        propagate(v, idx);
        events.push({ kind: 'eta', vslCd: v.vslCd, call: c, at: t, prevEta, auto: true });
      }
      const hoursLeft = (c.eta - t) / HOUR;
      const speed = hoursLeft > 0.25 ? Math.min(top, Math.max(MIN_SPEED, remaining / hoursLeft)) : top;
      const tArr = t + (remaining / speed) * HOUR;
      if (tArr <= now) {
        t = tArr;
        c.ata = floorMin(tArr);
        c.dirty = true;
        pos = anchorageOf(leg);
        const swing = r.float(0, 360);
        fixes.push(fixOf(t, pos, r.float(0, 0.3), swing, swing + r.float(-10, 10), 'AT_ANCHOR'));
        events.push({ kind: 'arrival', vslCd: v.vslCd, call: c, at: c.ata });
        continue;
      }
      along += (speed * (now - t)) / HOUR;
      const at = pointAlong(leg.points, along);
      pos = at.pos;
      t = now;
      const course = at.course + r.float(-2, 2);
      final = fixOf(t, pos, speed + r.float(-0.3, 0.3), course, course + r.float(-1.5, 1.5), 'UNDER_WAY');
      break;
    }
    if (c.atb == null) {
      const tB = Math.max(t, c.etb, c.ata + 30 * MIN);
      if (tB <= now) {
        t = tB;
        c.atb = floorMin(tB);
        c.dirty = true;
        pos = berthOf(c.portCd, c.ydCd);
        const h = berthHeading(v.vslCd, c.portCd, c.callSeq);
        fixes.push(fixOf(t, pos, 0, h, h, 'MOORED'));
        events.push({ kind: 'berthing', vslCd: v.vslCd, call: c, at: c.atb });
        continue;
      }
      t = now;
      const anchorage = anchorageOf(legTo(v.originPortCd, c.portCd, pos));
      pos = [anchorage[0] + r.float(-0.002, 0.002), anchorage[1] + r.float(-0.002, 0.002)];
      const swing = (v.fix?.cog ?? r.float(0, 360)) + r.float(-8, 8);
      final = fixOf(t, pos, r.float(0, 0.3), swing, swing + r.float(-10, 10), 'AT_ANCHOR');
      break;
    }
    const tD = Math.max(t, c.etd, c.atb + 4 * HOUR);
    if (tD <= now) {
      t = tD;
      c.atd = floorMin(tD);
      c.dirty = true;
      v.originPortCd = c.portCd;
      cog = null;
      const p = portByCode(c.portCd);
      pos = [p.lat, p.lon];
      events.push({ kind: 'departure', vslCd: v.vslCd, call: c as CallRec, at: c.atd });
      continue;
    }
    t = now;
    const h = berthHeading(v.vslCd, c.portCd, c.callSeq);
    final = fixOf(t, berthOf(c.portCd, c.ydCd), 0, h, h, 'MOORED');
    break;
  }
  const lastDt = fixes[fixes.length - 1]?.posDt ?? v.fix?.posDt ?? -Infinity;
  if (!final && t > lastDt) final = fixOf(t, pos, 0, v.fix?.cog ?? 0, v.fix?.hdg ?? 0, 'UNDER_WAY');
  if (final && final.posDt > lastDt) fixes.push(final);
  return fixes;
}
