// Web Push for new notifications (architecture.md#push-path, architecture.md#the-reference-server): each new notification goes, as the list item
// the app would fetch, to every subscribed device of its addressee whose switch for that type is on; a new chat
// message goes (ChatPush, with vslCd) to the subscribed devices of the room members the caller names. A
// subscription that can never be sent to is removed: its push service answered 404 or 410 (it dropped it), or the
// push was refused here (architecture.md#push-endpoints: endpoint no longer allowed, keys that cannot encrypt,
// no public address); other failures (timeouts, 5xx, 429) are logged and the subscription kept. Sending runs after
// the creating transaction has committed and never fails or delays the request or simulator tick that created the
// notifications.
import type { PushSubscription, RequestOptions } from 'web-push';
import type { Sql } from '../db/db.ts';
import {
  NOTI_COLUMNS,
  NOTI_FROM,
  VISIBLE_TO_ADDRESSEE,
  type NotiRow,
  toItem,
} from '../notifications/items.ts';
import type { ChatPush, NotificationPush, PushPayload } from '../../src/core/contract/push.ts';
import { PushRefused } from './address.ts';
import type { EndpointRules } from './endpoint.ts';
import { defaultSend, type PushSend } from './send.ts';

export type { PushSend } from './send.ts';

const VAPID_SUBJECT = 'mailto:ops@quay.example';
/** A notification older than a day is no news: the push service may drop it after that. */
const PUSH_TTL_S = 24 * 3600;
/** Types that wake a sleeping phone at once: delay, berth plan, port status. */
const HIGH_URGENCY = new Set(['N003', 'N004', 'N009']);
/** A chat push's text is cut to this many characters (a push payload holds about 4 KB). */
const CHAT_PUSH_TEXT_MAX = 240;
/** Sends in flight at once, over all calls. */
const PUSH_CONCURRENCY = 8;
/** A push service that does not answer in this time counts as a failure (kept, logged). */
const PUSH_TIMEOUT_MS = 10_000;

/** The part of a pino/Fastify logger the push service uses. */
interface PushLog {
  warn(obj: object, msg?: string): void;
  debug(obj: object, msg?: string): void;
}

interface PushReport {
  /** Messages the push services accepted. */
  sent: number;
  /** Devices whose subscription was removed (404/410, or refused here: it can never be sent to). */
  removed: number;
  /** Other failures (kept). */
  failed: number;
}

export interface PushService {
  /** The VAPID public key (base64url), for the app's PushManager.subscribe(). */
  readonly publicKey: string;
  /**
   * Pushes the given new notifications to their addressees' devices. Call it after the transaction that created
   * them has committed, without awaiting (`void push.notifyNewNotifications(seqs)`): it starts on a later turn,
   * never rejects (errors are logged) and resolves with what happened.
   */
  notifyNewNotifications(notSeqs: readonly number[]): Promise<PushReport>;
  /**
   * Pushes a new chat message to the subscribed devices of `recipients` (members of its room other than its
   * sender; the caller leaves out those connected over STOMP here, and with `presenceStaleS` those connected to
   * another live instance are left out too). Same manners as notifyNewNotifications.
   */
  notifyChatMessage(msgSeq: number, recipients: readonly string[]): Promise<PushReport>;
  /** Resolves once every push started so far has finished. */
  settled(): Promise<void>;
  /** Starts no new pushes and waits up to `waitMs` for running ones. */
  close(waitMs?: number): Promise<void>;
}

export interface PushServiceOptions {
  db: Sql;
  vapid: { subject?: string; publicKey: string; privateKey: string };
  log: PushLog;
  /** Which endpoints are sent to (PUSH_SERVICES, PUSH_LOOPBACK). */
  endpoints: EndpointRules;
  /** How a message is sent; default web-push (see send.ts). */
  send?: PushSend;
  concurrency?: number;
  timeoutMs?: number;
  /**
   * Several instances (DATABASE_URL): a chat push skips members with an open connection on any instance whose
   * heartbeat is younger than this many seconds (the presence table). Absent: one instance, whose caller knows.
   */
  presenceStaleS?: number;
}

interface Device {
  not_dev_id: string;
  subscription: unknown;
}

interface Target extends NotiRow, Device {}

interface ChatTarget extends Device {
  msg_seq: number;
  vsl_cd: string;
  room_id: string;
  sender_nm: string;
  msg_text: string;
  cre_dt: Date | string;
}

/** The text of a chat push: whitespace runs made one space, cut with an ellipsis. */
function chatPushText(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const chars = [...flat];
  return chars.length > CHAT_PUSH_TEXT_MAX ? `${chars.slice(0, CHAT_PUSH_TEXT_MAX - 1).join('')}…` : flat;
}

const EMPTY: PushReport = { sent: 0, removed: 0, failed: 0 };

