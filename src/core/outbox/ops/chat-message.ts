// A ship-shore chat message (SPEC §3, DESIGN.md §3), kind 'chat': shown as pending and queued in one transaction;
// the stored message replaces the pending copy; a refusal leaves it on screen marked not sent, with a toast.
import type { QuayDb } from '../../db.ts';
import { cleanChatText } from '../../contract/chat.ts';
import { UnknownError } from '../../net/http.ts';
import {
  asChatMessage,
  CHAT_MESSAGE_PATH,
  chatEntity,
  chatTables,
  markChatFailed,
  storeChatMessages,
} from '../chat.ts';
import { enqueue } from '../enqueue.ts';
import { nextClientMsgId, pendingRow, ROOM_ID, signedOn } from './chat-common.ts';
import type { OpModule } from './module.ts';

export interface QueuedMessage {
  opId: string;
  clientMsgId: string;
  /** The text as it is stored (trimmed). */
  text: string;
  /** Operations of the room queued before it: while there are, it may not overtake them over the live socket. */
  queuedBefore: number;
}

/** The pending copy and its operation (clientMsgId = this device's client id and the counter), in one transaction. */
export async function queueChatMessage(db: QuayDb, roomId: string, text: string): Promise<QueuedMessage> {
  if (!ROOM_ID.test(roomId)) throw new UnknownError(`${roomId} is not a chat room.`);
  const clean = cleanChatText(text);
  if (!clean.ok) throw new UnknownError(`The message ${clean.reason}.`);
  const entity = chatEntity(roomId);
  return db.transaction('rw', [db.chatMessages, db.outbox, db.meta], async () => {
    const user = await signedOn(db);
    const { clientMsgId, counter } = await nextClientMsgId(db);
    const queuedBefore = await db.outbox.where('entity').equals(entity).count();
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
    return { opId: op.opId, clientMsgId, text: clean.text, queuedBefore };
  });
}

export const chatMessageOp: OpModule<'chat'> = {
  kind: 'chat',
  tables: (db) => chatTables(db),
  // The stored message (with its msgSeq) replaces the pending copy.
  async applied(db, _row, answer) {
    const stored = asChatMessage(answer.stored);
    if (stored) await storeChatMessages(db, [stored]);
  },
  // A message is not taken back: it stays on screen, marked not sent.
  undo: (db, row, why) => markChatFailed(db, row.undo, why),
  refusal: (message) => ({ message: `Message not sent: ${message}`, toast: true }),
};
