// Port status (N009 fields): most ports Open for days or weeks, a few Restricted or Closed for a
// reason, each with 1 to 3 history rows ending with the current status.
import { rng } from '../rng.ts';
import { DAY, HOUR, floorTo, iso } from '../time.ts';
import { PORTS } from './ports.ts';

// prettier-ignore
const NOT_OPEN: Readonly<Record<string, [stsNm: string, reason: string, hoursAgo: number]>> = {
  HKHKG: ['Restricted', 'Typhoon signal No.3', 9],
  BDCGP: ['Restricted', 'Cyclone alert, signal No.4', 14],
  CNTAO: ['Restricted', 'Fog', 5],
  NLRTM: ['Restricted', 'Strong wind', 11],
  SEGOT: ['Closed', 'Strong wind', 4],
  ARBUE: ['Closed', 'Labour strike', 30],
};
const EARLIER_REASONS = [
  'Strong wind',
  'Fog',
  'Heavy swell',
  'Berth congestion',
  'Thunderstorm',
  'Labour strike',
];

export interface StatusRow {
  [key: string]: unknown;
  port_cd: string;
  sts_nm: string;
  sts_frm_dt: string;
  sts_reas_nm: string;
}

export function portStatusRows(now: number): { current: StatusRow[]; history: StatusRow[] } {
  const current: StatusRow[] = [];
  const history: StatusRow[] = [];
  const hour = floorTo(now, HOUR);
  for (const p of PORTS) {
    const r = rng('port-status', p.portCd);
    const row = (sts: string, at: number, reason: string): StatusRow => ({
      port_cd: p.portCd,
      sts_nm: sts,
      sts_frm_dt: iso(at),
      sts_reas_nm: reason,
    });
    const closed = NOT_OPEN[p.portCd];
    const rows: StatusRow[] = [];
    if (closed) {
      const since = hour - closed[2] * HOUR;
      rows.push(row('Open', since - r.int(10, 60) * DAY, ''), row(closed[0], since, closed[1]));
    } else {
      const since = hour - r.int(3, 60) * DAY - r.int(0, 23) * HOUR;
      if (r.chance(0.6)) {
        const restricted = since - r.int(6, 72) * HOUR;
        if (r.chance(0.5)) rows.push(row('Open', restricted - r.int(20, 90) * DAY, ''));
        rows.push(row(r.chance(0.8) ? 'Restricted' : 'Closed', restricted, r.pick(EARLIER_REASONS)));
      }
      rows.push(row('Open', since, ''));
    }
    current.push(rows[rows.length - 1] as StatusRow);
    history.push(...rows);
  }
  history.sort((a, b) => a.sts_frm_dt.localeCompare(b.sts_frm_dt) || a.port_cd.localeCompare(b.port_cd));
  return { current, history };
}
