// A time in its port's own local time (product.md#port-local-time), beside the UTC the app shows everywhere: the
// browser's Intl does the zone arithmetic, so no time zone data is added to the app.
import { toDate, type DateInput } from '../../core/format/format-date.ts';
import { zoneFormat } from '../../core/format/zone-format.ts';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The port's date and time of day, in numbers. */
const PARTS: Intl.DateTimeFormatOptions = {
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
};

/**
 * "15:05 local" when the port's date is the UTC date, else "01:05 23-Nov local" (the app's HH:mm dd-MMM); null when the
 * time or the zone is missing or unknown, so that nothing wrong is shown.
 */
export function formatPortTime(v: DateInput, tz: string | null | undefined): string | null {
  const d = toDate(v);
  const f = tz ? zoneFormat(tz, PARTS) : null;
  if (!d || !f) return null;
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(f.formatToParts(d).find((p) => p.type === type)?.value);
  const [day, month, hour, minute] = [part('day'), part('month'), part('hour'), part('minute')];
  const two = (n: number) => String(n).padStart(2, '0');
  const time = `${two(hour)}:${two(minute)}`;
  const sameDay = day === d.getUTCDate() && month === d.getUTCMonth() + 1;
  return sameDay ? `${time} local` : `${time} ${two(day)}-${MONTHS[month - 1] ?? ''} local`;
}
