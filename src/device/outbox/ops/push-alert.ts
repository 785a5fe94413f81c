// A push alert about an own message nobody has read (POST /chat/message/push-alert), kind 'pushAlert': the message
// shows "Alert asked" until the server says so; a repeat for one message goes; a refusal clears the mark, with a toast.
import type { QuayDb } from '../../db.ts';
import { PENDING_MSG_SEQ } from '../../db.ts';
import { ForbiddenError, UnknownError } from '../../net/http.ts';
import { chatEntity } from '../chat.ts';
import { chatOpTables } from '../chat-ops.ts';
import { enqueue } from '../enqueue.ts';
import type { OutboxRow } from '../types.ts';
import { signedOn } from './chat-common.ts';
import { KEEP, type OpModule } from './module.ts';
import { CHAT_PUSH_ALERT, chatPath } from '../../../core/contract/api.ts';

const PUSH_ALERT_PATH = chatPath(CHAT_PUSH_ALERT);

/** The mark on the message and its operation, in one transaction; the operation id, or null when asked already. */
export async function askPushAlert(db: QuayDb, roomId: string, msgSeq: number): Promise<string | null> {
  return db.transaction('rw', [db.chatMessages, db.outbox, db.meta], async () => {
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
}

const alertedSeq = (row: OutboxRow): number => (row.body as { msgSeq?: number } | null)?.msgSeq ?? 0;

export const pushAlertOp: OpModule<'pushAlert'> = {
  kind: 'pushAlert',
  tables: (db) => chatOpTables(db),
  applied: async (db, row) => {
    await db.chatMessages.update([row.undo.roomId, row.undo.msgSeq], { alert: 'sent' });
  },
  undo: async (db, row) => {
    await db.chatMessages.update([row.undo.roomId, row.undo.msgSeq], { alert: undefined });
  },
  refusal: (message) => ({ message: `Alert not sent: ${message}`, toast: true }),
  merge: (kept, row) =>
    kept.some((r) => r.kind === 'pushAlert' && alertedSeq(r) === alertedSeq(row as OutboxRow))
      ? { type: 'drop' }
      : KEEP,
};