function asSubscription(v: unknown): PushSubscription | null {
  const s = (typeof v === 'string' ? (JSON.parse(v) as unknown) : v) as Partial<PushSubscription> | null;
  if (
    !s ||
    typeof s.endpoint !== 'string' ||
    typeof s.keys?.p256dh !== 'string' ||
    typeof s.keys.auth !== 'string'
  )
    return null;
  return { endpoint: s.endpoint, keys: { p256dh: s.keys.p256dh, auth: s.keys.auth } };
}

const statusOf = (err: unknown): number | null =>
  typeof err === 'object' && err !== null && typeof (err as { statusCode?: unknown }).statusCode === 'number'
    ? (err as { statusCode: number }).statusCode
    : null;

const message = (err: unknown): string => (err instanceof Error ? err.message : String(err));

/** The endpoint's origin only: the path of a push endpoint is a capability and stays out of logs. */
const originOf = (endpoint: string): string => {
  try {
    return new URL(endpoint).origin;
  } catch {
    return '(invalid)';
  }
};

/** A counting semaphore: at most `max` holders. */
function limiter(max: number): <T>(fn: () => Promise<T>) => Promise<T> {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async (fn) => {
    if (active >= max) await new Promise<void>((res) => waiting.push(res));
    else active++;
    try {
      return await fn();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else active--;
    }
  };
}

