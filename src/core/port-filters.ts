// Port Live's filters and the desk table's sort (product.md#port-live-filters): by terminal, by service and "delayed
// only", per port, and one sort for every port, remembered on the device for the user who set them (meta
// `portLiveFilters`), and applied to what the device holds, so they work offline too. A delay is "behind" as product.md#input-and-formatting-rules tells it: the call is later than the proforma ETA.
import type { PortCall } from './contract/port.ts';
import { delayTone } from './format/format-delay.ts';

export interface PortFilter {
  /** A terminal's name (a call's ydNm), or null for every terminal. */
  ydNm: string | null;
  /** A service's code (a call's laneCd), or null for every service. */
  laneCd: string | null;
  /** Only the calls running behind. */
  delayed: boolean;
}

/** The desk table's columns a user may sort by; `stage` is the order a call runs, the phone's sections. */
export type PortSortKey = 'stage' | 'eta' | 'delay' | 'terminal' | 'service';

export interface PortSort {
  key: PortSortKey;
  dir: 'ascending' | 'descending';
}

export interface PortLiveFilters {
  usrId: string;
  byPort: Record<string, PortFilter>;
  /** The table's sort, the same at every port (absent: by stage). */
  sort?: PortSort;
}

export const STAGE_SORT: PortSort = { key: 'stage', dir: 'ascending' };

export const NO_FILTER: PortFilter = { ydNm: null, laneCd: null, delayed: false };

export const isFiltering = (f: PortFilter): boolean => f.ydNm !== null || f.laneCd !== null || f.delayed;

/** The user's filter at a port; none when the stored filters are another user's. */
export function filterAt(
  stored: PortLiveFilters | undefined,
  usrId: string | undefined,
  portCd: string,
): PortFilter {
  if (!stored || !usrId || stored.usrId !== usrId) return NO_FILTER;
  return stored.byPort[portCd] ?? NO_FILTER;
}

/** The stored filters with this port's set (or dropped when it filters nothing); another user's are not kept. */
export function withFilter(
  stored: PortLiveFilters | undefined,
  usrId: string,
  portCd: string,
  f: PortFilter,
): PortLiveFilters {
  const own = stored?.usrId === usrId ? stored : undefined;
  const byPort = { ...own?.byPort };
  if (isFiltering(f)) byPort[portCd] = { ydNm: f.ydNm, laneCd: f.laneCd, delayed: f.delayed };
  else delete byPort[portCd];
  return { usrId, byPort, ...(own?.sort ? { sort: own.sort } : {}) };
}

/** The user's sort; by stage when the stored one is another user's, or none was chosen. */
export function sortOf(stored: PortLiveFilters | undefined, usrId: string | undefined): PortSort {
  return stored?.usrId === usrId && stored?.sort ? stored.sort : STAGE_SORT;
}

/** The stored filters with the user's sort set; another user's filters are not kept. */
export function withSort(
  stored: PortLiveFilters | undefined,
  usrId: string,
  sort: PortSort,
): PortLiveFilters {
  return { usrId, byPort: stored?.usrId === usrId ? stored.byPort : {}, sort };
}

/** A column's first click: the soonest, the latest and A to Z first. */
export const firstDir = (key: PortSortKey): PortSort['dir'] => (key === 'delay' ? 'descending' : 'ascending');

/** How late a call runs, in hours (a delay is + ahead, - behind); an omitted call, or one with none, has none. */
const lateness = (c: PortCall): number | null =>
  c.omitted || c.delayHrs === null || !Number.isFinite(c.delayHrs) ? null : -c.delayHrs;

const KEYS: Record<Exclude<PortSortKey, 'stage'>, (c: PortCall) => string | number | null> = {
  // The time the table shows: the arrival once it happened, else the estimate.
  eta: (c) => Date.parse(c.ata ?? c.eta),
  delay: lateness,
  terminal: (c) => c.ydNm,
  service: (c) => c.laneCd,
};

/**
 * The rows sorted; they come in stage order, so a tie keeps it (the sort is stable). A row with nothing to sort by
 * (no terminal, no delay) goes last either way.
 */
export function sortCalls<T extends { call: PortCall }>(rows: readonly T[], sort: PortSort): T[] {
  if (sort.key === 'stage') return sort.dir === 'ascending' ? [...rows] : [...rows].reverse();
  const key = KEYS[sort.key];
  const sign = sort.dir === 'ascending' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const x = key(a.call);
    const y = key(b.call);
    if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
    const d = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
    return d * sign;
  });
}

export function applyFilter(calls: readonly PortCall[], f: PortFilter): PortCall[] {
  return calls.filter(
    (c) =>
      (f.ydNm === null || c.ydNm === f.ydNm) &&
      (f.laneCd === null || c.laneCd === f.laneCd) &&
      (!f.delayed || (!c.omitted && delayTone(c.delayHrs) === 'behind')),
  );
}

/** The terminals and services the port's calls name, sorted, for the filters' choices. */
export function filterChoices(calls: readonly PortCall[]): { terminals: string[]; services: string[] } {
  const sorted = (xs: (string | null)[]) =>
    [...new Set(xs.filter((x): x is string => !!x))].sort((a, b) => a.localeCompare(b));
  return { terminals: sorted(calls.map((c) => c.ydNm)), services: sorted(calls.map((c) => c.laneCd)) };
}
