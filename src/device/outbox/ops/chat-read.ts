// A read mark of a chat room (product.md#chat-calls GET /chat/read-message/{msgSeq}, readSource=M), kind 'chatRead':
// read on the device at once and the room's unread count falls (offline too); it waits behind the room's messages;
// of several marks only the newest is sent; refused, the rebase shows the server's unread again (logged only).
import type { QuayDb } from '../../db.ts';
import { PENDING_MSG_SEQ } from '../../db.ts';
import { query, UnknownError } from '../../net/http.ts';
import { touch } from '../base.ts';
import { chatEntity } from '../chat.ts';
import { chatOpTables, unreadAfterMark, waitingReadMark, type ReadMarkBody } from '../chat-ops.ts';
import { enqueue } from '../enqueue.ts';
import type { OutboxRow } from '../types.ts';
import { ROOM_ID, signedOn } from './chat-common.ts';
import { KEEP, type OpModule } from './module.ts';
import { CHAT_READ_MESSAGE, chatPath } from '../../../core/contract/api.ts';

const readMarkPath = (msgSeq: number): string => chatPath(CHAT_READ_MESSAGE, { msgSeq });

/** Others' stored messages of a room up to `upto` that the user has not read on this device. */
const unreadUpTo = (db: QuayDb, roomId: string, upto: number, me: string) =>
  db.chatMessages
    .where('[roomId+msgSeq]')
    .between([roomId, 0], [roomId, upto], true, true)
    .filter((m) => m.sender !== me && m.readDate === null && m.status === 'sent');

/** The operation and its effect, in one transaction; the operation id, or null when nothing new was read. */
export async function markChatRead(db: QuayDb, roomId: string, msgSeq: number): Promise<string | null> {
  if (!ROOM_ID.test(roomId)) throw new UnknownError(`${roomId} is not a chat room.`);
  if (!Number.isInteger(msgSeq) || msgSeq <= 0 || msgSeq >= PENDING_MSG_SEQ)
    throw new UnknownError('A read mark needs a stored message.');
  return db.transaction('rw', [...chatOpTables(db), db.base], async () => {
    const me = (await signedOn(db)).usrId;
    const room = await db.chatRooms.get(roomId);
    const marking = await unreadUpTo(db, roomId, msgSeq, me).count();
    const waiting = await waitingReadMark(db, roomId);
    const covered = waiting !== null && waiting >= msgSeq;
    if (marking === 0 && (covered || (room?.unreadCount ?? 0) === 0)) return null;
    const readDate = new Date().toISOString();
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
    });
    await applyChatRead(db, op);
    return op.opId;
  });
}

/** Others' messages up to the mark read on the device, and the room's unread count what is left after it. */
async function applyChatRead(db: QuayDb, row: Pick<OutboxRow, 'body'>): Promise<void> {
  const { roomId, uptoSeq, readDate } = row.body as ReadMarkBody;
  if (typeof roomId !== 'string' || typeof uptoSeq !== 'number') return;
  const me = (await db.getMeta('user'))?.usrId ?? '';
  for (const key of await unreadUpTo(db, roomId, uptoSeq, me).primaryKeys()) {
    await touch(db, db.chatMessages, key);
    await db.chatMessages.update(key, { readDate });
  }
  const room = await db.chatRooms.get(roomId);
  if (!room) return;
  const unreadCount = await unreadAfterMark(db, roomId, uptoSeq, room.unreadCount, room.lastMessage ?? null);
  if (unreadCount === room.unreadCount) return;
  await touch(db, db.chatRooms, roomId);
  await db.chatRooms.update(roomId, { unreadCount });
}

export const chatReadOp: OpModule<'chatRead'> = {
  kind: 'chatRead',
  tables: (db) => chatOpTables(db),
  apply: applyChatRead,
  // The server's count, which has heard of this read (the marks still waiting are applied on top of it).
  async applied(db, row, answer) {
    if (answer.unreadCount === undefined) return;
    const { roomId } = row.body as ReadMarkBody;
    if (await db.chatRooms.get(roomId))
      await db.chatRooms.update(roomId, { unreadCount: answer.unreadCount });
  },
  // Only the newest read mark of a room is sent: it marks everything the older ones did.
  merge(kept, row) {
    const earlier = kept.find((r) => r.kind === 'chatRead');
    return earlier ? { type: 'supersede', earlier, merged: row as OutboxRow } : KEEP;
  },
};
