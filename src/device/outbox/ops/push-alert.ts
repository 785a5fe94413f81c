// A push alert about an own message nobody has read (POST /chat/message/push-alert), kind 'pushAlert': the message
// shows "Alert asked" until the server says so; a repeat for one message goes; refused, the rebase clears the mark,
// with a toast.
import type { QuayDb } from '../../db.ts';
import { PENDING_MSG_SEQ } from '../../db.ts';
import { ForbiddenError, UnknownError } from '../../net/http.ts';
import { touch } from '../base.ts';
import { chatEntity } from '../chat.ts';
import { chatOpTables } from '../chat-ops.ts';
import { enqueue } from '../enqueue.ts';
import type { OutboxRow } from '../types.ts';
import { signedOn } from './chat-common.ts';
import { KEEP, type OpModule } from './module.ts';
import { CHAT_PUSH_ALERT, chatPath } from '../../../core/contract/api.ts';

const PUSH_ALERT_PATH = chatPath(CHAT_PUSH_ALERT);

/** The operation and its effect (the mark), in one transaction; the operation id, or null when asked already. */
export async function askPushAlert(db: QuayDb, roomId: string, msgSeq: number): Promise<string | null> {
  return db.transaction('rw', [...chatOpTables(db), db.base], async () => {
    const me = (await signedOn(db)).usrId;
    const msg = await db.chatMessages.get([roomId, msgSeq]);
    if (!msg || msg.status !== 'sent' || msgSeq >= PENDING_MSG_SEQ)
      throw new UnknownError('The message is not stored yet: an alert can be asked for once it is sent.');
    if (msg.sender !== me) throw new ForbiddenError('Only the sender of a message can ask for its alert.');
    if (msg.readCount > 0) throw new UnknownError('The message was read already: no alert is needed.');
    if (msg.alert) return null;
    const op = await enqueue(db, {
      kind: 'pushAlert',
      entity: chatEntity(roomId),
      method: 'POST',
      path: PUSH_ALERT_PATH,
      body: { roomId, msgSeq },
    });
    await applyPushAlert(db, op);
    return op.opId;
  });
}

const alerted = (row: Pick<OutboxRow, 'body'>) => row.body as { roomId: string; msgSeq: number };

/** The message marked "Alert asked", unless the server said so already. */
async function applyPushAlert(db: QuayDb, row: Pick<OutboxRow, 'body'>): Promise<void> {
  const { roomId, msgSeq } = alerted(row);
  if (typeof roomId !== 'string' || typeof msgSeq !== 'number') return;
  const msg = await db.chatMessages.get([roomId, msgSeq]);
  if (!msg || msg.alert) return;
  await touch(db, db.chatMessages, [roomId, msgSeq]);
  await db.chatMessages.update([roomId, msgSeq], { alert: 'pending' });
}

export const pushAlertOp: OpModule<'pushAlert'> = {
  kind: 'pushAlert',
  tables: (db) => chatOpTables(db),
  apply: applyPushAlert,
  applied: async (db, row) => {
    const { roomId, msgSeq } = alerted(row);
    await db.chatMessages.update([roomId, msgSeq], { alert: 'sent' });
  },
  merge: (kept, row) =>
    kept.some((r) => r.kind === 'pushAlert' && alerted(r).msgSeq === alerted(row).msgSeq)
      ? { type: 'drop' }
      : KEEP,
};
