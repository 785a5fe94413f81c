// A request of GET /v3/service-schedules read into what the query needs: its filters with the standard's default
// window, its limit, and the cursor of a next page, which is opaque and signed (integration.md#paging) so that a
// partner cannot change the filters between pages nor forge a position; each caller's reach still applies.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { myPorts } from '../sync/datasets.ts';
import type { AuthUser } from '../auth/user.ts';
import type { Sql } from '../db/db.ts';
import { isAgent, isVesselUser } from '../../src/core/role.ts';
import type { ServiceSchedulesQuery } from './ovs-schemas.ts';
import type { OvsFilters, OvsReach } from './ovs.ts';
import { queryError } from './errors.ts';

/** The page size when the request names none, as the standard's default, and the most one page may hold. */
const DEFAULT_LIMIT = 100;
const MAX_LIMIT = 1000;
const SIG_BYTES = 16;

export interface OvsRequest {
  filters: OvsFilters;
  limit: number;
  after: string | null;
}

interface CursorBody {
  f: OvsFilters;
  l: number;
  a: string;
}

const mac = (secret: string, payload: string): string =>
  createHmac('sha256', secret)
    .update(`quay-dcsa-ovs-cursor\u0000${payload}`)
    .digest()
    .subarray(0, SIG_BYTES)
    .toString('base64url');

/** The cursor of the page after `after`, with the filters and limit of the first page. */
export function signCursor(secret: string, req: OvsRequest, after: string): string {
  const body: CursorBody = { f: req.filters, l: req.limit, a: after };
  const payload = Buffer.from(JSON.stringify(body)).toString('base64url');
  return `${payload}.${mac(secret, payload)}`;
}

const BAD_CURSOR =
  'cursor is not one this server gave: send the Next-Page-Cursor of the page before, as it came';

function readCursor(secret: string, cursor: string): OvsRequest {
  const [payload = '', sig = '', ...rest] = cursor.split('.');
  const want = Buffer.from(mac(secret, payload));
  const got = Buffer.from(sig);
  if (rest.length > 0 || got.length !== want.length || !timingSafeEqual(got, want))
    throw queryError('cursor', cursor, BAD_CURSOR, 7002);
  const body = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as CursorBody;
  return { filters: body.f, limit: body.l, after: body.a };
}

/** Today plus a number of months, as a UTC date (YYYY-MM-DD). */
function monthsFrom(now: Date, months: number): string {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + months, now.getUTCDate()));
  return d.toISOString().slice(0, 10);
}

function limitOf(raw: string | undefined): number {
  if (raw === undefined) return DEFAULT_LIMIT;
  const n = Number(raw);
  if (n < 1 || n > MAX_LIMIT)
    throw queryError('limit', raw, `limit must be a whole number from 1 to ${MAX_LIMIT}, not ${raw}`);
  return n;
}

/**
 * The request a query stands for. A cursor comes alone, as the standard says: with any other parameter it is a 400
 * (the filters of a next page are the first page's, kept in the cursor).
 */
export function ovsRequest(secret: string, q: ServiceSchedulesQuery, now: Date): OvsRequest {
  const { cursor, limit, startDate, endDate, responseScope, ...rest } = q;
  if (cursor !== undefined) {
    const others = Object.keys(q).filter((k) => k !== 'cursor');
    if (others.length > 0)
      throw queryError(
        others[0] ?? 'cursor',
        String(q[others[0] as keyof ServiceSchedulesQuery] ?? ''),
        `cursor comes alone: the next page keeps the first page's parameters, so ${others.join(', ')} may not be sent with it`,
      );
    return readCursor(secret, cursor);
  }
  const filters: OvsFilters = {
    ...Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined)),
    startDate: startDate ?? monthsFrom(now, -3),
    endDate: endDate ?? monthsFrom(now, 6),
    responseScope: responseScope ?? 'FULL_VOYAGE',
  };
  if (filters.startDate > filters.endDate)
    throw queryError(
      startDate === undefined ? 'endDate' : 'startDate',
      (startDate ?? endDate) as string,
      `startDate ${filters.startDate} is after endDate ${filters.endDate}`,
    );
  return { filters, limit: limitOf(limit), after: null };
}

/**
 * What a caller may see: a vessel user its own vessel's calls, a port agent the calls at its own ports, anyone else
 * every call. A key is a machine's copy of the schedules, so it keeps to its owner's own part of them.
 */
export async function reachOf(sql: Sql, user: AuthUser): Promise<OvsReach> {
  if (isVesselUser(user)) return { kind: 'vessel', vslCd: user.ofcId };
  if (isAgent(user)) return { kind: 'ports', portCds: (await myPorts(sql, user.usrId)).map((p) => p.portCd) };
  return { kind: 'all' };
}
