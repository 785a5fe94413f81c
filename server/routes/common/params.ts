// Small parsing and arithmetic helpers shared by the /common and /vessel routes: calendar dates, time filters,
// hours between times, rounding and great-circle distance.
import { badRequest } from '../../http/errors.ts';

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

export const round = (n: number, digits = 1): number => {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
};

export const HOUR_MS = 3_600_000;

/** Hours from a to b (b later gives a positive number). */
export const hoursBetween = (a: Date, b: Date): number => (b.getTime() - a.getTime()) / HOUR_MS;

/** Now, to the hour: delays of calls whose ETA has passed move once an hour, so an unchanged answer keeps its ETag. */
export const thisHour = (now = Date.now()): number => Math.floor(now / HOUR_MS) * HOUR_MS;

/**
 * A port call's delay against its proforma ETA (product.md §3 etaDelayHrs), in hours rounded to 0.1: positive = ahead,
 * negative = behind. Arrived: the proforma ETA minus the ATA. Not yet arrived: minus the current ETA, or minus `at`
 * once that ETA has passed with no arrival (the vessel is at least that late). Null with no proforma ETA.
 */
export function delayHrs(pfEta: Date | null, eta: Date, ata: Date | null, at: number): number | null {
  if (!pfEta) return null;
  const arrival = ata ? ata.getTime() : Math.max(eta.getTime(), at);
  return round((pfEta.getTime() - arrival) / HOUR_MS);
}

const EARTH_NM = 3440.065;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle (haversine) distance in nautical miles. */
export function distanceNm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const dLat = rad(lat2 - lat1);
  const dLon = rad(lon2 - lon1);
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(rad(lat1)) * Math.cos(rad(lat2)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_NM * Math.asin(Math.min(1, Math.sqrt(a)));
}
