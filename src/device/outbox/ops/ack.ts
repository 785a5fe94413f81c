// "Got it" (product.md#what-happens-when, product.md#input-and-formatting-rules, product.md#who-may-do-what), kind 'ack': vessel users only; ackUsrId becomes the user's at once, the server's
// message is confirmed to the user ("Schedule Got it!"), a refusal shows the button again with a toast.
import type { QuayDb } from '../../db.ts';
import { ForbiddenError, UnknownError } from '../../net/http.ts';
import { enqueue, entityOf } from '../enqueue.ts';
import { recordConfirmation } from '../meta.ts';
import type { OpModule } from './module.ts';
import { isVesselUser } from '../../../core/role.ts';
import { NOTIFICATION_VESSEL_ACK, notificationPath } from '../../../core/contract/api.ts';

/** The local change and its operation, in one transaction; the operation id, or null when nothing is to be sent. */
export async function acknowledge(db: QuayDb, notSeq: number): Promise<string | null> {
  if (!Number.isInteger(notSeq) || notSeq <= 0) throw new UnknownError('Got it needs a notSeq.');
  return db.transaction('rw', [db.notifications, db.notificationDetails, db.outbox, db.meta], async () => {
    const user = await db.getMeta('user');
    if (!user || !isVesselUser(user))
      throw new ForbiddenError('Only vessel users can acknowledge a vessel notification.');
    const item = await db.notifications.get(notSeq);
    const detail = await db.notificationDetails.get(notSeq);
    const current = item?.ackUsrId ?? detail?.ackUsrId ?? null;
    if (current) return null; // already acknowledged: the button is hidden, nothing to send
    await db.notifications.update(notSeq, { ackUsrId: user.usrId });
    await db.notificationDetails.update(notSeq, { ackUsrId: user.usrId });
    const vslCd = item?.vslCd ?? detail?.vslCd ?? user.ofcId;
    const row = await enqueue(db, {
      kind: 'ack',
      entity: entityOf('ack', { notSeq }),
      method: 'POST',
      path: notificationPath(NOTIFICATION_VESSEL_ACK),
      body: vslCd ? { notSeq, vslCd } : { notSeq },
      undo: { notSeq, ackUsrId: null },
    });
    return row.opId;
  });
}

export const ackOp: OpModule<'ack'> = {
  kind: 'ack',
  tables: (db) => [db.notifications, db.notificationDetails],
  // Recorded for the window, which says the kind's words (core/contract/ops.ts `confirmed`), whichever context sent it.
  applied: (db, row, answer, at) =>
    recordConfirmation(db, { opId: row.opId, kind: row.kind, entity: row.entity, message: answer.msg, at }),
  async undo(db, row) {
    const u = row.undo;
    await db.notifications.update(u.notSeq, { ackUsrId: u.ackUsrId });
    await db.notificationDetails.update(u.notSeq, { ackUsrId: u.ackUsrId });
  },
  // A button the user pressed: a toast with the server's message (product.md#errors).
  refusal: (message) => ({ message, toast: true }),
};
