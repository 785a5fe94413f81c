// The chat commands of DESIGN.md §3's write path: a message, a read mark, a berth prospect and a push alert. Each
// applies its change on the device and appends its outbox operation in ONE transaction; all share their room's
// entity `chat:{roomId}`, so they reach the server in the order the user made them, once.
import type { ChatMessageRow, QuayDb } from '../../src/core/db.ts';
import { PENDING_MSG_SEQ } from '../../src/core/db.ts';
import { cleanChatText, roomIdOf } from '../../src/core/contract/chat.ts';
import { berthProspectText, checkBerthForm, type BerthForm } from '../../src/core/chat-berth.ts';
import { ForbiddenError, query, UnknownError } from '../../src/core/net/http.ts';
import { clientIdOf, enqueue } from '../../src/core/outbox/enqueue.ts';
import { CHAT_MESSAGE_PATH, chatEntity } from '../../src/core/outbox/chat.ts';
import {
  berthProspectPath,
  PUSH_ALERT_PATH,
  readMarkPath,
  unreadAfter,
  waitingReadMark,
  type ReadMarkBody,
} from '../../src/core/outbox/chat-ops.ts';
import { isRestrictedType, isVesselUserType } from '../../src/core/role.ts';

const ROOM_ID = /^V-[A-Z0-9]{4}$/;
const VSL_CD = /^[A-Z0-9]{4}$/;
/** A message sent over STOMP whose RECEIPT has not come by then is sent by the outbox too (stored once). */
export const LIVE_RECEIPT_WAIT_MS = 10_000;

export interface ChatCommandDeps {
  db: QuayDb;
  /** Asks for a drain (and a Background Sync) after a command queued an operation. */
  after: (opId: string | null) => { opId: string | null };
  /** A drain only, no Background Sync (a message that went over STOMP: the outbox copy is a fallback). */
  drainLater: () => void;
  registerSync?: () => Promise<void>;
  /** The worker's STOMP connection (worker/chat/live.ts): sends a chat message at once when connected. */
  liveChat?: {
    /** Connected and the user chats: a send now goes over the socket. */
    canSend(): boolean;
    send(roomId: string, clientMsgId: string, text: string): boolean;
  };
}

/** The signed-on user, inside a command's transaction. */
async function signedOn(db: QuayDb) {
  const user = await db.getMeta('user');
  if (!user) throw new UnknownError('Nobody is signed on.');
  return user;
}

/** A message id of this device: its client id and the outbox counter the next operation gets. */
async function nextClientMsgId(db: QuayDb): Promise<{ clientMsgId: string; counter: number }> {
  const clientId = await clientIdOf(db);
  const counter = (await db.getMeta('opCounter')) ?? 1;
  return { clientMsgId: `${clientId}_${counter}`.replace(/[^A-Za-z0-9_-]/g, '').slice(-64), counter };
}

