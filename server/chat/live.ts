// Chat on the live connection (product.md#chat-calls chat stream, architecture.md#live-path): a part of the live
// domain (server/live/live.ts) that owns the room topics, each user's /topic/vessel-unread and SEND to
// /app/chat/{roomId}, stored through the same storeMessage as the REST send (chat users only:
// product.md#what-happens-when). And the live side of every stored message or read (from REST, STOMP, the dev API or
// the simulator, through the domain's events): the room topic, each member's own unread count, and Web Push to
// members with no open connection.
import { isUtf8 } from 'node:buffer';
import type { Db } from '../db/db.ts';
import type { AuthUser } from '../auth/user.ts';
import type { LiveBus, LiveEvent } from '../bus/bus.ts';
import type { PushService } from '../push/service.ts';
import { CHAT_DISABLED, isChatUser, memberRoom, senderTypeOf, type ChatCaller } from './access.ts';
import {
  lastReadDate,
  lastSeq,
  messageBySeq,
  messagesSince,
  messageText,
  roomMemberIds,
  roomUnreadCounts,
  storeMessage,
} from './messages.ts';
import {
  CHAT_EVENT_HEADER,
  RECEIPT_DUPLICATE_HEADER,
  RECEIPT_MSG_SEQ_HEADER,
  ROOM_TOPIC_PREFIX,
  SEND_PREFIX,
  UNREAD_TOPIC,
  roomOfSendDestination,
  roomOfTopic,
  roomTopic,
  type ChatMessage,
  type ReadReceipt,
} from '../../src/core/contract/chat.ts';
import { StompProtocolError, type StompLog } from '../stomp/broker.ts';
import { header, type Frame } from '../stomp/frame.ts';
import type { Live } from '../live/live.ts';
import { holdsLoneSurrogate, LONE, NOT_UTF8, notUnicode } from '../http/unicode.ts';

export interface ChatLiveDeps {
  db: Db;
  /** Chat-enabled lanes: '*' or a comma list. */
  chatLanes: string;
  push: Pick<PushService, 'notifyChatMessage'>;
  log: StompLog;
  /** The live connection chat registers its destinations with, and whose sockets it publishes to. */
  live: Pick<Live, 'broker' | 'register'>;
  /** How live events reach every instance's sockets (this one's at once). */
  bus: LiveBus;
}

export interface ChatLive {
  /**
   * After the transaction that stored them has committed: each message goes to its room topic, every member
   * subscribed to /topic/vessel-unread gets its new count for the room, and members with no open connection
   * (other than the sender) are Web Pushed. Give the message itself when it is in hand (as a member other than the
   * sender sees it: what storeMessage answers for a new message), else its msgSeq. Runs in the background, in
   * call order; never rejects.
   */
  messagesStored(stored: readonly (number | ChatMessage)[]): Promise<void>;
  /** After commit: a member read the room up to uptoSeq (null: all): a read receipt and the reader's new count. */
  messagesRead(
    roomId: string,
    reader: Pick<ChatCaller, 'usrId' | 'usrTpCd'>,
    uptoSeq: number | null,
  ): Promise<void>;
  /** Resolves when everything queued so far has gone out. */
  settled(): Promise<void>;
  /** Finishes what is queued (for at most two seconds) and stops. */
  close(): Promise<void>;
}

