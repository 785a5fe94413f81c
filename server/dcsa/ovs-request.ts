// A request of GET /v3/service-schedules read into what the query needs: its filters with the standard's default
// window, its limit, and the cursor of a next page (common.ts: opaque and signed, integration.md#paging).
import type { ServiceSchedulesQuery } from './ovs-schemas.ts';
import type { OvsFilters } from './ovs.ts';
import { cursorPage, limitOf, monthsFrom, type PageRequest } from './common.ts';
import { queryError } from './errors.ts';

/** The name the cursors of this call are signed under. */
export const OVS_CALL = 'ovs';

export type OvsRequest = PageRequest<OvsFilters>;

/** The request a query stands for: a cursor's page, or the first page of its filters. */
export function ovsRequest(secret: string, q: ServiceSchedulesQuery, now: Date): OvsRequest {
  const next = cursorPage<OvsFilters>(secret, OVS_CALL, q);
  if (next) return next;
  const { limit, startDate, endDate, responseScope, ...rest } = q;
  const filters: OvsFilters = {
    ...Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined)),
    startDate: startDate ?? monthsFrom(now, -3),
    endDate: endDate ?? monthsFrom(now, 6),
    responseScope: responseScope ?? 'FULL_VOYAGE',
  };
  if (filters.startDate > filters.endDate)
    throw queryError(
      startDate === undefined ? 'endDate' : 'startDate',
      (startDate ?? endDate) as string,
      `startDate ${filters.startDate} is after endDate ${filters.endDate}`,
    );
  return { filters, limit: limitOf(limit), after: null };
}
