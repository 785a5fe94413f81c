// Rules of the schedule widget and the voyage timeline, kept pure for tests: which call is the current one, which
// call a notification or the widget path points at, and which times (actual or estimated) a call shows.
import type { CascadeCall } from '../../core/contract/vessel.ts';

/** product.md §2: `?widgetPath=IBM_W2030` opens the vessel page at the schedule widget. */
export const SCHEDULE_WIDGET = 'IBM_W2030';

export type CallTimes = Pick<CascadeCall, 'eta' | 'etb' | 'etd' | 'ata' | 'atb' | 'atd'>;
type CallLike = Pick<CascadeCall, 'portCd' | 'skipYn' | 'ata' | 'atd'> & { isCurrent?: boolean };

/**
 * The call the vessel is at or heading to: the server's mark when there is one; otherwise (a copy kept on the
 * device from before the mark existed, or a voyage the server did not mark) the first call not omitted and not
 * departed with no later call already arrived at. -1 when the voyage is over.
 */
export function currentCallIndex(calls: readonly CallLike[]): number {
  const marked = calls.findIndex((c) => c.isCurrent);
  if (marked >= 0) return marked;
  let lastArrived = -1;
  calls.forEach((c, i) => {
    if (c.ata) lastArrived = i;
  });
  return calls.findIndex((c, i) => i >= lastArrived && c.skipYn !== 'Y' && !c.atd);
}

/** A copy of a page's data kept on the device, with when it was synced. */
interface Kept<T> {
  data: T;
  syncedAt: number;
}

/**
 * The port a vessel is at or heading to, from the fresher of the two answers the device keeps about it: the vessel's
 * current info (its next port: the first call not departed) and its voyage (the current call). null when neither says.
 */
export function ownPortOf(
  vessel: Kept<{ nextPort: { portCd: string } | null }> | null | undefined,
  voyage: Kept<{ calls: readonly CallLike[] }> | null | undefined,
): string | null {
  const fromVessel = vessel ? (vessel.data.nextPort?.portCd ?? null) : null;
  const fromVoyage = voyage ? (voyage.data.calls[currentCallIndex(voyage.data.calls)]?.portCd ?? null) : null;
  if (!vessel || !voyage) return fromVessel ?? fromVoyage;
  return voyage.syncedAt >= vessel.syncedAt ? (fromVoyage ?? fromVessel) : (fromVessel ?? fromVoyage);
}

export type CallState = 'past' | 'current' | 'ahead' | 'omitted';

/** How the timeline draws a call: omitted, behind the vessel, the current one, or still ahead. */
export function callState(call: CallLike, index: number, current: number): CallState {
  if (call.skipYn === 'Y') return 'omitted';
  if (index === current) return 'current';
  if (call.atd || (current >= 0 && index < current) || current < 0) return 'past';
  return 'ahead';
}

/**
 * The call a notification is about (its portCd): of the calls at that port, the first from the current one on,
 * else the last before it (a port called twice in one voyage). -1 when the voyage does not call there.
 */
export function highlightedCallIndex(
  calls: readonly CallLike[],
  portCd: string | null | undefined,
  current: number,
): number {
  const code = (portCd ?? '').trim().toUpperCase();
  if (!code) return -1;
  const at = calls.flatMap((c, i) => (c.portCd.toUpperCase() === code ? [i] : []));
  return at.find((i) => i >= current) ?? at.at(-1) ?? -1;
}

/** Whether the address asks for the schedule widget (`?widgetPath=IBM_W2030`). */
export function wantsScheduleWidget(search: string): boolean {
  return new URLSearchParams(search).get('widgetPath')?.toUpperCase() === SCHEDULE_WIDGET;
}

/** The notification a voyage page was opened from (product.md §2: its data passed as the query string). */
export interface NotificationQuery {
  notSeq: number | null;
  notId: string | null;
  portCd: string | null;
}

export function notificationQuery(search: string): NotificationQuery {
  const q = new URLSearchParams(search);
  const seq = Number(q.get('notSeq'));
  const text = (k: string) => q.get(k)?.trim().toUpperCase() || null;
  return {
    notSeq: Number.isInteger(seq) && seq > 0 ? seq : null,
    notId: text('notId'),
    portCd: text('portCd'),
  };
}

export interface ShownTime {
  /** ETA/ETB/ETD, or ATA/ATB/ATD once it happened. */
  label: string;
  value: string;
  actual: boolean;
}

/** Arrival, berthing and departure as a call shows them: the actual time when there is one (A*), else the estimate. */
export function shownTimes(c: CallTimes): [ShownTime, ShownTime, ShownTime] {
  const one = (kind: 'A' | 'B' | 'D', est: string, act: string | null): ShownTime =>
    act
      ? { label: `AT${kind}`, value: act, actual: true }
      : { label: `ET${kind}`, value: est, actual: false };
  return [one('A', c.eta, c.ata), one('B', c.etb, c.atb), one('D', c.etd, c.atd)];
}
