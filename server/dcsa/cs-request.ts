// A request of the three DCSA CS calls read into what their queries need (integration.md#serving-schedules-dcsa-cs-v1):
// the filters with their default windows, the page size, and the signed cursor of a next page (common.ts). CS asks a
// partner to send the first page's parameters again with the cursor: they must be the same, or it is a 400.
import type { OvsFilters } from './ovs.ts';
import { limitOf, monthsFrom, readCursor, type PageRequest } from './common.ts';
import { queryError } from './errors.ts';
import type { PointToPointQuery, PortSchedulesQuery, VesselSchedulesQuery } from './cs-schemas.ts';

const DAY_MS = 86_400_000;
/** How far a port schedule looks from its date: the standard leaves it to the provider. */
const PORT_SCHEDULE_DAYS = 28;

/** What a cursor keeps: the parameters the first page was asked with, and the filters they were read into. */
export interface Sent<F> {
  q: Record<string, string>;
  f: F;
}

type Query = Readonly<Record<string, string | undefined>>;

/** The page a query asks for: a cursor's (its other parameters the first page's), or the first page of its filters. */
function csRequest<F>(secret: string, call: string, q: Query, read: (q: Query) => F): PageRequest<Sent<F>> {
  // PostgreSQL's text cannot hold NUL, and the standard's own patterns let it through.
  for (const [k, v] of Object.entries(q))
    if (v?.includes('\u0000')) throw queryError(k, v, `${k} must not hold NUL characters`);
  const { cursor, ...params } = q;
  const sent = Object.fromEntries(
    Object.entries(params).filter((e): e is [string, string] => e[1] !== undefined),
  );
  if (cursor === undefined)
    return { filters: { q: sent, f: read(params) }, limit: limitOf(q.limit), after: null };
  const page = readCursor<Sent<F>>(secret, call, cursor);
  for (const [k, v] of Object.entries(sent))
    if (page.filters.q[k] !== v)
      throw queryError(
        k,
        v,
        `${k} is not the first page's: send the parameters of the first page unchanged with its cursor`,
        7002,
      );
  return page;
}

/** Refuses a window whose start is after its end. */
function ordered(
  startName: string,
  start: string | undefined,
  endName: string,
  end: string | undefined,
): void {
  if (start !== undefined && end !== undefined && start > end)
    throw queryError(startName, start, `${startName} ${start} is after ${endName} ${end}`);
}

export const VESSEL_SCHEDULES_CALL = 'cs-vessel-schedules';
const VESSEL_FILTERS = [
  'vesselIMONumber',
  'vesselName',
  'carrierServiceCode',
  'universalServiceReference',
  'carrierVoyageNumber',
  'universalVoyageReference',
  'UNLocationCode',
  'facilitySMDGCode',
  'vesselOperatorCarrierCode',
] as const;

/**
 * GET /v1/vessel-schedules: OVS's filters under CS's names. The standard asks for at least one filter besides the
 * dates; the window defaults as OVS's do, three months back to six ahead.
 */
export function vesselSchedulesRequest(
  secret: string,
  q: VesselSchedulesQuery,
  now: Date,
): PageRequest<Sent<OvsFilters>> {
  return csRequest(secret, VESSEL_SCHEDULES_CALL, q, () => {
    if (!VESSEL_FILTERS.some((k) => q[k] !== undefined))
      throw queryError(
        'query',
        '',
        `name at least one filter besides the dates: ${VESSEL_FILTERS.join(', ')}`,
      );
    const { vesselOperatorCarrierCode: operator, ...same } = Object.fromEntries(
      VESSEL_FILTERS.filter((k) => q[k] !== undefined).map((k) => [k, q[k]]),
    );
    const filters: OvsFilters = {
      ...same,
      ...(operator === undefined ? {} : { vesselOperatorSMDGLinerCode: operator }),
      startDate: q.startDate ?? monthsFrom(now, -3),
      endDate: q.endDate ?? monthsFrom(now, 6),
      responseScope: q.responseScope ?? 'FULL_VOYAGE',
    };
    if (filters.startDate > filters.endDate)
      throw queryError(
        q.startDate === undefined ? 'endDate' : 'startDate',
        q.startDate ?? q.endDate ?? '',
        `startDate ${filters.startDate} is after endDate ${filters.endDate}`,
      );
    return filters;
  });
}

export const PORT_SCHEDULES_CALL = 'cs-port-schedules';

/** GET /v1/port-schedules: the calls at one port arriving from `date` for PORT_SCHEDULE_DAYS days. */
export function portSchedulesRequest(secret: string, q: PortSchedulesQuery): PageRequest<Sent<OvsFilters>> {
  return csRequest(secret, PORT_SCHEDULES_CALL, q, () => ({
    UNLocationCode: q.UNLocationCode,
    startDate: q.date,
    endDate: new Date(Date.parse(q.date) + (PORT_SCHEDULE_DAYS - 1) * DAY_MS).toISOString().slice(0, 10),
    responseScope: 'MATCHED_CALLS',
  }));
}

export const POINT_TO_POINT_CALL = 'cs-point-to-point-routes';

/** The filters of a routing search: the two ports, the windows as local dates at each end, the service types. */
export interface RouteFilters {
  from: string;
  to: string;
  departureStartDate?: string;
  departureEndDate?: string;
  arrivalStartDate?: string;
  arrivalEndDate?: string;
  /** Whether the partner asked for a door or a freight station at either end, which Quay does not offer. */
  yardOnly: boolean;
}

/** GET /v1/point-to-point-routes. maxTranshipment and cargoType are taken and change nothing (integration.md). */
export function pointToPointRequest(secret: string, q: PointToPointQuery): PageRequest<Sent<RouteFilters>> {
  return csRequest(secret, POINT_TO_POINT_CALL, q, () => {
    if (q.placeOfReceipt === q.placeOfDelivery)
      throw queryError(
        'placeOfDelivery',
        q.placeOfDelivery,
        'placeOfReceipt and placeOfDelivery are the same port',
      );
    ordered('departureStartDate', q.departureStartDate, 'departureEndDate', q.departureEndDate);
    ordered('arrivalStartDate', q.arrivalStartDate, 'arrivalEndDate', q.arrivalEndDate);
    const dates = {
      departureStartDate: q.departureStartDate,
      departureEndDate: q.departureEndDate,
      arrivalStartDate: q.arrivalStartDate,
      arrivalEndDate: q.arrivalEndDate,
    };
    return {
      from: q.placeOfReceipt,
      to: q.placeOfDelivery,
      ...Object.fromEntries(Object.entries(dates).filter(([, v]) => v !== undefined)),
      yardOnly: (q.receiptTypeAtOrigin ?? 'CY') === 'CY' && (q.deliveryTypeAtDestination ?? 'CY') === 'CY',
    };
  });
}
