// DCSA CS 1.0.3's point-to-point routings (integration.md#serving-schedules-dcsa-cs-v1): the sailings of the app's Port
// to port search (src/core/sailings.ts over the schedule set of server/ports/sailings.ts, so that a partner and the
// app see the same sailings), each a routing of one direct vessel leg, its calls from OVS's query (ovs.ts).
import type { Sql } from '../db/db.ts';
import type { Reach } from './common.ts';
import { scheduleSet } from '../ports/sailings.ts';
import { findSailings } from '../../src/core/sailings.ts';
import { SAILINGS_MAX_WEEKS, SAILINGS_WEEKS } from '../../src/core/sailing-weeks.ts';
import { callReference, scheduleRows, type CallRow } from './ovs.ts';
import type { RouteFilters } from './cs-request.ts';
import { localTime, locationOf, partnerOf, vesselOf, voyageOf } from './cs-map.ts';
import type { IntermediateCall, Location, Place, PointToPoint } from './cs-schemas.ts';

const DAY_MS = 86_400_000;
/** Every service the calls of one port may be read from at once. */
const ALL_SERVICES = 100_000;

const within = (day: string, start?: string, end?: string): boolean =>
  (start === undefined || day >= start) && (end === undefined || day <= end);

/** A call's location as a routing names it: the port, and the terminal's SMDG code as its facility where known. */
function placeOf(r: CallRow): Location {
  const { facilitySMDGCode, ...rest } = locationOf(r);
  return facilitySMDGCode
    ? { ...rest, facility: { facilityCode: facilitySMDGCode, facilityCodeListProvider: 'SMDG' } }
    : rest;
}

/** Where a routing starts or ends: the port terminal, at the vessel's departure or arrival. */
const end = (r: CallRow, at: Date) => ({
  facilityTypeCode: 'POTE',
  location: placeOf(r),
  dateTime: localTime(at, r.tz),
});

/** Where a leg starts or ends: the call, at the berth or the pilot boarding place. */
const place = (r: CallRow, at: Date, facilityTypeCode: string): Place => ({
  transportCallReference: callReference(r),
  ...end(r, at),
  facilityTypeCode,
});

/** The routing of one sailing, from its voyage's calls in order; null when the caller may not see both ends. */
function routingOf(f: RouteFilters, calls: CallRow[]): PointToPoint | null {
  const i = calls.findIndex((c) => c.port_cd === f.from && c.atd === null && c.skip_yn !== 'Y');
  const j = calls.findIndex((c, k) => k > i && c.port_cd === f.to && c.skip_yn !== 'Y');
  const dep = calls[i];
  const arr = calls[j];
  if (i < 0 || !dep || !arr) return null;
  const arrival = arr.ata ?? arr.eta;
  const between = calls.slice(i + 1, j).filter((c) => c.skip_yn !== 'Y');
  return {
    placeOfReceipt: end(dep, dep.etd),
    placeOfDelivery: end(arr, arrival),
    receiptTypeAtOrigin: 'CY',
    deliveryTypeAtDestination: 'CY',
    routingReference: `${callReference(dep)}_${arr.port_cd}-${arr.call_seq}`,
    transitTime: Math.ceil((arrival.getTime() - dep.etd.getTime()) / DAY_MS),
    legs: [
      {
        sequenceNumber: 1,
        transport: {
          modeOfTransport: 'VESSEL',
          servicePartners: [partnerOf(dep)],
          vessel: vesselOf(dep),
        },
        // Quay's ETD is from the berth, its ETA the arrival at port limits, the pilot boarding place.
        departure: place(dep, dep.etd, 'BRTH'),
        intermediateCalls: between.map((c): IntermediateCall => ({
          transportCallReference: callReference(c),
          facilityTypeCode: 'BRTH',
          location: placeOf(c),
          arrivalDateTime: localTime(c.ata ?? c.eta, c.tz),
          departureDateTime: localTime(c.atd ?? c.etd, c.tz),
        })),
        arrival: place(arr, arrival, 'PBPL'),
      },
    ],
  };
}

/** A routing and the key it is ordered and paged by: its departure (UTC), then its reference. */
export interface Keyed {
  key: string;
  routing: PointToPoint;
}

/**
 * Every routing of a search, in order of departure, then vessel and voyage. The departures searched are the app's
 * (its default weeks ahead, or its longest when a departure date is asked for); the dates are local at each end.
 */
export async function pointToPoints(sql: Sql, f: RouteFilters, reach: Reach, now: Date): Promise<Keyed[]> {
  if (!f.yardOnly) return [];
  const weeks = f.departureStartDate || f.departureEndDate ? SAILINGS_MAX_WEEKS : SAILINGS_WEEKS;
  const sailings = findSailings(await scheduleSet(sql, now.getTime()), f.from, f.to, now.getTime(), weeks);
  if (sailings.length === 0) return [];
  // The voyages calling at the place of receipt, whole and as the caller may see them.
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  const { rows } = await scheduleRows(
    sql,
    {
      UNLocationCode: f.from,
      startDate: day(now.getTime() - 2 * DAY_MS),
      endDate: day(now.getTime() + (weeks * 7 + 2) * DAY_MS),
      responseScope: 'FULL_VOYAGE',
    },
    reach,
    { after: null, limit: ALL_SERVICES },
  );
  const voyages = new Map<string, CallRow[]>();
  for (const r of rows) {
    const key = `${r.vsl_cd}-${voyageOf(r)}`;
    voyages.set(key, [...(voyages.get(key) ?? []), r]);
  }
  const out: Keyed[] = [];
  for (const s of sailings) {
    const calls = (voyages.get(`${s.vslCd}-${s.voyNo}`) ?? []).sort((a, b) => a.call_seq - b.call_seq);
    const routing = routingOf(f, calls);
    if (!routing) continue;
    // Local dates at each end: the dateTime is written in the port's own time.
    const dep = routing.placeOfReceipt.dateTime.slice(0, 10);
    const arr = routing.placeOfDelivery.dateTime.slice(0, 10);
    if (
      within(dep, f.departureStartDate, f.departureEndDate) &&
      within(arr, f.arrivalStartDate, f.arrivalEndDate)
    )
      out.push({ key: `${s.etd}|${routing.routingReference ?? ''}`, routing });
  }
  out.sort((a, b) => a.key.localeCompare(b.key));
  for (const [n, k] of out.entries()) k.routing.solutionNumber = n + 1;
  return out;
}
