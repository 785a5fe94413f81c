// DCSA CS 1.0.3's vessel and port schedules from Quay's live rows (integration.md#serving-schedules-dcsa-cs-v1): the
// calls OVS's query matches (ovs.ts: the same filters, window and reach), written as CS writes them.
import type { Sql } from '../db/db.ts';
import type { Reach } from './common.ts';
import { byService, scheduleRows, type CallRow, type OvsFilters } from './ovs.ts';
import { locationOf, partnerOf, timestampsOf, transportCallOf, vesselOf } from './cs-map.ts';
import type { PortSchedule, ServiceSchedule } from './cs-schemas.ts';

interface Page<T> {
  items: T[];
  /** The key the next page starts after, when more follow. */
  next: string | null;
}

/** CS has no mark for an omitted call (OVS's OMIT): a commercial schedule does not offer a call that will not be. */
const offered = (rows: CallRow[]): CallRow[] => rows.filter((r) => r.skip_yn !== 'Y');

/** One page of vessel schedules, by service code, after the service `after` (null: from the first). */
export async function vesselSchedules(
  sql: Sql,
  filters: OvsFilters,
  reach: Reach,
  page: { after: string | null; limit: number },
): Promise<Page<ServiceSchedule>> {
  const { rows, next } = await scheduleRows(sql, filters, reach, page);
  const items = byService(offered(rows)).map((s): ServiceSchedule => ({
    carrierServiceName: partnerOf(s.first).carrierServiceName,
    carrierServiceCode: s.first.lane_cd,
    vesselSchedules: s.vessels.map((v) => ({
      vessel: vesselOf(v.first),
      isDummyVessel: false,
      transportCalls: v.calls.map(transportCallOf),
    })),
  }));
  return { items, next };
}

/** Every service a port schedule may read at once: the query's page counts services, a port has a few dozen. */
const ALL_SERVICES = 100_000;

/** A call's terminal, as the key its port schedule is ordered and paged by (the port alone when none is known). */
const terminalKey = (r: CallRow): string => r.smdg_cd ?? r.yd_nm ?? '';

/**
 * One page of a port's schedules: one per terminal, ordered by terminal, each with its calls by ETA (the standard's
 * "sorted list"). The page counts terminals, after the terminal `after`.
 */
export async function portSchedules(
  sql: Sql,
  filters: OvsFilters,
  reach: Reach,
  page: { after: string | null; limit: number },
): Promise<Page<PortSchedule>> {
  const { rows } = await scheduleRows(sql, filters, reach, { after: null, limit: ALL_SERVICES });
  const terminals = new Map<string, CallRow[]>();
  for (const r of offered(rows)) {
    const key = terminalKey(r);
    if (page.after !== null && key <= page.after) continue;
    terminals.set(key, [...(terminals.get(key) ?? []), r]);
  }
  const keys = [...terminals.keys()].sort();
  const items = keys.slice(0, page.limit).map((key): PortSchedule => {
    const calls = (terminals.get(key) ?? []).sort((a, b) => a.eta.getTime() - b.eta.getTime());
    const first = calls[0] as CallRow;
    return {
      location: locationOf(first),
      vesselSchedules: calls.map((r) => ({
        servicePartners: [partnerOf(r)],
        vessel: vesselOf(r),
        isDummyVessel: false,
        timestamps: timestampsOf(r),
      })),
    };
  });
  return { items, next: keys.length > page.limit ? (keys[page.limit - 1] ?? null) : null };
}