const json = (v: unknown): string => JSON.stringify(v);
/** Message ids remembered as delivered (a resend after a lost link is dropped). */
const DELIVERED_KEPT = 20_000;
/** At most this many missed messages are sent again after a lost link; clients fetch the rest on reconnect. */
const RESYNC_MAX_MESSAGES = 2000;
/** Messages numbered this much before the newest heard may still have been committed after it. */
const RESYNC_SEQ_MARGIN = 20;
/** Catch-up requests from several instances within this time make one pass. */
const RESYNC_GATHER_MS = 250;
const CLIENT_MSG_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The JSON body of a SEND to /app/chat/{roomId}: { clientMsgId, text } (msgText is taken for text too). */
function sendBody(frame: Frame): { clientMsgId: string; text: string } {
  const receipt = header(frame, 'receipt');
  const bad = (why: string) => new StompProtocolError(400, why, receipt);
  // Text that is not valid Unicode is refused, never stored changed (architecture.md#the-reference-server).
  if (!isUtf8(frame.body)) throw bad(notUnicode('body', NOT_UTF8));
  let body: unknown;
  try {
    body = JSON.parse(frame.body.toString('utf8'));
  } catch {
    throw bad('body must be JSON: {"clientMsgId": "...", "text": "..."}');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw bad('body must be a JSON object');
  const { clientMsgId, text, msgText } = body as Record<string, unknown>;
  if (typeof clientMsgId !== 'string' || !CLIENT_MSG_ID.test(clientMsgId))
    throw bad('body.clientMsgId is required: 1 to 64 characters of A-Z a-z 0-9 _ -');
  const raw = text ?? msgText;
  if (typeof raw !== 'string') throw bad('body.text is required');
  if (holdsLoneSurrogate(raw)) throw bad(notUnicode('body.text', LONE));
  try {
    return { clientMsgId, text: messageText(raw, 'body.text') };
  } catch (err) {
    throw bad(err instanceof Error ? err.message : String(err));
  }
}

export function createChatLive(deps: ChatLiveDeps): ChatLive {
  const { db, log } = deps;
  let chain: Promise<void> = Promise.resolve();
  let closed = false;

  const assertChat = async (user: AuthUser): Promise<void> => {
    if (!(await isChatUser(db, deps.chatLanes, user))) throw new StompProtocolError(403, CHAT_DISABLED);
  };

  const { broker } = deps.live;
  deps.live.register({
    names: [UNREAD_TOPIC, `${ROOM_TOPIC_PREFIX}{roomId}`, `${SEND_PREFIX}{roomId}`],
    owns: (destination) => destination === UNREAD_TOPIC || roomOfTopic(destination) !== null,
    async subscribe(user, destination) {
      if (destination === UNREAD_TOPIC) return;
      await assertChat(user);
      await memberRoom(db, user, roomOfTopic(destination) ?? '');
    },
    ownsSend: (destination) => roomOfSendDestination(destination) !== null,
    async send(user, destination, frame) {
      await assertChat(user);
      const roomId = roomOfSendDestination(destination) ?? '';
      const { clientMsgId, text } = sendBody(frame);
      const { message, duplicate } = await db.tx(async (sql) => {
        const stored = await storeMessage(sql, user, { roomId, clientMsgId, msgText: text });
        if (!stored.duplicate) {
          // The audit log of applied mutations (GET /api/dev/audit) has the STOMP sends too.
          await sql.query(
            `INSERT INTO mutations (usr_id, idem_key, method, path, status_code) VALUES ($1, NULL, 'SEND', $2, 200)`,
            [user.usrId, destination],
          );
        }
        return stored;
      });
      // Stored and committed (the room heard of it through the domain's events): the RECEIPT goes now.
      return [
        [RECEIPT_MSG_SEQ_HEADER, String(message.msgSeq)],
        [RECEIPT_DUPLICATE_HEADER, String(duplicate)],
      ];
    },
  });

  /** One step after the other, so that a room hears of its messages in the order they were stored. */
  const enqueue = (what: string, step: () => Promise<void>): Promise<void> => {
    const run = chain.then(async () => {
      if (closed) return;
      try {
        await step();
      } catch (err) {
        log.warn({ err: err instanceof Error ? err.message : String(err) }, `chat live: ${what} failed`);
      }
    });
    chain = run;
    return run;
  };

  /** Each listening member's own count for the room, to that member's connections only. */
  const sendUnread = async (roomId: string, members: readonly string[]): Promise<void> => {
    const listening = broker.subscribers(UNREAD_TOPIC);
    const who = members.filter((u) => listening.has(u));
    for (const item of await roomUnreadCounts(db, roomId, who))
      broker.publishToUser(item.subscriber, UNREAD_TOPIC, json(item));
  };

  /** Messages that went to their room here, by msgSeq: one sent again (after a lost link) goes once. */
  const delivered = new Set<number>();
  /** The newest message heard here: after a lost link, what came after it is looked up in the database. */
  let newestSeq = 0;

  /**
   * A new message to its room topic. Subscriptions were allowed to members only (SUBSCRIBE), and nothing takes a
   * member out of a room, so no lookup stands between a send and its delivery.
   */
  const toRoom = (msg: ChatMessage): void => {
    if (delivered.has(msg.msgSeq)) return;
    delivered.add(msg.msgSeq);
    if (delivered.size > DELIVERED_KEPT) delivered.delete(delivered.values().next().value as number);
    newestSeq = Math.max(newestSeq, msg.msgSeq);
    broker.publish(roomTopic(msg.roomId), json(msg), { headers: [[CHAT_EVENT_HEADER, 'message']] });
  };

  /**
   * After a lost link to the other instances: what this instance's sockets may have missed since fromSeq, from the
   * database (where every message is stored before it is announced). Messages of the rooms listened to here (each
   * once) and the members' unread counts of those rooms. Sockets of sessions that ended meanwhile are the live
   * connection's (server/live/live.ts), each listening user's sync hint the sync's (server/sync/hints.ts).
   */
  const resync = async (fromSeq: number): Promise<void> => {
    const rooms: string[] = [];
    for (const dest of broker.destinations()) {
      const roomId = roomOfTopic(dest);
      if (roomId) rooms.push(roomId);
    }
    const missed = await messagesSince(db, rooms, fromSeq, RESYNC_MAX_MESSAGES);
    const touched = new Set<string>();
    for (const msg of missed) {
      if (delivered.has(msg.msgSeq)) continue;
      toRoom(msg);
      touched.add(msg.roomId);
    }
    for (const roomId of touched) await sendUnread(roomId, await roomMemberIds(db, roomId));
    log.info(
      { fromSeq, rooms: rooms.length, redelivered: missed.length },
      'chat live: caught up after a lost link',
    );
  };

  let resyncFrom: number | null = null;
  /** Several instances ask at about the same time after RabbitMQ comes back: one pass from the oldest. */
  const askResync = (fromSeq: number): void => {
    const first = resyncFrom === null;
    resyncFrom = Math.min(resyncFrom ?? fromSeq, fromSeq);
    if (!first) return;
    setTimeout(() => {
      const from = resyncFrom ?? fromSeq;
      resyncFrom = null;
      void enqueue('catch-up', () => resync(from));
    }, RESYNC_GATHER_MS).unref();
  };

  /** Every instance's events, this one's included, to the sockets of this instance. */
  const onEvent = (event: LiveEvent): void => {
    switch (event.t) {
      case 'message':
        toRoom(event.msg);
        return;
      case 'unread':
        void enqueue('unread counts', () => sendUnread(event.roomId, event.members));
        return;
      case 'read': {
        const inRoom = new Set(event.members);
        broker.publish(roomTopic(event.receipt.roomId), json(event.receipt), {
          headers: [[CHAT_EVENT_HEADER, 'read']],
          to: (u) => inRoom.has(u.usrId),
        });
        const reader = event.receipt.reader;
        if (inRoom.has(reader))
          void enqueue('unread count', () => sendUnread(event.receipt.roomId, [reader]));
        return;
      }
      case 'resync':
        askResync(event.fromSeq);
        return;
      case 'signout':
        return; // the live connection's (server/live/live.ts)
      case 'commit':
        return; // the sync's (server/sync/hints.ts)
    }
  };
  deps.bus.onEvent(onEvent);
  // The newest message when this instance started: a link lost before it heard any counts from there.
  const startSeq = db
    .query<{ n: number | null }>('SELECT max(msg_seq) AS n FROM chat_messages')
    .then((rows) => Number(rows[0]?.n ?? 0))
    .catch(() => null);
  /**
   * Where the catch-up starts: a little before the newest message heard (one numbered earlier may commit later), and
   * not before this instance started (its clients fetched what was older when they connected).
   */
  const markNow = async (): Promise<number> =>
    Math.max(0, newestSeq - RESYNC_SEQ_MARGIN, (await startSeq) ?? 0);
  let lostAt: Promise<number> | null = null;
  deps.bus.onLink((up) => {
    if (!up) {
      lostAt ??= markNow();
      return;
    }
    // Back: every instance (this one at once) catches up from the mark taken when the link went.
    const mark = lostAt ?? markNow();
    lostAt = null;
    void mark.then((fromSeq) => deps.bus.publish({ t: 'resync', fromSeq }));
  });

  const live: ChatLive = {
    messagesStored(stored) {
      // A message in hand (a REST or STOMP send) goes to its room at once; one known by msgSeq is loaded first.
      for (const msg of stored) if (typeof msg !== 'number') deps.bus.publish({ t: 'message', msg });
      return enqueue('broadcast', async () => {
        for (const item of stored) {
          const msg = typeof item === 'number' ? await messageBySeq(db, '', item) : item;
          if (!msg) continue;
          if (typeof item === 'number') deps.bus.publish({ t: 'message', msg });
          const members = await roomMemberIds(db, msg.roomId);
          // Each instance sends the counts of the members listening there.
          deps.bus.publish({ t: 'unread', roomId: msg.roomId, members });
          const connected = broker.connectedUsers();
          const away = members.filter((u) => u !== msg.sender && !connected.has(u));
          if (away.length > 0) void deps.push.notifyChatMessage(msg.msgSeq, away);
        }
      });
    },
    messagesRead(roomId, reader, uptoSeq) {
      return enqueue('read receipt', async () => {
        const members = await roomMemberIds(db, roomId);
        const upto = uptoSeq ?? (await lastSeq(db, roomId));
        const receipt: ReadReceipt = {
          roomId,
          reader: reader.usrId,
          readerType: senderTypeOf(reader.usrTpCd),
          uptoSeq: upto,
          readDate: (await lastReadDate(db, reader.usrId, roomId, upto)) ?? new Date().toISOString(),
        };
        deps.bus.publish({ t: 'read', receipt, members });
      });
    },
    async settled() {
      for (let last: Promise<void> | null = null; last !== chain;) {
        last = chain;
        await last;
      }
    },
    async close() {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        live.settled(),
        new Promise<void>((res) => {
          timer = setTimeout(res, 2000);
          timer.unref();
        }),
      ]);
      clearTimeout(timer);
      closed = true;
    },
  };
  return live;
}
