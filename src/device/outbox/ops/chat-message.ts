// A ship-shore chat message (product.md#what-the-app-holds, architecture.md#how-data-moves), kind 'chat': shown as pending and queued in one transaction;
// the stored message replaces the pending copy; a refusal leaves it on screen marked not sent, with a toast.
import type { QuayDb } from '../../db.ts';
import { cleanChatText } from '../../../core/contract/chat.ts';
import { UnknownError } from '../../net/http.ts';
import { CHAT_MESSAGE_PATH, chatEntity } from '../chat.ts';
import { enqueue } from '../enqueue.ts';
import { nextClientMsgId, ownMessageOp, pendingRow, ROOM_ID, signedOn } from './chat-common.ts';
import type { OpModule } from './module.ts';

export interface QueuedMessage {
  opId: string;
  clientMsgId: string;
  /** The text as it is stored (trimmed). */
  text: string;
  /** It goes over the live socket now: its queued copy is held from every drain until the RECEIPT has had its time. */
  live: boolean;
}

/** How a message may go over the live socket: whether it can now, and how long its queued copy then waits. */
export interface LiveSend {
  canSend(): boolean;
  holdMs: number;
}

/**
 * The pending copy and its operation (clientMsgId = this device's client id and the counter), in one transaction.
 * With `live` and no message or berth prospect of the room still waiting (they go first: the order of messages; a
 * read mark or a push alert does not hold a ship's message off the socket), it is marked to go over the socket: no
 * drain (this worker's, nor the service worker's on a Background Sync) sends its queued copy before `holdMs`.
 */
export async function queueChatMessage(
  db: QuayDb,
  roomId: string,
  text: string,
  live?: LiveSend,
): Promise<QueuedMessage> {
  if (!ROOM_ID.test(roomId)) throw new UnknownError(`${roomId} is not a chat room.`);
  const clean = cleanChatText(text);
  if (!clean.ok) throw new UnknownError(`The message ${clean.reason}.`);
  const entity = chatEntity(roomId);
  return db.transaction('rw', [db.chatMessages, db.outbox, db.meta], async () => {
    const user = await signedOn(db);
    const { clientMsgId, counter } = await nextClientMsgId(db);
    const messagesBefore = await db.outbox
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
    });
    const row = { roomId, clientMsgId, msgTpCd: 'TEXT' as const, msgText: clean.text, opId: op.opId };
    await db.chatMessages.add(pendingRow(row, counter, user));
    const goesLive = live !== undefined && messagesBefore === 0 && live.canSend();
    if (goesLive)
      await db.outbox
        .where('opId')
        .equals(op.opId)
        .modify({ nextAttemptAt: Date.now() + live.holdMs });
    return { opId: op.opId, clientMsgId, text: clean.text, live: goesLive };
  });
}

/** The socket could not take it after all: its queued copy goes with the next drain. */
export async function releaseChatMessage(db: QuayDb, opId: string): Promise<void> {
  await db.outbox.where('opId').equals(opId).modify({ nextAttemptAt: 0 });
}

export const chatMessageOp: OpModule<'chat'> = ownMessageOp('chat');
