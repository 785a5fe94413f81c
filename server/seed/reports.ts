// Vessel reports of the last 7 days: a noon report each day (12:00 UTC) plus arrival and departure
// reports, with distance from the sailed route, average speed, fuel consumed and ROB going down.
import { fixAt } from './ais.ts';
import { rng } from './rng.ts';
import type { Schedule } from './schedule.ts';
import { DAY, HOUR, floorTo } from './time.ts';

export interface Report {
  rptDt: number;
  rptTpCd: 'NOON' | 'ARR' | 'DEP';
  lat: number;
  lon: number;
  avgSpd: number;
  distNm: number;
  focMt: number;
  robFoMt: number;
  robDoMt: number;
  remark: string;
}

const r1 = (x: number): number => Math.round(x * 10) / 10;
const SEA_REMARKS = [
  'Wind NE 4, slight sea, low swell.',
  'Wind SW 5, moderate sea, swell 2 m.',
  'Wind W 6, rough sea, speed reduced for comfort.',
  'Fair weather, good visibility.',
  'Wind N 3, smooth sea. Main engine running normally.',
  'Moderate head sea, slight pitching.',
];

/** Distance sailed along the timeline up to t, and hours under way in (t1, t2]. */
function sailed(s: Schedule, t: number): number {
  let nm = 0;
  for (const c of s.calls) {
    if (c.skip || !c.inbound) continue;
    const f = Math.min(1, Math.max(0, (t - c.legFrom) / (c.arr - c.legFrom)));
    nm += f * c.inbound.distanceNm;
  }
  return nm;
}

function steamingHours(s: Schedule, t1: number, t2: number): number {
  let ms = 0;
  for (const c of s.calls) {
    if (c.skip) continue;
    ms += Math.max(0, Math.min(t2, c.arr) - Math.max(t1, c.legFrom));
  }
  return ms / HOUR;
}

export function vesselReports(s: Schedule, now: number): Report[] {
  const v = s.vessel;
  const r = rng('reports', v.vslCd);
  const from = now - 7 * DAY;
  const times = new Map<number, Report['rptTpCd']>();
  for (let d = floorTo(from, DAY) + 12 * HOUR; d <= now; d += DAY) if (d > from) times.set(d, 'NOON');
  for (const c of s.calls) {
    if (c.ata != null && c.ata > from && c.ata <= now && !times.has(c.ata)) times.set(c.ata, 'ARR');
    if (c.atd != null && c.atd > from && c.atd <= now && !times.has(c.atd)) times.set(c.atd, 'DEP');
  }
  const fullDay = 0.0075 * v.teu + 35; // t/day of fuel oil at service speed
  let robFo = r1(1000 + 0.22 * v.teu + r.float(0, 1200));
  let robDo = r1(r.float(160, 420));
  let prev = from;
  const out: Report[] = [];
  for (const [t, type] of [...times].sort((a, b) => a[0] - b[0])) {
    const hours = (t - prev) / HOUR;
    const steam = steamingHours(s, prev, t);
    // Log distances vary a little around the track (currents, weather); the fuel follows them.
    const dist = (sailed(s, t) - sailed(s, prev)) * (steam > 0.5 ? r.float(0.975, 1.025) : 1);
    const avg = steam > 0.5 ? dist / steam : 0;
    const foc = r1((fullDay * (avg / v.svcSpd) ** 3 * steam) / 24 + (r.float(4, 7) * (hours - steam)) / 24);
    robFo = r1(robFo - foc);
    robDo = r1(robDo - (r.float(1.2, 2.6) * hours) / 24);
    const f = fixAt(s, t);
    const call = s.calls.find((c) => c.ata === t || c.atd === t);
    const remark =
      type === 'ARR'
        ? `End of sea passage, arrived ${call?.portCd ?? ''} port limits.`
        : type === 'DEP'
          ? `Commenced sea passage from ${call?.portCd ?? ''}.`
          : f.navSts === 'MOORED'
            ? 'Alongside, cargo operations in progress.'
            : f.navSts === 'AT_ANCHOR'
              ? 'At anchor awaiting berth.'
              : r.pick(SEA_REMARKS);
    out.push({
      rptDt: t,
      rptTpCd: type,
      lat: f.lat,
      lon: f.lon,
      avgSpd: r1(avg),
      distNm: r1(dist),
      focMt: foc,
      robFoMt: robFo,
      robDoMt: robDo,
      remark,
    });
    prev = t;
  }
  return out;
}
