// Chat on the broker (SPEC §7 chat stream, DESIGN §3 "Live path"): every signed-on user connects (the sync hint,
// docs/sync.md); chat users only subscribe to rooms and SEND (SPEC §4). Who may subscribe where, SEND to
// /app/chat/{roomId} stored through the same storeMessage as the REST send, and the live side of every stored
// message or read (from REST, STOMP, the dev API or the simulator): the room topic, each member's own unread
// count on /topic/vessel-unread, and Web Push to members with no open connection.
import type { Db } from '../db/db.ts';
import type { AuthUser } from '../context.ts';
import type { PushService } from '../push/service.ts';
import { sessionUser } from '../auth/sessions.ts';
import { CHAT_DISABLED, isChatUser, memberRoom, senderTypeOf, type ChatCaller } from '../chat/access.ts';
import {
  lastReadDate,
  lastSeq,
  messageBySeq,
  messageText,
  roomMemberIds,
  roomUnreadCounts,
  storeMessage,
} from '../chat/messages.ts';
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
import { SYNC_HINT_TOPIC } from '../../src/core/contract/sync.ts';
import { StompBroker, StompProtocolError, type StompLog, type StompSettings } from './broker.ts';
import { header, type Frame } from './frame.ts';

export interface ChatLiveDeps {
  db: Db;
  /** Chat-enabled lanes: '*' or a comma list. */
  chatLanes: string;
  push: Pick<PushService, 'notifyChatMessage'>;
  log: StompLog;
  /** The HTTP guard's check of an X-AUTH-TOKEN: the user, or an HttpError 401. */
  authenticate(token: string): Promise<AuthUser>;
  settings?: Partial<StompSettings>;
}

export interface ChatLive {
  readonly broker: StompBroker<AuthUser>;
  /**
   * After the transaction that stored them has committed: each message goes to its room topic, every member
   * subscribed to /topic/vessel-unread gets its new count for the room, and members with no open connection
   * (other than the sender) are Web Pushed. Give the message itself when it is in hand (as a member other than the
   * sender sees it: what storeMessage answers for a new message), else its msgSeq. Runs in the background, in
   * call order; never rejects.
   */
  messagesStored(stored: readonly (number | ChatMessage)[]): Promise<void>;
  /** After commit: a member read the room up to uptoSeq (null: all): a read receipt and the reader's new count. */
  messagesRead(roomId: string, reader: ChatCaller, uptoSeq: number | null): Promise<void>;
  /** Resolves when everything queued so far has gone out. */
  settled(): Promise<void>;
  /** Closes every connection and stops. */
  close(): Promise<void>;
}

const json = (v: unknown): string => JSON.stringify(v);
const CLIENT_MSG_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The JSON body of a SEND to /app/chat/{roomId}: { clientMsgId, text } (msgText is taken for text too). */
function sendBody(frame: Frame): { clientMsgId: string; text: string } {
  const receipt = header(frame, 'receipt');
  const bad = (why: string) => new StompProtocolError(400, why, receipt);
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

  const broker: StompBroker<AuthUser> = new StompBroker<AuthUser>({
    log,
    ...(deps.settings ? { settings: deps.settings } : {}),
    hooks: {
      async authenticate(token) {
        if (!token)
          throw new StompProtocolError(
            401,
            'Authentication failed: the X-AUTH-TOKEN (or passcode) header is missing',
          );
        // Every signed-on user holds the live connection (the sync hint); chat rights are checked per room and SEND.
        return deps.authenticate(token);
      },
      async revalidate(user) {
        const row = await sessionUser(db, user.sid);
        if (!row || row.usr_id !== user.usrId)
          throw new StompProtocolError(401, 'Authentication failed: the session has ended');
      },
      async subscribe(user, destination) {
        if (destination === UNREAD_TOPIC || destination === SYNC_HINT_TOPIC) return;
        const roomId = roomOfTopic(destination);
        if (roomId) {
          await assertChat(user);
          await memberRoom(db, user, roomId);
          return;
        }
        throw new StompProtocolError(
          404,
          `no such destination ${destination.slice(0, 100)}: subscribe to ${SYNC_HINT_TOPIC}, ${UNREAD_TOPIC} or ${ROOM_TOPIC_PREFIX}{roomId}`,
        );
      },
      async send(user, destination, frame) {
        await assertChat(user);
        const roomId = roomOfSendDestination(destination);
        if (!roomId) {
          throw new StompProtocolError(
            destination.startsWith('/topic/') ? 403 : 404,
            `SEND goes to ${SEND_PREFIX}{roomId} only, not ${destination.slice(0, 100)}`,
            header(frame, 'receipt'),
          );
        }
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
        // Stored and committed: the RECEIPT goes now; the room hears of it right after (not again for a resend).
        if (!duplicate) void live.messagesStored([message]);
        return [
          [RECEIPT_MSG_SEQ_HEADER, String(message.msgSeq)],
          [RECEIPT_DUPLICATE_HEADER, String(duplicate)],
        ];
      },
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

  /**
   * A new message to its room topic. Subscriptions were allowed to members only (SUBSCRIBE), and nothing takes a
   * member out of a room, so no lookup stands between a send and its delivery.
   */
  const toRoom = (msg: ChatMessage): void => {
    broker.publish(roomTopic(msg.roomId), json(msg), { headers: [[CHAT_EVENT_HEADER, 'message']] });
  };

  const live: ChatLive = {
    broker,
    messagesStored(stored) {
      // A message in hand (a REST or STOMP send) goes to its room at once; one known by msgSeq is loaded first.
      const ready = stored.filter((m): m is ChatMessage => typeof m !== 'number');
      for (const msg of ready) toRoom(msg);
      return enqueue('broadcast', async () => {
        for (const item of stored) {
          const msg = typeof item === 'number' ? await messageBySeq(db, '', item) : item;
          if (!msg) continue;
          if (typeof item === 'number') toRoom(msg);
          const members = await roomMemberIds(db, msg.roomId);
          await sendUnread(msg.roomId, members);
          const connected = broker.connectedUsers();
          const away = members.filter((u) => u !== msg.sender && !connected.has(u));
          if (away.length > 0) void deps.push.notifyChatMessage(msg.msgSeq, away);
        }
      });
    },
    messagesRead(roomId, reader, uptoSeq) {
      return enqueue('read receipt', async () => {
        const members = await roomMemberIds(db, roomId);
        const inRoom = new Set(members);
        const upto = uptoSeq ?? (await lastSeq(db, roomId));
        const receipt: ReadReceipt = {
          roomId,
          reader: reader.usrId,
          readerType: senderTypeOf(reader.usrTpCd),
          uptoSeq: upto,
          readDate: (await lastReadDate(db, reader.usrId, roomId, upto)) ?? new Date().toISOString(),
        };
        broker.publish(roomTopic(roomId), json(receipt), {
          headers: [[CHAT_EVENT_HEADER, 'read']],
          to: (u) => inRoom.has(u.usrId),
        });
        if (inRoom.has(reader.usrId)) await sendUnread(roomId, [reader.usrId]);
      });
    },
    async settled() {
      for (let last: Promise<void> | null = null; last !== chain;) {
        last = chain;
        await last;
      }
    },
    async close() {
      await broker.close();
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
