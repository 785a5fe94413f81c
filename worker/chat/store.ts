// What the server says of chat, written on the device under the operations still waiting
// (architecture.md#convergence-by-rebase): the room topic's messages and read receipts, a live RECEIPT, the unread
// topic's counts and the history pages. A read mark or a push alert still waiting is applied again on top.
import type { ChatMessage, ReadReceipt } from '../../src/core/contract/chat.ts';
import type { QuayDb } from '../../src/device/db.ts';
import {
  chatTables,
  putChatMessages,
  putReadReceipt,
  putSentConfirmation,
} from '../../src/device/outbox/chat.ts';
import { writeServerRows } from '../../src/device/outbox/rebase.ts';

/** Messages the server holds (putChatMessages says how each is kept). */
export async function storeChatMessages(
  db: QuayDb,
  messages: readonly ChatMessage[],
  opts: { dropOps?: boolean } = {},
): Promise<void> {
  if (messages.length === 0) return;
  await writeServerRows(db, chatTables(db), () => putChatMessages(db, messages, opts));
}

/** A member read the room up to a message (putReadReceipt). */
export function applyReadReceipt(db: QuayDb, receipt: ReadReceipt, me: string): Promise<void> {
  return writeServerRows(db, chatTables(db), () => putReadReceipt(db, receipt, me));
}

/** A live RECEIPT: the pending copy is stored as msgSeq (putSentConfirmation). */
export function confirmChatSent(
  db: QuayDb,
  roomId: string,
  clientMsgId: string,
  msgSeq: number,
): Promise<void> {
  return writeServerRows(db, chatTables(db), () => putSentConfirmation(db, roomId, clientMsgId, msgSeq));
}

/** The unread topic's count of a room, as the server has it. */
export function applyServerUnread(db: QuayDb, roomId: string, unreadCount: number): Promise<void> {
  return writeServerRows(db, chatTables(db), async () => {
    if (await db.chatRooms.get(roomId)) await db.chatRooms.update(roomId, { unreadCount });
  });
}
