// A chat room's unread count while a read mark of it waits in the outbox (architecture.md#the-outbox): the server's
// count is stale until the mark is sent, so the mark's effect (ops/chat-read.ts), applied again by every rebase,
// shows what the device knows to be unread after it.
import type { ChatRoomRow, QuayDb } from '../db.ts';
import { PENDING_MSG_SEQ } from '../db.ts';
import { chatEntity } from './chat.ts';

/** What a 'chatRead' operation carries in `body` (its GET sends it in the path's query). */
export interface ReadMarkBody {
  roomId: string;
  uptoSeq: number;
  readDate: string;
}

/** The tables the chat operations touch on the device: use them in the caller's transaction. */
export const chatOpTables = (db: QuayDb) => [db.chatMessages, db.chatRooms, db.outbox, db.meta];

const me = async (db: QuayDb): Promise<string> => (await db.getMeta('user'))?.usrId ?? '';

/** The newest read mark of a room still waiting to be sent (its uptoSeq), or null. */
export async function waitingReadMark(db: QuayDb, roomId: string): Promise<number | null> {
  const rows = await db.outbox.where('entity').equals(chatEntity(roomId)).toArray();
  let upto: number | null = null;
  for (const r of rows) {
    if (r.kind !== 'chatRead') continue;
    const seq = (r.body as ReadMarkBody).uptoSeq;
    if (upto === null || seq > upto) upto = seq;
  }
  return upto;
}

/** Messages of others after `afterSeq` that this device holds, stored by the server and not read by the user. */
async function unreadAfter(db: QuayDb, roomId: string, afterSeq: number, usrId: string): Promise<number> {
  return db.chatMessages
    .where('[roomId+msgSeq]')
    .between([roomId, afterSeq], [roomId, PENDING_MSG_SEQ], false, false)
    .filter((m) => m.sender !== usrId && m.readDate === null && m.status === 'sent')
    .count();
}

/**
 * What a room's unread count is once the user read it up to `upto`: what this device knows to be unread after the
 * mark, at least 1 when the room's last message is another's and newer, and never more than `count` (the server's,
 * which has not heard of the read). Call inside a transaction over chatOpTables.
 */
export async function unreadAfterMark(
  db: QuayDb,
  roomId: string,
  upto: number,
  count: number,
  lastMessage: ChatRoomRow['lastMessage'] | null,
): Promise<number> {
  const usrId = await me(db);
  const known = await unreadAfter(db, roomId, upto, usrId);
  const newer = lastMessage != null && lastMessage.msgSeq > upto && lastMessage.sender !== usrId ? 1 : 0;
  return Math.min(count, Math.max(known, newer));
}
