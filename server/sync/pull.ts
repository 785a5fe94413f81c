// Pull by cursor (docs/sync.md): every change of the caller's datasets since the cursor, in version order and in
// bounded pages, materialized from the current rows in one snapshot; or, with no cursor (or one of another epoch),
// the user's data from scratch in pages, newest notifications first. Nothing new costs one index lookup.
import type { Db, Sql } from '../db/db.ts';
import { newEpoch } from './changes.ts';
import { readCursor, signCursor, type CursorPosition } from './cursor.ts';
import { materialize, notificationRows, type ChangedKeys, type SyncUser } from './datasets.ts';
import type { Catalog } from './catalog.ts';
import {
  FIRST_PULL_DETAILS,
  PULL_LIMIT_DEFAULT,
  PULL_LIMIT_MAX,
  type ChangeKind,
  type PullResponse,
} from '../../src/core/contract/sync.ts';

export type { SyncUser } from './datasets.ts';

/** The device keeps at most this many notifications (the worker's NOTIFICATION_LIMIT): a first pull stops there. */
const FIRST_PULL_NOTIFICATIONS = 5000;
// A first pull brings the details of the notifications still unread or of the last DETAIL_RECENT_DAYS days, newest
// first, at most FIRST_PULL_DETAILS over its pages (a first install stays small): they open with no link.
export { FIRST_PULL_DETAILS };

/** What a pull needs besides the database: the cursor key, the catalog version and the chat-enabled lanes. */
export interface SyncDeps {
  cursorSecret: string;
  catalog: Catalog;
  chatLanes: string;
}

interface Clock {
  epoch: string;
  version: number;
}

const isDb = (x: Db | Sql): x is Db => typeof (x as Partial<Db>).tx === 'function';

async function readClock(sql: Sql, usrId: string): Promise<Clock | null> {
  const rows = await sql.query<Clock>('SELECT epoch, version FROM sync_clock WHERE usr_id = $1', [usrId]);
  return rows[0] ?? null;
}

/** The user's clock, started at version 0 when the user has never changed anything. */
async function clockOf(sql: Sql, usrId: string): Promise<Clock> {
  const clock = await readClock(sql, usrId);
  if (clock) return clock;
  await sql.query(
    'INSERT INTO sync_clock (usr_id, epoch, version) VALUES ($1, $2, 0) ON CONFLICT (usr_id) DO NOTHING',
    [usrId, newEpoch()],
  );
  const started = await readClock(sql, usrId);
  if (!started) throw new Error(`sync clock of ${usrId} vanished`);
  return started;
}

/** Runs the reads of a pull in one snapshot (a Db), or in the caller's transaction (an Sql). */
async function inSnapshot<T>(db: Db | Sql, fn: (sql: Sql) => Promise<T>): Promise<T> {
  if (!isDb(db)) return fn(db);
  return db.tx(async (sql) => {
    await sql.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
    return fn(sql);
  });
}

const clampLimit = (limit: number | undefined): number =>
  Math.min(PULL_LIMIT_MAX, Math.max(1, Math.floor(limit ?? PULL_LIMIT_DEFAULT)));

/**
 * The pull answer for a user from a cursor (null: a first pull). A cursor not given to this user by this server is a
 * 400 (HttpError). `db` may be a Db (the pull reads in its own snapshot) or an Sql (inside the caller's transaction,
 * e.g. right after a batched push).
 */
export async function pullFor(
  db: Db | Sql,
  user: SyncUser,
  cursor: string | null,
  limit: number | undefined,
  deps: SyncDeps,
): Promise<PullResponse> {
  const pos = cursor ? readCursor(deps.cursorSecret, user.usrId, cursor) : null;
  const clock = await clockOf(db, user.usrId);
  const fresh = !pos || pos.epoch !== clock.epoch || pos.version > clock.version;
  if (!fresh && !pos.page && pos.version === clock.version && cursor)
    // Nothing new: the same cursor back, a few dozen bytes.
    return {
      cursor,
      more: false,
      reset: false,
      version: clock.version,
      catalog: await deps.catalog.version(isDb(db) ? undefined : db),
    };
  return pullFrom(db, user, fresh ? null : pos, clampLimit(limit), deps);
}

