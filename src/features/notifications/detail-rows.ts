// The detail block of each notification type (product.md#notification-types, product.md#what-the-app-holds, product.md#input-and-formatting-rules): which fields it shows, as
// label and formatted value. N007 (and any type without a layout) shows its name and body only.
import type { NotificationDetail } from '../../core/contract/notification.ts';
import { delayTone, etaMoveWords, formatDelayHours, type DelayTone } from '../../core/format/format-delay.ts';
import { formatTimeDateYear } from '../../core/format/format-date.ts';
import { formatNumber } from '../../core/format/format-number.ts';

export interface DetailRow {
  label: string;
  value: string;
  /** A delay's colour, the same as on the vessel and port pages. */
  tone?: DelayTone | null;
}

const utc = (v: string | null) => (v ? `${formatTimeDateYear(v)} UTC` : '-');
const text = (v: string | null | undefined) => (v === null || v === undefined || v === '' ? '-' : v);
const voyage = (d: NotificationDetail) => (d.skdVoyNo ? `${d.skdVoyNo}${d.skdDirCd ?? ''}` : '-');

/** Where the call stands against its schedule, in words ("2 h late"), coloured as on the vessel and port pages. */
const schedule = (hrs: number | null): DetailRow => ({
  label: 'Schedule',
  value: formatDelayHours(hrs),
  tone: delayTone(hrs),
});

/** How far the ETA moved from the previous one ("8.5 h later"): beside the schedule row, so the two never read alike. */
function etaMoved(d: NotificationDetail): DetailRow[] {
  if (!d.prevEtaDt || !d.etaDt) return [];
  const hours = (Date.parse(d.etaDt) - Date.parse(d.prevEtaDt)) / 3_600_000;
  return Number.isFinite(hours) ? [{ label: 'ETA moved', value: etaMoveWords(hours) }] : [];
}

export function detailRows(d: NotificationDetail): DetailRow[] {
  const vessel = { label: 'Vessel', value: text(d.vslNm) };
  const port = { label: 'Port', value: text(d.portCd) };
  switch (d.notId) {
    case 'N001':
      return [
        vessel,
        { label: 'Voyage', value: voyage(d) },
        port,
        { label: 'Previous ETA', value: utc(d.prevEtaDt) },
        { label: 'ETA', value: utc(d.etaDt) },
        ...etaMoved(d),
      ];
    case 'N002':
    case 'N020':
      return [vessel, { label: 'Voyage', value: voyage(d) }, port, { label: 'ETA', value: utc(d.etaDt) }];
    case 'N003':
      return [vessel, port, { label: 'ETA', value: utc(d.etaDt) }, schedule(d.etaDelayHrs)];
    case 'N004':
      return [
        port,
        { label: 'Terminal', value: text(d.ydNm) },
        { label: 'Alongside', value: text(d.algsdNm) },
        { label: 'ETA', value: utc(d.etaDt) },
        { label: 'ETB', value: utc(d.etbDt) },
        { label: 'ETD', value: utc(d.etdDt) },
        { label: 'Required speed', value: d.reqSpd === null ? '-' : `${formatNumber(d.reqSpd, 1)} kts` },
      ];
    case 'N005':
      return [vessel, port, { label: 'ATA', value: utc(d.ataDt) }];
    case 'N006':
      return [vessel, port, { label: 'ATD', value: utc(d.atdDt) }];
    case 'N008':
      return [vessel, port, { label: 'Alongside', value: text(d.algsdNm) }];
    case 'N009':
      return [
        port,
        { label: 'Status', value: text(d.stsNm) },
        { label: 'From', value: utc(d.stsFrmDt) },
        { label: 'Reason', value: d.stsReasNm || 'No reason given' },
      ];
    case 'N010':
      // My Alert (product.md#my-alerts): an ETA that moved shows both ETAs, the move and the delay; an arrival, berthing or
      // departure shows the vessel and port (the message says which and when).
      return d.prevEtaDt
        ? [
            vessel,
            port,
            { label: 'Previous ETA', value: utc(d.prevEtaDt) },
            { label: 'ETA', value: utc(d.etaDt) },
            ...etaMoved(d),
            schedule(d.etaDelayHrs),
          ]
        : [vessel, port];
    default:
      return [];
  }
}
