// Chat messages on the device (architecture.md#the-outbox, architecture.md#live-path), shared by the outbox drain (the answer of
// POST /chat/message), the worker's STOMP client (RECEIPT, room topic) and its REST sync (history): a message the
// server stored replaces the pending copy with the same clientMsgId, so a message sent both ways is shown once.
// These write inside the caller's transaction; the worker's writers run them under the waiting operations
// (worker/chat/store.ts).
import type { ChatMessage, ReadReceipt } from '../../core/contract/chat.ts';
import type { ChatMessageRow, QuayDb } from '../db.ts';
import { CHAT_MESSAGE, chatPath } from '../../core/contract/api.ts';
import { entityOf } from '../../core/contract/ops.ts';

export const CHAT_MESSAGE_PATH = chatPath(CHAT_MESSAGE);
/** The outbox entity of a room's messages: they go in the order they were written, one after the other. */
export const chatEntity = (roomId: string): string => entityOf('chat', { roomId });

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** A ChatMessage as the server sends it (REST answers, room topic), checked enough to store. */
export function asChatMessage(v: unknown): ChatMessage | null {
  if (!isRecord(v)) return null;
  if (typeof v.msgSeq !== 'number' || typeof v.roomId !== 'string' || typeof v.msgText !== 'string')
    return null;
  if (typeof v.sender !== 'string' || typeof v.creDt !== 'string') return null;
  return v as unknown as ChatMessage;
}

/** The tables the chat writers here touch: use them (and db.outbox with dropOps) in the caller's transaction. */
export const chatTables = (db: QuayDb) => [db.chatMessages, db.chatRooms, db.outbox];

/**
 * Stores messages the server holds: each replaces a local pending copy with its clientMsgId, keeps the read
 * receipts already applied, and moves its room's last message on. With dropOps, the outbox operation that was to
 * send a now stored message goes too (it reached the server another way: STOMP or another tab).
 * Call inside a transaction over chatTables.
 */
export async function putChatMessages(
  db: QuayDb,
  messages: readonly ChatMessage[],
  opts: { dropOps?: boolean } = {},
): Promise<void> {
  if (messages.length === 0) return;
  const newest = new Map<string, ChatMessage>();
  for (const m of messages) {
    let opId: string | undefined;
    if (m.clientMsgId) {
      const copies = await db.chatMessages.where('clientMsgId').equals(m.clientMsgId).toArray();
      for (const c of copies) {
        if (c.roomId !== m.roomId) continue;
        opId ??= c.opId;
        if (c.msgSeq !== m.msgSeq) await db.chatMessages.delete([c.roomId, c.msgSeq]);
      }
      if (opts.dropOps && opId) await db.outbox.where('opId').equals(opId).delete();
    }
    const before = await db.chatMessages.get([m.roomId, m.msgSeq]);
    const readers = before?.readers;
    const row: ChatMessageRow = {
      ...m,
      status: 'sent',
      opId: opId ?? before?.opId,
      readers,
      readCount: Math.max(m.readCount, before?.readCount ?? 0, readers?.length ?? 0),
      alert: before?.alert,
      // A read the device heard of (its own on another device, by a receipt) stays read.
      readDate: m.readDate ?? before?.readDate ?? null,
    };
    await db.chatMessages.put(row);
    const last = newest.get(m.roomId);
    if (!last || last.msgSeq < m.msgSeq) newest.set(m.roomId, m);
  }
  for (const [roomId, m] of newest) {
    const room = await db.chatRooms.get(roomId);
    if (room && (room.lastMessage?.msgSeq ?? 0) < m.msgSeq) {
      await db.chatRooms.update(roomId, {
        lastMessage: {
          msgSeq: m.msgSeq,
          sender: m.sender,
          senderNm: m.senderNm,
          senderType: m.senderType,
          msgText: m.msgText,
          creDt: m.creDt,
        },
      });
    }
  }
}

/** A member read the room up to uptoSeq: the sender sees "Read"; my own read (another device) clears my unread. */
export async function putReadReceipt(db: QuayDb, receipt: ReadReceipt, me: string): Promise<void> {
  await db.chatMessages
    .where('[roomId+msgSeq]')
    .between([receipt.roomId, 0], [receipt.roomId, receipt.uptoSeq], true, true)
    .modify((m) => {
      if (m.sender === receipt.reader) return;
      if (receipt.reader === me) {
        m.readDate ??= receipt.readDate;
        return;
      }
      const readers = m.readers ?? [];
      if (!readers.includes(receipt.reader)) m.readers = [...readers, receipt.reader];
      m.readCount = Math.max(m.readCount, m.readers?.length ?? 0);
    });
}

/** The server refused a message for good: it stays on screen, marked not sent, with why (nothing typed is lost). */
export async function markChatFailed(
  db: QuayDb,
  message: { roomId: string; clientMsgId: string },
  error: string,
): Promise<void> {
  const copies = await db.chatMessages.where('clientMsgId').equals(message.clientMsgId).toArray();
  for (const c of copies) {
    if (c.roomId === message.roomId && c.status === 'pending')
      await db.chatMessages.update([c.roomId, c.msgSeq], { status: 'failed', error });
  }
}

/**
 * The RECEIPT of a STOMP SEND said the message is stored as msgSeq: the pending copy becomes sent with it, and its
 * outbox operation goes if it is still queued (a drain that sends it anyway gets duplicate:true, storing nothing).
 */
export async function putSentConfirmation(
  db: QuayDb,
  roomId: string,
  clientMsgId: string,
  msgSeq: number,
): Promise<void> {
  const copies = await db.chatMessages.where('clientMsgId').equals(clientMsgId).toArray();
  const pending = copies.find((c) => c.roomId === roomId && c.status !== 'sent');
  if (pending?.opId) await db.outbox.where('opId').equals(pending.opId).delete();
  if (!pending) return;
  await db.chatMessages.delete([roomId, pending.msgSeq]);
  // The room topic may have brought the stored copy first: it wins.
  if (!(await db.chatMessages.get([roomId, msgSeq])))
    await db.chatMessages.put({ ...pending, msgSeq, status: 'sent', error: undefined });
}
