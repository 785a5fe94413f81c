// The fleet's schedules for a given `now`, one per vessel, staggered around each lane's rotation.
import { buildSchedule, type Schedule } from './schedule.ts';
import { FLEET } from './world/fleet.ts';

export function buildSchedules(now: number): Schedule[] {
  const perLane = new Map<string, number>();
  for (const v of FLEET) perLane.set(v.laneCd, (perLane.get(v.laneCd) ?? 0) + 1);
  const seen = new Map<string, number>();
  return FLEET.map((v, fleetIndex) => {
    const indexInLane = seen.get(v.laneCd) ?? 0;
    seen.set(v.laneCd, indexInLane + 1);
    return buildSchedule(v, { indexInLane, vesselsInLane: perLane.get(v.laneCd) ?? 1, fleetIndex }, now);
  });
}