/** The pull from a position of the user's own clock (null: from scratch): also what an inline hint carries. */
export async function pullFrom(
  db: Db | Sql,
  user: SyncUser,
  pos: CursorPosition | null,
  limit: number,
  deps: SyncDeps,
): Promise<PullResponse> {
  const answer = await inSnapshot(db, (sql) =>
    !pos || pos.page ? firstPullPage(sql, user, pos, limit, deps) : changesSince(sql, user, pos, limit, deps),
  );
  return { ...answer, catalog: await deps.catalog.version(isDb(db) ? undefined : db) };
}

async function changesSince(
  sql: Sql,
  user: SyncUser,
  pos: CursorPosition,
  limit: number,
  deps: SyncDeps,
): Promise<Omit<PullResponse, 'catalog'>> {
  const clock = await readClock(sql, user.usrId);
  // The clock started again since the caller looked (a reset database): from scratch.
  if (!clock || clock.epoch !== pos.epoch) return firstPullPage(sql, user, null, limit, deps);
  const rows = await sql.query<{ kind: ChangeKind; entity_key: string; version: number }>(
    `SELECT kind, entity_key, version FROM sync_changes WHERE usr_id = $1 AND version > $2
      ORDER BY version LIMIT $3`,
    [user.usrId, pos.version, limit + 1],
  );
  const more = rows.length > limit;
  const page = rows.slice(0, limit);
  const to = more ? (page[page.length - 1]?.version ?? pos.version) : clock.version;
  const changed: ChangedKeys = {};
  for (const r of page) (changed[r.kind] ??= []).push(r.entity_key);
  const data = await materialize(sql, user, changed, { chatLanes: deps.chatLanes });
  return {
    cursor: signCursor(deps.cursorSecret, user.usrId, { epoch: clock.epoch, version: to }),
    more,
    reset: false,
    version: to,
    ...data,
  };
}

/**
 * One page of a first pull: the newest notifications first (FIRST_PULL_NOTIFICATIONS in all), and on the first page
 * every other dataset. Every page's cursor holds the version of the first page's snapshot, so whatever changes while
 * the device pages comes in the pull after the last page.
 */
async function firstPullPage(
  sql: Sql,
  user: SyncUser,
  pos: CursorPosition | null,
  limit: number,
  deps: SyncDeps,
): Promise<Omit<PullResponse, 'catalog'>> {
  // pullFor started the clock when the user had none; a read-only snapshot cannot.
  const clock = (await readClock(sql, user.usrId)) ?? { epoch: pos?.epoch ?? newEpoch(), version: 0 };
  const first = !pos || pos.epoch !== clock.epoch;
  const version = first ? clock.version : (pos?.version ?? clock.version);
  const served = first ? 0 : (pos?.page?.served ?? 0);
  const detailsServed = first ? 0 : (pos?.page?.details ?? 0);
  const before = first ? null : (pos?.page?.before ?? null);
  const take = Math.max(0, Math.min(limit, FIRST_PULL_NOTIFICATIONS - served));
  const rows = take > 0 ? await notificationRows(sql, user, { before, limit: take + 1 }) : [];
  const page = rows.slice(0, take);
  const last = page[page.length - 1];
  const more = rows.length > take && served + take < FIRST_PULL_NOTIFICATIONS && last !== undefined;
  const whole: ChangedKeys = first
    ? { settings: [''], myPorts: [''], myVessels: [''], chat: ['*'], user: [''], alertRules: [''] }
    : {};
  const data = await materialize(sql, user, whole, {
    chatLanes: deps.chatLanes,
    notifications: page,
    detailsMax: Math.max(0, FIRST_PULL_DETAILS - detailsServed),
    badge: first,
  });
  const details = detailsServed + (data.details?.length ?? 0);
  const next: CursorPosition = {
    epoch: clock.epoch,
    version,
    ...(more && last ? { page: { before: last.not_seq, served: served + take, details } } : {}),
  };
  return {
    cursor: signCursor(deps.cursorSecret, user.usrId, next),
    more,
    reset: first,
    version,
    ...data,
  };
}
