// Port Live's filters (product.md#port-live-filters): by terminal, by service and "delayed only", per port, remembered
// on the device for the user who set them (meta `portLiveFilters`), and applied to what the device holds, so they work
// offline too. A delay is "behind" as product.md#input-and-formatting-rules tells it: the call is later than the proforma ETA.
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

export interface PortLiveFilters {
  usrId: string;
  byPort: Record<string, PortFilter>;
}

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
  const byPort = { ...(stored?.usrId === usrId ? stored.byPort : {}) };
  if (isFiltering(f)) byPort[portCd] = { ydNm: f.ydNm, laneCd: f.laneCd, delayed: f.delayed };
  else delete byPort[portCd];
  return { usrId, byPort };
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
