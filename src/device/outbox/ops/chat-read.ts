// A read mark of a chat room (product.md#chat-calls GET /chat/read-message/{msgSeq}, readSource=M), kind 'chatRead': read on the
// device at once and the room's unread count falls (offline too); it waits behind the room's messages; of several
// marks only the newest is sent, with the undo of all; a refusal clears exactly what they marked (logged only).
import type { QuayDb } from '../../db.ts';
import { PENDING_MSG_SEQ } from '../../db.ts';
import { query, UnknownError } from '../../net/http.ts';
import { chatEntity } from '../chat.ts';
import { chatOpTables, unreadAfter, unreadToShow, waitingReadMark, type ReadMarkBody } from '../chat-ops.ts';
import { enqueue } from '../enqueue.ts';
import type { UndoChatRead } from '../types.ts';
import { ROOM_ID, signedOn } from './chat-common.ts';
import { KEEP, type OpModule } from './module.ts';
import { CHAT_READ_MESSAGE, chatPath } from '../../../core/contract/api.ts';

const readMarkPath = (msgSeq: number): string => chatPath(CHAT_READ_MESSAGE, { msgSeq });

/** The read on the device and its operation, in one transaction; the operation id, or null when nothing new was read. */
export async function markChatRead(db: QuayDb, roomId: string, msgSeq: number): Promise<string | null> {
  if (!ROOM_ID.test(roomId)) throw new UnknownError(`${roomId} is not a chat room.`);
  if (!Number.isInteger(msgSeq) || msgSeq <= 0 || msgSeq >= PENDING_MSG_SEQ)
    throw new UnknownError('A read mark needs a stored message.');
  return db.transaction('rw', [db.chatMessages, db.chatRooms, db.outbox, db.meta], async () => {
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
}

/** Two marks of one room as one: every readDate they set, and the unread count before the first. */
const together = (first: UndoChatRead, then: UndoChatRead): UndoChatRead => ({
  ...first,
  readDates: [...first.readDates, ...then.readDates],
});

export const chatReadOp: OpModule<'chatRead'> = {
  kind: 'chatRead',
  tables: (db) => chatOpTables(db),
  async applied(db, row, answer) {
    if (answer.unreadCount === undefined) return;
    const { roomId } = row.body as ReadMarkBody;
    if (await db.chatRooms.get(roomId))
      await db.chatRooms.update(roomId, { unreadCount: await unreadToShow(db, roomId, answer.unreadCount) });
  },
  async undo(db, row) {
    const u = row.undo;
    const usrId = (await db.getMeta('user'))?.usrId ?? '';
    const dates = new Set(u.readDates);
    const marked = db.chatMessages
      .where('roomId')
      .equals(u.roomId)
      .filter((m) => m.sender !== usrId && m.readDate !== null && dates.has(m.readDate));
    const reverted = await marked.count();
    await marked.modify({ readDate: null });
    const room = await db.chatRooms.get(u.roomId);
    if (room)
      await db.chatRooms.update(u.roomId, {
        unreadCount: Math.max(room.unreadCount + reverted, u.unreadBefore),
      });
  },
  refusal: (message) => ({ message, toast: false }),
  // Only the newest read mark of a room is sent: it marks everything the older ones did, and takes their undo.
  merge(kept, row) {
    const earlier = kept.find((r) => r.kind === 'chatRead');
    if (!earlier) return KEEP;
    return {
      type: 'supersede',
      earlier,
      merged: { ...row, undo: together(earlier.undo as UndoChatRead, row.undo) },
    };
  },
  handOver: (refused, later) => together(refused.undo, later.undo),
};
