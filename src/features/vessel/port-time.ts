// A time in its port's own local time (product.md#port-local-time), beside the UTC the app shows everywhere: the
// browser's Intl does the zone arithmetic, so no time zone data is added to the app.
import { toDate, type DateInput } from '../../core/format/format-date.ts';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const formats = new Map<string, Intl.DateTimeFormat | null>();

/** One formatter per zone (making one is the slow part); null for a zone this browser does not know. */
function formatOf(tz: string): Intl.DateTimeFormat | null {
  let f = formats.get(tz);
  if (f === undefined) {
    try {
      f = new Intl.DateTimeFormat('en-GB', {
        timeZone: tz,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
      });
    } catch {
      f = null;
    }
    formats.set(tz, f);
  }
  return f;
}

/**
 * "15:05 local" when the port's date is the UTC date, else "01:05 23-Nov local" (the app's HH:mm dd-MMM); null when the
 * time or the zone is missing or unknown, so that nothing wrong is shown.
 */
export function formatPortTime(v: DateInput, tz: string | null | undefined): string | null {
  const d = toDate(v);
  const f = tz ? formatOf(tz) : null;
  if (!d || !f) return null;
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(f.formatToParts(d).find((p) => p.type === type)?.value);
  const [day, month, hour, minute] = [part('day'), part('month'), part('hour'), part('minute')];
  const two = (n: number) => String(n).padStart(2, '0');
  const time = `${two(hour)}:${two(minute)}`;
  const sameDay = day === d.getUTCDate() && month === d.getUTCMonth() + 1;
  return sameDay ? `${time} local` : `${time} ${two(day)}-${MONTHS[month - 1] ?? ''} local`;
}