export function createPushService(opts: PushServiceOptions): PushService {
  const { db, log } = opts;
  const send = opts.send ?? defaultSend(opts.endpoints);
  const vapidDetails = {
    subject: opts.vapid.subject ?? VAPID_SUBJECT,
    publicKey: opts.vapid.publicKey,
    privateKey: opts.vapid.privateKey,
  };
  const timeout = opts.timeoutMs ?? PUSH_TIMEOUT_MS;
  const limit = limiter(opts.concurrency ?? PUSH_CONCURRENCY);
  const inFlight = new Set<Promise<unknown>>();
  let closed = false;

  const targets = (notSeqs: readonly number[]): Promise<Target[]> =>
    db.query<Target>(
      `SELECT ${NOTI_COLUMNS}, d.not_dev_id, d.subscription
         FROM ${NOTI_FROM}
         JOIN users u ON u.usr_id = n.usr_id
         JOIN user_devices d ON d.usr_id = n.usr_id AND d.not_sbscr_yn = 'Y' AND d.subscription IS NOT NULL
         LEFT JOIN notification_settings s ON s.usr_id = n.usr_id AND s.not_id = n.not_id
        WHERE n.not_seq = ANY($1::int[])
          AND coalesce(s.not_use_yn, 'Y') <> 'N'
          AND ${VISIBLE_TO_ADDRESSEE}
        ORDER BY n.not_seq, d.not_dev_id`,
      // An int[] literal: the same text for PGlite and pg.
      [`{${notSeqs.map((n) => Math.trunc(n)).join(',')}}`],
    );

  /** Removes a subscription that can never be sent to, unless the device has subscribed anew meanwhile. */
  const forget = (t: Device): Promise<unknown> =>
    db.query(
      `UPDATE user_devices SET not_sbscr_yn = 'N', subscription = NULL, upd_dt = now()
        WHERE not_dev_id = $1 AND subscription = $2::text::jsonb`,
      [t.not_dev_id, JSON.stringify(t.subscription)],
    );

  /**
   * Removes the device's subscription for good and counts it; `why` goes to the log, as a warning unless `routine`
   * (a push service forgetting a subscription is how unsubscribing ends).
   */
  const remove = async (
    t: Device,
    where: object,
    why: string,
    report: PushReport,
    routine = false,
  ): Promise<void> => {
    report.removed++;
    try {
      await forget(t);
      log[routine ? 'debug' : 'warn']({ ...where, why }, 'push: subscription can never be sent to; removed');
    } catch (dbErr) {
      log.warn({ ...where, why, err: message(dbErr) }, 'push: removing a subscription failed');
    }
  };

  const deliver = async (
    t: Device,
    payload: PushPayload,
    extra: Pick<RequestOptions, 'urgency' | 'topic'>,
    about: object,
    report: PushReport,
    gone: Set<string>,
  ): Promise<void> => {
    let sub: PushSubscription | null;
    try {
      sub = asSubscription(t.subscription);
    } catch {
      sub = null;
    }
    if (!sub) {
      await remove(t, { notDevId: t.not_dev_id }, 'stored subscription is malformed', report);
      return;
    }
    const options: RequestOptions = { vapidDetails, TTL: PUSH_TTL_S, timeout, ...extra };
    const where = { notDevId: t.not_dev_id, ...about, push: originOf(sub.endpoint) };
    try {
      const sent = await limit(async () => {
        // A device found gone by an earlier send of this batch gets no more.
        if (gone.has(t.not_dev_id)) return false;
        await send(sub, JSON.stringify(payload), options);
        return true;
      });
      if (sent) report.sent++;
    } catch (err) {
      const status = statusOf(err);
      if (status === 404 || status === 410 || err instanceof PushRefused) {
        gone.add(t.not_dev_id);
        if (status) await remove(t, where, `the push service answered ${status}`, report, true);
        else await remove(t, where, message(err), report);
      } else {
        report.failed++;
        log.warn({ ...where, status, err: message(err) }, 'push: send failed; subscription kept');
      }
    }
  };

  const deliverNotification = (t: Target, report: PushReport, gone: Set<string>): Promise<void> => {
    const payload: NotificationPush = {
      kind: 'notification',
      item: toItem(t),
      body: typeof t.detail.notMsg === 'string' && t.detail.notMsg ? t.detail.notMsg : t.not_nm,
    };
    const urgency = HIGH_URGENCY.has(t.not_id) ? 'high' : 'normal';
    return deliver(t, payload, { urgency }, { notSeq: t.not_seq }, report, gone);
  };

  const staleS = opts.presenceStaleS;
  // Connected to a live instance: a presence row whose instance's heartbeat is fresh (the database's clock).
  const connectedSomewhere =
    staleS === undefined
      ? ''
      : `AND NOT EXISTS (SELECT 1 FROM presence p JOIN instances i ON i.instance_id = p.instance_id
                          WHERE p.usr_id = cm.usr_id AND i.heartbeat_at > now() - make_interval(secs => $3))`;
  const chatTargets = (msgSeq: number, recipients: readonly string[]): Promise<ChatTarget[]> =>
    db.query<ChatTarget>(
      `SELECT m.msg_seq, r.vsl_cd, m.room_id, su.usr_nm AS sender_nm, m.msg_text, m.cre_dt, d.not_dev_id, d.subscription
         FROM chat_messages m
         JOIN chat_rooms r ON r.room_id = m.room_id
         JOIN users su ON su.usr_id = m.sender
         JOIN chat_members cm ON cm.room_id = m.room_id AND cm.usr_id <> m.sender AND cm.usr_id = ANY($2::text[])
         JOIN user_devices d ON d.usr_id = cm.usr_id AND d.not_sbscr_yn = 'Y' AND d.subscription IS NOT NULL
        WHERE m.msg_seq = $1 ${connectedSomewhere}
        ORDER BY d.not_dev_id`,
      staleS === undefined
        ? [Math.trunc(msgSeq), [...recipients]]
        : [Math.trunc(msgSeq), [...recipients], staleS],
    );

  const deliverChat = (t: ChatTarget, report: PushReport, gone: Set<string>): Promise<void> => {
    const payload: ChatPush = {
      kind: 'chat',
      vslCd: t.vsl_cd,
      roomId: t.room_id,
      sender: t.sender_nm,
      text: chatPushText(t.msg_text),
      sentAt: new Date(t.cre_dt).toISOString(),
    };
    // A device that was away gets the room's latest message only (the push service replaces by topic).
    const topic = `chat-${t.vsl_cd}`.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 32);
    return deliver(t, payload, { urgency: 'high', topic }, { msgSeq: t.msg_seq }, report, gone);
  };

  /** Runs one batch on a later turn: the answer or tick that stored what it is about goes first. */
  const run = async <T extends Device>(
    load: () => Promise<T[]>,
    each: (t: T, report: PushReport, gone: Set<string>) => Promise<void>,
    about: object,
  ): Promise<PushReport> => {
    await new Promise<void>((res) => setImmediate(res));
    if (closed) return { ...EMPTY };
    const report = { ...EMPTY };
    const rows = await load();
    const gone = new Set<string>();
    await Promise.all(rows.map((t) => each(t, report, gone)));
    if (rows.length) log.debug({ ...about, ...report }, 'push: done');
    return report;
  };

  const track = (p: Promise<PushReport>): Promise<PushReport> => {
    const safe = p.catch((err: unknown) => {
      log.warn({ err: message(err) }, 'push: failed');
      return { ...EMPTY };
    });
    inFlight.add(safe);
    void safe.finally(() => inFlight.delete(safe));
    return safe;
  };

  const settled = async (): Promise<void> => {
    while (inFlight.size) await Promise.all([...inFlight]);
  };

  return {
    publicKey: opts.vapid.publicKey,
    notifyNewNotifications(notSeqs) {
      if (closed || notSeqs.length === 0) return Promise.resolve({ ...EMPTY });
      return track(run(() => targets(notSeqs), deliverNotification, { notSeqs: notSeqs.length }));
    },
    notifyChatMessage(msgSeq, recipients) {
      if (closed || recipients.length === 0) return Promise.resolve({ ...EMPTY });
      return track(run(() => chatTargets(msgSeq, recipients), deliverChat, { msgSeq }));
    },
    settled,
    async close(waitMs = 2000) {
      closed = true;
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([
        settled(),
        new Promise<void>((res) => {
          timer = setTimeout(res, waitMs);
          timer.unref?.();
        }),
      ]);
      clearTimeout(timer);
    },
  };
}
