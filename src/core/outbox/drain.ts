// Sends the outbox (DESIGN.md §3 rules 2 to 6): in order per entity, independent entities in parallel, coalesced
// first, failures classified, one drainer at a time under the Web Lock 'quay-outbox'. Shared by worker and sw.
import type { QuayDb } from '../db.ts';
import {
  AuthenticationError,
  JsonWebTokenError,
  RequestError,
  TimeoutError,
  type Check,
} from '../net/http.ts';
import type { ApiClient } from '../net/api-client.ts';
import { defaultLocks, type Locks } from '../locks.ts';
import { OUTBOX_LOCK } from './lock.ts';
import { recordConfirmation, recordFailure } from './meta.ts';
import type { OpError, OutboxFailure, OutboxRow, UndoByKind } from './types.ts';
import type { FleetResponse } from '../contract/vessel.ts';
import { asChatMessage, chatTables, markChatFailed, storeChatMessages } from './chat.ts';
import { applyChatOp, chatOpTables, chatRefusal, undoChatOp } from './chat-ops.ts';
import { coalesce } from './coalesce.ts';
import { dataSaverOn } from '../meter/data-saver.ts';

/** A satellite round trip is most of a second: a few entities at once, not more (the link is shared and paid). */
export const DEFAULT_CONCURRENCY = 4;
export const DEFAULT_BACKOFF = { baseMs: 2_000, maxMs: 5 * 60_000 };

/** Every outbox endpoint answers {success, msg}, at the top level or under one key (SPEC §7). */
export interface OpAnswer {
  success: boolean;
  msg: string;
  /** POST /chat/message answers {message, duplicate}, a berth prospect {success, msg, message}: the stored message. */
  stored?: unknown;
  /** A chat read mark answers the room's unread count after it. */
  unreadCount?: number;
}

export interface DrainOptions {
  /** Web Locks (navigator.locks); Node tests pass memoryLocks(). */
  locks?: Locks;
  /** The link just came back (online event, Background Sync): send now, whatever the backoff planned. */
  retryNow?: boolean;
  /** Send what data saver holds back too (page views of the history): the user asked (pull-to-refresh). */
  sendDeferred?: boolean;
  /** Wait for the lock instead of returning at once when another context drains (default false). */
  wait?: boolean;
  concurrency?: number;
  /** Per request; default the HTTP client's (sized for a 2 s round trip). */
  timeoutMs?: number;
  backoff?: { baseMs: number; maxMs: number };
  now?: () => number;
  random?: () => number;
  onApplied?: (row: OutboxRow, answer: OpAnswer) => void;
  /** Also recorded in meta `outboxFailures` for a window that was not listening (e.g. the sw drained). */
  onPermanentFailure?: (failure: OutboxFailure) => void;
}

