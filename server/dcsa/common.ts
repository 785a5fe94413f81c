// What the DCSA calls share of a request (integration.md#paging): the page size, the standard's default window, the
// opaque signed cursor of a next page (which keeps the first page's filters, so that a partner can neither change them
// between pages nor forge a position), and the caller's reach, which applies to every page.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { myPorts } from '../sync/datasets.ts';
import type { AuthUser } from '../auth/user.ts';
import type { Sql } from '../db/db.ts';
import { isAgent, isVesselUser } from '../../src/core/role.ts';
import { queryError } from './errors.ts';

/** The page size when the request names none, as the standards' default, and the most one page may hold. */
const DEFAULT_LIMIT = 100;
const MAX_LIMIT = 1000;
const SIG_BYTES = 16;

/** A page asked for: the filters (a cursor's are the first page's), its size, and the key it starts after. */
export interface PageRequest<F> {
  filters: F;
  limit: number;
  after: string | null;
}

/** What the caller may see (reachOf): every call, one vessel's, or the calls at some ports. */
export type Reach =
  { kind: 'all' } | { kind: 'vessel'; vslCd: string } | { kind: 'ports'; portCds: string[] };

interface CursorBody<F> {
  f: F;
  l: number;
  a: string;
}

/** The signature of a cursor of one call: a cursor of another call does not pass. */
const mac = (secret: string, call: string, payload: string): string =>
  createHmac('sha256', secret)
    .update(`quay-dcsa-${call}-cursor\u0000${payload}`)
    .digest()
    .subarray(0, SIG_BYTES)
    .toString('base64url');

/** The cursor of the page after `after`, with the filters and limit of the first page. */
export function signCursor<F>(secret: string, call: string, req: PageRequest<F>, after: string): string {
  const body: CursorBody<F> = { f: req.filters, l: req.limit, a: after };
  const payload = Buffer.from(JSON.stringify(body)).toString('base64url');
  return `${payload}.${mac(secret, call, payload)}`;
}

const BAD_CURSOR =
  'cursor is not one this server gave: send the Next-Page-Cursor of the page before, as it came';

/** The page a cursor of `call` holds; a 400 (7002) for a cursor this server did not sign for that call. */
export function readCursor<F>(secret: string, call: string, cursor: string): PageRequest<F> {
  const [payload = '', sig = '', ...rest] = cursor.split('.');
  const want = Buffer.from(mac(secret, call, payload));
  const got = Buffer.from(sig);
  if (rest.length > 0 || got.length !== want.length || !timingSafeEqual(got, want))
    throw queryError('cursor', cursor, BAD_CURSOR, 7002);
  const body = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as CursorBody<F>;
  return { filters: body.f, limit: body.l, after: body.a };
}

/**
 * The page a cursor stands for, or null when the query has none. In OVS a cursor comes alone, as that standard says:
 * with any other parameter it is a 400 (the filters of a next page are the first page's, kept in the cursor).
 */
export function cursorPage<F>(
  secret: string,
  call: string,
  q: Readonly<Record<string, string | undefined>>,
): PageRequest<F> | null {
  if (q.cursor === undefined) return null;
  const others = Object.keys(q).filter((k) => k !== 'cursor');
  const first = others[0];
  if (first !== undefined)
    throw queryError(
      first,
      q[first] ?? '',
      `cursor comes alone: the next page keeps the first page's parameters, so ${others.join(', ')} may not be sent with it`,
    );
  return readCursor(secret, call, q.cursor);
}

/** Today plus a number of months, as a UTC date (YYYY-MM-DD). */
export function monthsFrom(now: Date, months: number): string {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + months, now.getUTCDate()));
  return d.toISOString().slice(0, 10);
}

/** The page size asked for: a whole number (the schema took digits only) from 1 to MAX_LIMIT. */
export function limitOf(raw: string | undefined): number {
  if (raw === undefined) return DEFAULT_LIMIT;
  const n = Number(raw);
  if (n < 1 || n > MAX_LIMIT)
    throw queryError('limit', raw, `limit must be a whole number from 1 to ${MAX_LIMIT}, not ${raw}`);
  return n;
}

/**
 * What a caller may see: a vessel user its own vessel's calls, a port agent the calls at its own ports, anyone else
 * every call. A key is a machine's copy of the schedules, so it keeps to its owner's own part of them.
 */
export async function reachOf(sql: Sql, user: AuthUser): Promise<Reach> {
  if (isVesselUser(user)) return { kind: 'vessel', vslCd: user.ofcId };
  if (isAgent(user)) return { kind: 'ports', portCds: (await myPorts(sql, user.usrId)).map((p) => p.portCd) };
  return { kind: 'all' };
}
