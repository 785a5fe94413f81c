// Parsing of the dates and time filters the API takes (calendar days, ISO times, ranges): a 400 naming the field when
// one is not a real time.
import { badRequest } from './errors.ts';

const DAY_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Times the API accepts: years 1900 to 9999 (the database refuses year 0, and nothing in shipping is older). */
const MIN_TIME = Date.UTC(1900, 0, 1);
const MAX_TIME = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

function inRange(date: Date, field: string): Date {
  const t = date.getTime();
  if (t < MIN_TIME || t > MAX_TIME) throw badRequest(`${field} must lie between the years 1900 and 9999`);
  return date;
}

/** A YYYY-MM-DD that is a real calendar day (2024-02-30 is not), as 00:00 UTC; else 400 naming the field. */
export function parseDay(value: string, field: string): Date {
  const m = DAY_RE.exec(value);
  if (m) {
    const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
    const date = new Date(Date.UTC(y, mo - 1, d));
    date.setUTCFullYear(y); // Date.UTC reads years 0-99 as 1900-1999
    if (date.getUTCMonth() === mo - 1 && date.getUTCDate() === d) return inRange(date, field);
  }
  throw badRequest(`${field} must be a real date YYYY-MM-DD, got ${JSON.stringify(value)}`);
}

/** A time filter: an ISO date-time, or a YYYY-MM-DD (00:00 UTC). */
export function parseTime(value: string, field: string): Date {
  if (DAY_RE.test(value)) return parseDay(value, field);
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) {
    throw badRequest(`${field} must be an ISO 8601 date-time, got ${JSON.stringify(value)}`);
  }
  return inRange(date, field);
}

/** Both ends of a time range, checked to be in order. */
export function parseRange(
  from: string | undefined,
  to: string | undefined,
  names: [string, string] = ['fromDt', 'toDt'],
): { from: Date | null; to: Date | null } {
  const f = from === undefined ? null : parseTime(from, names[0]);
  const t = to === undefined ? null : parseTime(to, names[1]);
  if (f && t && f.getTime() > t.getTime()) throw badRequest(`${names[0]} must not be later than ${names[1]}`);
  return { from: f, to: t };
}