export interface DrainResult {
  /** False when another context held the lock (and `wait` was not set): it drains instead. */
  ran: boolean;
  applied: number;
  /** Refused for good: dropped, undone, reported. */
  refused: number;
  /** Transient failures this run: kept, with a later nextAttemptAt. */
  retrying: number;
  /** Operations merged into a later one before sending. */
  coalesced: number;
  /** The token could not be refreshed: nothing more is sent until the user signs on again (operations kept). */
  signedOut: boolean;
  /** Operations still in the outbox when the run ended. */
  remaining: number;
  /** The earliest time a kept operation may be tried again, or null. */
  nextAttemptAt: number | null;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

export const checkAnswer: Check<OpAnswer> = (v) => {
  if (!isRecord(v)) return null;
  // A chat message (POST /chat/message): stored, whether now or before (duplicate).
  if (typeof v.duplicate === 'boolean' && asChatMessage(v.message)) {
    return { success: true, msg: v.duplicate ? 'Already stored' : 'Stored', stored: v.message };
  }
  const inner = isRecord(v.notiReadSaveResponse)
    ? v.notiReadSaveResponse
    : isRecord(v.notiSettingSaveResponse)
      ? v.notiSettingSaveResponse
      : v;
  if (typeof inner.success !== 'boolean') return null;
  return {
    success: inner.success,
    msg: typeof inner.msg === 'string' ? inner.msg : '',
    ...(asChatMessage(inner.message) ? { stored: inner.message } : {}),
    ...(typeof inner.unreadCount === 'number' ? { unreadCount: inner.unreadCount } : {}),
  };
};

type Outcome =
  | { type: 'applied'; answer: OpAnswer }
  | { type: 'refused'; message: string; status?: number | undefined }
  | { type: 'retry'; error: OpError }
  | { type: 'signedOut'; error: OpError };

const opError = (err: unknown): OpError =>
  err instanceof Error
    ? { name: err.name, message: err.message, status: err instanceof RequestError ? err.status : undefined }
    : { name: 'UnknownError', message: String(err) };

/**
 * Rule 3. No network (no status), timeout, 5xx, 408 and 429: keep and retry later. 401 reaches here only after
 * the ApiClient refreshed once and the retry failed too: signed out, keep everything. Any other 4xx: refused for good.
 */
export function classify(err: unknown): Outcome {
  const error = opError(err);
  if (err instanceof AuthenticationError || err instanceof JsonWebTokenError)
    return { type: 'signedOut', error };
  if (err instanceof TimeoutError) return { type: 'retry', error };
  if (err instanceof RequestError) {
    const s = err.status;
    if (s === undefined || s >= 500 || s === 429 || s === 408 || s < 400) return { type: 'retry', error };
    return { type: 'refused', message: err.message, status: s };
  }
  return { type: 'retry', error };
}

/** Exponential backoff with jitter: half the step fixed, half random, capped. */
export function backoffMs(
  attempts: number,
  backoff = DEFAULT_BACKOFF,
  random: () => number = Math.random,
): number {
  const step = Math.min(backoff.maxMs, backoff.baseMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(step / 2 + random() * (step / 2));
}

const LOCAL_TABLES = (db: QuayDb) => [
  db.outbox,
  db.meta,
  db.notifications,
  db.notificationDetails,
  db.badge,
  db.notificationSettings,
  db.pageData,
  db.chatMessages,
  db.chatRooms,
];

/**
 * Marks `vslCds` followed, in that order, and every other vessel not, in the kept My Vessel data (pageData `key`, the
 * fleet answer); nothing when the device has none. Call inside a transaction that includes db.pageData.
 */
export async function followVessels(db: QuayDb, key: string, vslCds: readonly string[]): Promise<void> {
  const row = await db.pageData.get(key);
  const data = row?.data as FleetResponse | undefined;
  if (!row || !Array.isArray(data?.vessels)) return;
  const vessels = data.vessels.map((v) => {
    const at = vslCds.indexOf(v.vslCd);
    return { ...v, followed: at >= 0, sortNo: at >= 0 ? at : null };
  });
  await db.pageData.update(key, { data: { ...data, vessels } });
}

/** Puts back what the operation's local change replaced (call inside a transaction over LOCAL_TABLES). */
async function undoLocal(db: QuayDb, row: OutboxRow, why: string): Promise<void> {
  switch (row.kind) {
    case 'ack': {
      const u = row.undo as UndoByKind['ack'];
      await db.notifications.update(u.notSeq, { ackUsrId: u.ackUsrId });
      await db.notificationDetails.update(u.notSeq, { ackUsrId: u.ackUsrId });
      return;
    }
    case 'read': {
      const u = row.undo as UndoByKind['read'];
      if (u.notReadYn !== null) {
        await db.notifications.update(u.notSeq, { notReadYn: u.notReadYn });
        await db.notificationDetails.update(u.notSeq, { notReadYn: u.notReadYn });
      }
      if (u.badgeDecremented) {
        await db.badge
          .where('key')
          .equals('notification')
          .modify((b) => {
            b.notCnt += 1;
          });
      }
      return;
    }
    case 'setting': {
      const u = row.undo as UndoByKind['setting'];
      if (u.notUseYn === null) await db.notificationSettings.delete(u.notId);
      else await db.notificationSettings.update(u.notId, { notUseYn: u.notUseYn });
      return;
    }
    case 'subscription': {
      const u = row.undo as UndoByKind['subscription'];
      if (u.previous === null) await db.deleteMeta('pushSubscription');
      else await db.setMeta('pushSubscription', u.previous);
      return;
    }
    case 'mySetting': {
      const u = row.undo as UndoByKind['mySetting'];
      await followVessels(db, u.key, u.vslCds);
      return;
    }
    case 'chat':
      // A message is not taken back: it stays on screen, marked not sent.
      await markChatFailed(db, row.undo as UndoByKind['chat'], why);
      return;
    case 'chatRead':
    case 'berthProspect':
    case 'pushAlert':
      await undoChatOp(db, row, why);
      return;
    case 'device':
    case 'history':
      // A device registration or a page view changed nothing on the device.
      return;
  }
}

/** Drops a refused operation, undoes its local change (unless a later one of the same switch stands), reports it. */
async function refuse(db: QuayDb, row: OutboxRow, message: string, status: number | undefined, at: number) {
  const chat = chatRefusal(row, message);
  const failure: OutboxFailure = {
    opId: row.opId,
    kind: row.kind,
    entity: row.entity,
    body: row.body,
    // The followed vessels come back on screen: the user is told why, or a vessel would reappear unexplained.
    message:
      chat?.message ??
      (row.kind === 'mySetting'
        ? `My Vessel could not be saved: ${message}`
        : row.kind === 'chat'
          ? `Message not sent: ${message}`
          : message),
    status,
    // An ack asks for a toast (SPEC §8), and so does My Vessel (a list the user edited by hand), a chat message, a
    // berth prospect and a push alert; read marks, setting and a refused page view (history) are only logged.
    toast: chat?.toast ?? (row.kind === 'ack' || row.kind === 'mySetting' || row.kind === 'chat'),
    at,
  };
  await db.transaction('rw', LOCAL_TABLES(db), async () => {
    await db.outbox.delete(row.seq as number);
    const later =
      row.kind === 'setting' ||
      row.kind === 'subscription' ||
      row.kind === 'mySetting' ||
      row.kind === 'chatRead'
        ? (await db.outbox.where('entity').equals(row.entity).sortBy('seq')).find((r) => r.kind === row.kind)
        : undefined;
    // The user changed the switch again after this one was sent (or read further): their latest choice stays on
    // screen, and the later operation inherits what to put back if it is refused too.
    if (later) await db.outbox.update(later.seq as number, { undo: inheritedUndo(row, later) });
    else await undoLocal(db, row, message);
    await recordFailure(db, failure);
  });
  return failure;
}

/** What a later operation of the same switch (or room's read mark) puts back if it is refused too. */
function inheritedUndo(refused: OutboxRow, later: OutboxRow): unknown {
  if (refused.kind !== 'chatRead') return refused.undo;
  const a = refused.undo as UndoByKind['chatRead'];
  const b = later.undo as UndoByKind['chatRead'];
  return { ...a, readDates: [...a.readDates, ...b.readDates] };
}

/** The oldest waiting operation of an entity, after coalescing its queue. */
async function headOf(db: QuayDb, entity: string): Promise<{ head: OutboxRow | undefined; dropped: number }> {
  return db.transaction('rw', db.outbox, async () => {
    const rows = await db.outbox.where('entity').equals(entity).sortBy('seq');
    const { keep, drop } = coalesce(rows);
    if (drop.length > 0) {
      await db.outbox.bulkDelete(drop.map((r) => r.seq as number));
      for (const k of keep) {
        const original = rows.find((r) => r.seq === k.seq);
        if (original && original.undo !== k.undo) await db.outbox.update(k.seq as number, { undo: k.undo });
      }
    }
    return { head: keep[0], dropped: drop.length };
  });
}

/** What sends an operation: the ApiClient (token, one refresh on 401); tests may wrap it. */
export type ApiCaller = Pick<ApiClient, 'json'>;

async function send(client: ApiCaller, row: OutboxRow, timeoutMs: number | undefined): Promise<Outcome> {
  try {
    const answer = await client.json(row.path, checkAnswer, {
      method: row.method,
      // A GET (a chat read mark) says everything in its path; its body is kept for coalescing and undo only.
      ...(row.method === 'GET' ? {} : { body: row.body }),
      headers: { 'Idempotency-Key': row.opId },
      ...(timeoutMs !== undefined ? { timeoutMs } : {}),
    });
    // A 200 that says success:false (e.g. ack: "Already acknowledged by …") is the server refusing the change:
    // a repeat would get the same answer (idempotency), so it is permanent, with the server's message.
    if (!answer.success) return { type: 'refused', message: answer.msg || 'The server refused the change.' };
    return { type: 'applied', answer };
  } catch (err) {
    return classify(err);
  }
}

async function run(db: QuayDb, client: ApiCaller, opts: DrainOptions): Promise<DrainResult> {
  const now = opts.now ?? Date.now;
  const result: DrainResult = {
    ran: true,
    applied: 0,
    refused: 0,
    retrying: 0,
    coalesced: 0,
    signedOut: false,
    remaining: 0,
    nextAttemptAt: null,
  };
  const blocked = new Set<string>();
  // Data saver on: page views of the application history wait (kept, never dropped) until it goes off.
  if (!opts.sendDeferred && (await dataSaverOn(db))) blocked.add('history');
  /** With retryNow, each kept operation is tried once this run, then its new backoff holds. */
  const tried = new Set<number | undefined>();
  const block = (entity: string, at: number | null) => {
    blocked.add(entity);
    if (at !== null && (result.nextAttemptAt === null || at < result.nextAttemptAt))
      result.nextAttemptAt = at;
  };

  const drainEntity = async (entity: string): Promise<void> => {
    for (;;) {
      if (result.signedOut) return;
      const { head, dropped } = await headOf(db, entity);
      result.coalesced += dropped;
      if (!head) return;
      if (head.nextAttemptAt > now() && !(opts.retryNow && head.attempts > 0 && !tried.has(head.seq)))
        return block(entity, head.nextAttemptAt);
      tried.add(head.seq);
      const outcome = await send(client, head, opts.timeoutMs);
      const seq = head.seq as number;
      switch (outcome.type) {
        case 'applied':
          if (head.kind === 'ack') {
            await db.transaction('rw', db.outbox, db.meta, async () => {
              await db.outbox.delete(seq);
              await recordConfirmation(db, {
                opId: head.opId,
                kind: head.kind,
                entity: head.entity,
                message: outcome.answer.msg,
                at: now(),
              });
            });
          } else if (head.kind === 'mySetting') {
            // The server holds this list now: the kept page data says so too, even if a sync while the change
            // waited brought back the older list.
            await db.transaction('rw', db.outbox, db.pageData, async () => {
              await db.outbox.delete(seq);
              const u = head.undo as UndoByKind['mySetting'];
              const body = head.body as { vslCds?: string[] };
              if (Array.isArray(body.vslCds)) await followVessels(db, u.key, body.vslCds);
            });
          } else if (head.kind === 'chat' || head.kind === 'berthProspect') {
            // The stored message (with its msgSeq) replaces the pending copy.
            const stored = asChatMessage(outcome.answer.stored);
            await db.transaction('rw', chatTables(db), async () => {
              await db.outbox.delete(seq);
              if (stored) await storeChatMessages(db, [stored]);
            });
          } else if (head.kind === 'chatRead' || head.kind === 'pushAlert') {
            await db.transaction('rw', chatOpTables(db), async () => {
              await db.outbox.delete(seq);
              await applyChatOp(db, head, outcome.answer.unreadCount);
            });
          } else await db.outbox.delete(seq);
          result.applied += 1;
          opts.onApplied?.(head, outcome.answer);
          break;
        case 'refused': {
          const failure = await refuse(db, head, outcome.message, outcome.status, now());
          result.refused += 1;
          opts.onPermanentFailure?.(failure);
          break;
        }
        case 'retry': {
          const attempts = head.attempts + 1;
          const at = now() + backoffMs(attempts, opts.backoff, opts.random);
          await db.outbox.update(seq, { attempts, nextAttemptAt: at, lastError: outcome.error });
          result.retrying += 1;
          return block(entity, at);
        }
        case 'signedOut':
          await db.outbox.update(seq, { lastError: outcome.error });
          result.signedOut = true;
          return block(entity, null);
      }
    }
  };

  // Passes until no entity is left with a due head: operations enqueued during a pass are picked up by the next.
  while (!result.signedOut) {
    const rows = await db.outbox.orderBy('seq').toArray();
    const entities = [...new Set(rows.map((r) => r.entity))].filter((e) => !blocked.has(e));
    if (entities.length === 0) break;
    let next = 0;
    const workers = Array.from(
      { length: Math.min(opts.concurrency ?? DEFAULT_CONCURRENCY, entities.length) },
      async () => {
        while (next < entities.length && !result.signedOut) {
          const entity = entities[next++] as string;
          await drainEntity(entity);
          blocked.add(entity);
        }
      },
    );
    await Promise.all(workers);
    // An entity emptied in this pass may have new rows: allow it again unless it waits for a retry.
    for (const e of entities) {
      const head = await db.outbox.where('entity').equals(e).first();
      if (head && head.nextAttemptAt <= now() && head.attempts === 0) blocked.delete(e);
    }
  }
  result.remaining = await db.outbox.count();
  return result;
}

/** Drains the outbox once, under the 'quay-outbox' lock. Never throws for a failed request (rule 3 handles it). */
export async function drain(db: QuayDb, client: ApiCaller, opts: DrainOptions = {}): Promise<DrainResult> {
  const locks = opts.locks ?? defaultLocks();
  return locks.request(OUTBOX_LOCK, opts.wait ? {} : { ifAvailable: true }, async (lock) => {
    if (!lock) {
      return {
        ran: false,
        applied: 0,
        refused: 0,
        retrying: 0,
        coalesced: 0,
        signedOut: false,
        remaining: await db.outbox.count(),
        nextAttemptAt: null,
      };
    }
    return run(db, client, opts);
  });
}

export { pendingCount, UNCOUNTED_KINDS } from './count.ts';
export { coalesce } from './coalesce.ts';

/** The operations waiting for one entity (e.g. 'notification:123'): a clock on "Got it" while one is an ack. */
export function pendingFor(db: QuayDb, entity: string): Promise<OutboxRow[]> {
  return db.outbox.where('entity').equals(entity).sortBy('seq');
}

/**
 * Entities with operations still waiting. The sync must not overwrite their optimistic fields with an older server
 * copy (e.g. ackUsrId back to null while the ack waits): skip or re-apply them when writing a synced list.
 */
export async function pendingEntities(db: QuayDb): Promise<Set<string>> {
  const keys = await db.outbox.orderBy('entity').uniqueKeys();
  return new Set(keys.map(String));
}