export function createChatCommands(deps: ChatCommandDeps) {
  const { db, after } = deps;

  /** A pending copy of an own message, shown until the stored one (same clientMsgId) replaces it. */
  const pendingRow = (
    row: Pick<ChatMessageRow, 'roomId' | 'clientMsgId' | 'msgTpCd' | 'msgText' | 'opId'>,
    counter: number,
    user: { usrId: string; usrNm: string; usrTpCd: string },
  ): ChatMessageRow => ({
    ...row,
    msgSeq: PENDING_MSG_SEQ + counter,
    sender: user.usrId,
    senderNm: user.usrNm,
    senderType: isVesselUserType(user.usrTpCd) ? 'V' : 'S',
    creDt: new Date().toISOString(),
    readDate: null,
    readSource: null,
    readCount: 0,
    status: 'pending',
  });

  /**
   * A chat message (SPEC §3, DESIGN.md §3): in ONE transaction it is shown as pending and queued in the outbox
   * (clientMsgId = this device's client id and the operation's counter). Connected and no message of the room still
   * queued before it: it also goes over STOMP at once; the server stores one message per clientMsgId, so the two
   * ways never double it.
   */
  async function sendChat(
    roomId: string,
    text: string,
  ): Promise<{ opId: string | null; clientMsgId: string }> {
    if (!ROOM_ID.test(roomId)) throw new UnknownError(`${roomId} is not a chat room.`);
    const clean = cleanChatText(text);
    if (!clean.ok) throw new UnknownError(`The message ${clean.reason}.`);
    const entity = chatEntity(roomId);
    const sent = await db.transaction('rw', [db.chatMessages, db.outbox, db.meta], async () => {
      const user = await signedOn(db);
      const { clientMsgId, counter } = await nextClientMsgId(db);
      // Only a message or berth prospect of the room still waiting must go first (the order of messages); a read
      // mark or a push alert waiting in the same entity does not hold a ship's message off the socket.
      const queuedBefore = await db.outbox
        .where('entity')
        .equals(entity)
        .filter((row) => row.kind === 'chat' || row.kind === 'berthProspect')
        .count();
      const op = await enqueue(db, {
        kind: 'chat',
        entity,
        method: 'POST',
        path: CHAT_MESSAGE_PATH,
        body: { roomId, clientMsgId, msgText: clean.text },
        undo: { roomId, clientMsgId },
      });
      const row = { roomId, clientMsgId, msgTpCd: 'TEXT' as const, msgText: clean.text, opId: op.opId };
      await db.chatMessages.add(pendingRow(row, counter, user));
      // Going over the socket: no drain (this worker's, nor the service worker's on a Background Sync the window
      // registers as the outbox fills) sends it too until the RECEIPT has had its time.
      const live = queuedBefore === 0 && (deps.liveChat?.canSend() ?? false);
      if (live)
        await db.outbox
          .where('opId')
          .equals(op.opId)
          .modify({ nextAttemptAt: Date.now() + LIVE_RECEIPT_WAIT_MS });
      return { opId: op.opId, clientMsgId, live };
    });
    const live = sent.live && (deps.liveChat?.send(roomId, sent.clientMsgId, clean.text) ?? false);
    if (!live) {
      if (sent.live) await db.outbox.where('opId').equals(sent.opId).modify({ nextAttemptAt: 0 });
      return { ...after(sent.opId), clientMsgId: sent.clientMsgId };
    }
    // The RECEIPT normally removes the operation first; if it is lost, the outbox sends it (stored once), and the
    // service worker too should the page close. Not at once: Chromium fires a Background Sync registered online at
    // once, and its service worker would post the message the socket is carrying (a paid request for nothing).
    setTimeout(() => {
      void (async () => {
        if ((await db.outbox.where('opId').equals(sent.opId).count()) === 0) return;
        void deps.registerSync?.().catch(() => undefined);
        deps.drainLater();
      })().catch(() => undefined);
    }, LIVE_RECEIPT_WAIT_MS);
    return { opId: sent.opId, clientMsgId: sent.clientMsgId };
  }

  /**
   * The user saw the room's messages up to msgSeq (SPEC §7 read-message, readSource=M): read on the device at once,
   * the room's unread count falls (offline too), and the read mark waits in the outbox behind the room's messages.
   * Nothing is queued when nothing new was read; of several marks waiting, only the newest is sent.
   */
  async function markChatRead(roomId: string, msgSeq: number): Promise<{ opId: string | null }> {
    if (!ROOM_ID.test(roomId)) throw new UnknownError(`${roomId} is not a chat room.`);
    if (!Number.isInteger(msgSeq) || msgSeq <= 0 || msgSeq >= PENDING_MSG_SEQ)
      throw new UnknownError('A read mark needs a stored message.');
    const opId = await db.transaction('rw', [db.chatMessages, db.chatRooms, db.outbox, db.meta], async () => {
      const me = (await signedOn(db)).usrId;
      const room = await db.chatRooms.get(roomId);
      const unread = db.chatMessages
        .where('[roomId+msgSeq]')
        .between([roomId, 0], [roomId, msgSeq], true, true)
        .filter((m) => m.sender !== me && m.readDate === null && m.status === 'sent');
      const marking = await unread.count();
      const waiting = await waitingReadMark(db, roomId);
      const covered = waiting !== null && waiting >= msgSeq;
      if (marking === 0 && (covered || (room?.unreadCount ?? 0) === 0)) return null;
      const readDate = new Date().toISOString();
      await unread.modify({ readDate });
      const unreadBefore = room?.unreadCount ?? 0;
      if (room)
        await db.chatRooms.update(roomId, {
          unreadCount: Math.min(unreadBefore, await unreadAfter(db, roomId, msgSeq, me)),
        });
      const msg = await db.chatMessages.get([roomId, msgSeq]);
      const params = {
        roomId,
        readDate,
        readSource: 'M',
        ...(msg ? { sender: msg.sender, senderType: msg.senderType } : {}),
      };
      const body: ReadMarkBody = { roomId, uptoSeq: msgSeq, readDate };
      const op = await enqueue(db, {
        kind: 'chatRead',
        entity: chatEntity(roomId),
        method: 'GET',
        path: `${readMarkPath(msgSeq)}${query(params)}`,
        body,
        undo: { roomId, readDates: [readDate], unreadBefore },
      });
      return op.opId;
    });
    return after(opId);
  }

  /**
   * A berth prospect (SPEC §7 POST /chat/berth-prsp/message/{vslCd}) from a shore user (not types 4, 5, 6): checked
   * as the form checks it, shown in the vessel's room at once as a pending message with the text the server will
   * store, and sent through the outbox (its Idempotency-Key and clientMsgId make it stored once).
   */
  async function postBerthProspect(
    vslCd: string,
    form: BerthForm,
  ): Promise<{ opId: string | null; clientMsgId: string }> {
    if (!VSL_CD.test(vslCd)) throw new UnknownError(`${vslCd} is not a vessel code.`);
    const checked = checkBerthForm(form);
    if (!checked.ok) throw new UnknownError(Object.values(checked.errors).join(' '));
    const roomId = roomIdOf(vslCd);
    const sent = await db.transaction('rw', [db.chatMessages, db.outbox, db.meta], async () => {
      const user = await signedOn(db);
      if (isVesselUserType(user.usrTpCd) || isRestrictedType(user.usrTpCd))
        throw new ForbiddenError('Only shore users can post a berth prospect.');
      const { clientMsgId, counter } = await nextClientMsgId(db);
      const op = await enqueue(db, {
        kind: 'berthProspect',
        entity: chatEntity(roomId),
        method: 'POST',
        path: berthProspectPath(vslCd),
        body: { ...checked.body, clientMsgId },
        undo: { roomId, clientMsgId },
      });
      const { portCd, ydNm, remark } = checked.body;
      const msgText = berthProspectText({ portCd, ydNm, etb: checked.etb, etd: checked.etd, remark });
      const row = { roomId, clientMsgId, msgTpCd: 'BERTH_PRSP' as const, msgText, opId: op.opId };
      await db.chatMessages.add(pendingRow(row, counter, user));
      return { opId: op.opId, clientMsgId };
    });
    return { ...after(sent.opId), clientMsgId: sent.clientMsgId };
  }

  /**
   * The sender asks for a push alert to the room's other members about its own stored message that nobody has read
   * yet (POST /chat/message/push-alert): marked at once, sent through the outbox after the room's earlier operations.
   */
  async function askPushAlert(roomId: string, msgSeq: number): Promise<{ opId: string | null }> {
    const opId = await db.transaction('rw', [db.chatMessages, db.outbox, db.meta], async () => {
      const me = (await signedOn(db)).usrId;
      const msg = await db.chatMessages.get([roomId, msgSeq]);
      if (!msg || msg.status !== 'sent' || msgSeq >= PENDING_MSG_SEQ)
        throw new UnknownError('The message is not stored yet: an alert can be asked for once it is sent.');
      if (msg.sender !== me) throw new ForbiddenError('Only the sender of a message can ask for its alert.');
      if (msg.readCount > 0) throw new UnknownError('The message was read already: no alert is needed.');
      if (msg.alert) return null;
      await db.chatMessages.update([roomId, msgSeq], { alert: 'pending' });
      const op = await enqueue(db, {
        kind: 'pushAlert',
        entity: chatEntity(roomId),
        method: 'POST',
        path: PUSH_ALERT_PATH,
        body: { roomId, msgSeq },
        undo: { roomId, msgSeq },
      });
      return op.opId;
    });
    return after(opId);
  }

  return { sendChat, markChatRead, postBerthProspect, askPushAlert };
}
