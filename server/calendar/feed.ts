// The calendar feeds (product.md#calendar-feed): a vessel's or a port's calls of the next CALENDAR_WEEKS weeks as
// iCalendar events, three a call: arrival, alongside (berth to departure) and departure, actual times where known.
// Each event's UID is stable for its call (the vessel, the port and the call's proforma ETA, which the voyage's
// renumbering leaves alone); SEQUENCE and LAST-MODIFIED move when the call's times move (migration 009's trigger;
// times that never moved since are as old as that migration).
// The role rules are those of the pages: a vessel user's feed reaches its own vessel only, a port's calls are public
// schedule facts any user reads.
import type { AuthUser } from '../auth/user.ts';
import type { Sql } from '../db/db.ts';
import { notFound } from '../http/errors.ts';
import type { CallTimesRow } from '../http/rows.ts';
import { loadVessel } from '../vessels/access.ts';
import { CALENDAR_WEEKS } from '../../src/core/contract/calendar.ts';
import { calendar, icalTime, type IcalEvent } from './ical.ts';

interface FeedCallRow extends CallTimesRow {
  vsl_cd: string;
  vsl_nm: string;
  skd_voy_no: string;
  skd_dir_cd: string;
  call_seq: number;
  port_cd: string;
  port_nm: string;
  times_seq: number;
  times_dt: Date;
}

/** A point in a call (arrival, departure) shows as this long in a calendar. */
const POINT_MS = 30 * 60_000;

/**
 * Calls that are not omitted, not left behind (a later call of the vessel already arrived), not departed more than a
 * day ago, and arriving within the weeks of the feed.
 */
const FEED_CALLS = `SELECT c.vsl_cd, v.vsl_nm, c.skd_voy_no, c.skd_dir_cd, c.call_seq, c.port_cd, p.port_nm, c.yd_nm,
       c.eta, c.etb, c.etd, c.ata, c.atb, c.atd, c.skip_yn, c.pf_eta, c.times_seq,
       coalesce(c.times_dt, (SELECT applied_at FROM schema_migrations WHERE version = 9)) AS times_dt
  FROM port_calls c JOIN vessels v ON v.vsl_cd = c.vsl_cd JOIN ports p ON p.port_cd = c.port_cd
 WHERE c.skip_yn = 'N'
   AND NOT EXISTS (SELECT 1 FROM port_calls x WHERE x.vsl_cd = c.vsl_cd AND x.ata IS NOT NULL AND x.eta > c.eta)
   AND coalesce(c.atd, c.etd) >= now() - interval '1 day'
   AND coalesce(c.ata, c.eta) < now() + make_interval(weeks => ${CALENDAR_WEEKS})`;

function eventsOf(c: FeedCallRow): IcalEvent[] {
  const key = c.pf_eta
    ? `${c.vsl_cd}-${c.port_cd}-${icalTime(c.pf_eta)}`
    : `${c.vsl_cd}-${c.skd_voy_no}${c.skd_dir_cd}-${c.call_seq}-${c.port_cd}`;
  const location = `${c.yd_nm ? `${c.yd_nm}, ` : ''}${c.port_nm} (${c.port_cd})`;
  const voyage = `Voyage ${c.skd_voy_no}${c.skd_dir_cd}`;
  const event = (kind: string, start: Date, end: Date, description: string): IcalEvent => ({
    uid: `${key}-${kind}@quay`,
    stamp: c.times_dt,
    sequence: c.times_seq,
    start,
    end: end.getTime() > start.getTime() ? end : new Date(start.getTime() + POINT_MS),
    summary: `${c.vsl_nm} at ${c.port_cd} (${kind})`,
    location,
    description,
  });
  const arrival = c.ata ?? c.eta;
  const berth = c.atb ?? c.etb;
  const departure = c.atd ?? c.etd;
  return [
    event('arrival', arrival, arrival, `${voyage}. ${c.ata ? 'Arrived (ATA)' : 'Expected (ETA)'}.`),
    event(
      'berth',
      berth,
      departure,
      `${voyage}. Alongside from ${c.atb ? 'ATB' : 'ETB'} to ${c.atd ? 'ATD' : 'ETD'}.`,
    ),
    event('departure', departure, departure, `${voyage}. ${c.atd ? 'Departed (ATD)' : 'Expected (ETD)'}.`),
  ];
}

function feedOf(name: string, rows: readonly FeedCallRow[]): string {
  const events = rows.flatMap(eventsOf).sort((a, b) => a.start.getTime() - b.start.getTime());
  return calendar(name, events);
}

/** A vessel's calls: 403 for a vessel user's feed of another vessel, 404 for a vessel that does not exist. */
export async function vesselFeed(sql: Sql, user: AuthUser, vslCd: string): Promise<string> {
  const vessel = await loadVessel(sql, user, vslCd);
  const rows = await sql.query<FeedCallRow>(`${FEED_CALLS} AND c.vsl_cd = $1`, [vslCd]);
  return feedOf(`${vessel.vsl_nm} (${vslCd})`, rows);
}

/** A port's calls, any user's; 404 for a port that does not exist. */
export async function portFeed(sql: Sql, portCd: string): Promise<string> {
  const ports = await sql.query<{ port_nm: string }>('SELECT port_nm FROM ports WHERE port_cd = $1', [
    portCd,
  ]);
  const port = ports[0];
  if (!port) throw notFound(`portCd ${portCd} was not found`);
  const rows = await sql.query<FeedCallRow>(`${FEED_CALLS} AND c.port_cd = $1`, [portCd]);
  return feedOf(`${port.port_nm} (${portCd})`, rows);
}
