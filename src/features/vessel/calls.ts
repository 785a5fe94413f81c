// Rules of the schedule widget and the voyage timeline, kept pure for tests: which call a notification or the widget
// path points at, how a call is drawn, and which times (actual or estimated) it shows. Which call is the current one
// is src/core/current-call.ts.
import type { CascadeCall } from '../../core/contract/vessel.ts';
import type { CallLike } from '../../core/current-call.ts';

/** product.md#routes: `?widgetPath=IBM_W2030` opens the vessel page at the schedule widget. */
export const SCHEDULE_WIDGET = 'IBM_W2030';

export type CallTimes = Pick<CascadeCall, 'eta' | 'etb' | 'etd' | 'ata' | 'atb' | 'atd' | 'fromAis'>;

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

/** The notification a voyage page was opened from (product.md#screens-and-routes: its data passed as the query string). */
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
  /** An actual time detected from the vessel's AIS positions, not given by a source. */
  fromAis: boolean;
}

/**
 * Arrival, berthing and departure as a call shows them: the actual time when there is one (A*), else the estimate;
 * an actual time detected from AIS says so.
 */
export function shownTimes(c: CallTimes): [ShownTime, ShownTime, ShownTime] {
  const one = (kind: 'A' | 'B' | 'D', est: string, act: string | null): ShownTime =>
    act
      ? {
          label: `AT${kind}`,
          value: act,
          actual: true,
          fromAis: c.fromAis?.includes(`at${kind.toLowerCase() as 'a' | 'b' | 'd'}`) ?? false,
        }
      : { label: `ET${kind}`, value: est, actual: false, fromAis: false };
  return [one('A', c.eta, c.ata), one('B', c.etb, c.atb), one('D', c.etd, c.atd)];
}
