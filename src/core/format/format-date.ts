// Date display of product.md#constants: UTC formats such as dd-MMM-yy, and chat times in local time with an LT suffix.
// Every formatter returns "-" for empty or invalid input (product.md#input-and-formatting-rules).
import { toZonedTime } from 'date-fns-tz';

/** A time as the API and the stores hold it: ISO 8601 string, Date or epoch milliseconds. */
export type DateInput = string | number | Date | null | undefined;

const EMPTY = '-';
// An ISO date-time without an offset is taken as UTC: the API speaks UTC only, and the device's zone must not leak in.
const NO_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;

/** Parses a DateInput into a valid Date, or null when it is empty or invalid. */
export function toDate(v: DateInput): Date | null {
  if (v === null || v === undefined) return null;
  let d: Date;
  if (v instanceof Date) d = new Date(v.getTime());
  else if (typeof v === 'number') d = new Date(Number.isFinite(v) ? v : NaN);
  else {
    const s = v.trim();
    if (!s) return null;
    d = new Date(NO_OFFSET.test(s) ? `${s}Z` : s);
  }
  return Number.isNaN(d.getTime()) ? null : d;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const two = (n: number): string => String(n).padStart(2, '0');

/**
 * The UTC formats read the Date's UTC fields: no time zone database is needed, so the service worker (which shows
 * push notifications with them) does not carry date-fns-tz, about 15 KB of a first install.
 */
function utc(v: DateInput, parts: (d: Date) => string): string {
  const d = toDate(v);
  return d ? parts(d) : EMPTY;
}
const day = (d: Date) => `${two(d.getUTCDate())}-${MONTHS[d.getUTCMonth()] ?? ''}`;
const time = (d: Date) => `${two(d.getUTCHours())}:${two(d.getUTCMinutes())}`;
const year = (d: Date) => two(((d.getUTCFullYear() % 100) + 100) % 100);

/** UTC date as dd-MMM-yy, e.g. "22-Nov-26". */
export const formatDate = (v: DateInput): string => utc(v, (d) => `${day(d)}-${year(d)}`);

/** UTC time and day as HH:mm dd-MMM, e.g. "14:05 22-Nov". */
export const formatTimeDate = (v: DateInput): string => utc(v, (d) => `${time(d)} ${day(d)}`);

/** UTC time and date as HH:mm dd-MMM-yy, e.g. "14:05 22-Nov-26". */
export const formatTimeDateYear = (v: DateInput): string => utc(v, (d) => `${time(d)} ${day(d)}-${year(d)}`);

/** Notification item time: "UTC " plus HH:mm dd-MMM-yy, e.g. "UTC 14:05 22-Nov-26"; "-" when invalid. */
export function formatUtc(v: DateInput): string {
  const s = formatTimeDateYear(v);
  return s === EMPTY ? EMPTY : `UTC ${s}`;
}

/** The device's IANA time zone, as Intl resolves it. */
const deviceTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The wall clock in `timeZone` as a Date whose local fields read it (date-fns-tz's toZonedTime); null when the
 * input is invalid or the zone unknown. Only its fields are read, so the runtime's own zone does not matter. */
function zoned(v: DateInput, timeZone: string): Date | null {
  const d = toDate(v);
  if (!d) return null;
  try {
    const z = toZonedTime(d, timeZone);
    return Number.isNaN(z.getTime()) ? null : z;
  } catch {
    return null; // an unknown time zone name
  }
}

/** Chat time in local time: "HH:mm LT" for today (in that zone), otherwise "HH:mm dd-MMM LT"; "-" when invalid. */
export function formatChatTime(
  v: DateInput,
  timeZone: string = deviceTimeZone(),
  now: DateInput = Date.now(),
): string {
  const at = zoned(v, timeZone);
  if (!at) return EMPTY;
  const time = `${two(at.getHours())}:${two(at.getMinutes())}`;
  const today = zoned(now, timeZone);
  if (today && sameDay(today, at)) return `${time} LT`;
  return `${time} ${two(at.getDate())}-${MONTHS[at.getMonth()] ?? ''} LT`;
}

/** The same wall-clock day (of two zoned Dates, whose local fields are read). */
const sameDay = (a: Date, b: Date): boolean =>
  a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/**
 * A chat day line, in local time as chat times are and in the app's date style: "Today", "Yesterday", else
 * "Thu 26-Nov-26"; "-" when invalid.
 */
export function formatChatDay(
  v: DateInput,
  timeZone: string = deviceTimeZone(),
  now: DateInput = Date.now(),
): string {
  const at = zoned(v, timeZone);
  if (!at) return EMPTY;
  const today = zoned(now, timeZone);
  if (today && sameDay(today, at)) return 'Today';
  if (today && sameDay(new Date(today.getFullYear(), today.getMonth(), today.getDate() - 1), at))
    return 'Yesterday';
  const yy = two(((at.getFullYear() % 100) + 100) % 100);
  return `${WEEKDAYS[at.getDay()] ?? ''} ${two(at.getDate())}-${MONTHS[at.getMonth()] ?? ''}-${yy}`;
}
