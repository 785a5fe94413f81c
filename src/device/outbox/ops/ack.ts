// "Got it" (product.md#what-happens-when, product.md#input-and-formatting-rules, product.md#who-may-do-what), kind 'ack': vessel users only; ackUsrId becomes the user's at once, the server's
// message is confirmed to the user ("Acknowledged: …"); refused, the rebase shows the server's row again, with a toast.
import type { QuayDb } from '../../db.ts';
import { ForbiddenError, UnknownError } from '../../net/http.ts';
import { enqueue, entityOf } from '../enqueue.ts';
import { recordConfirmation } from '../meta.ts';
import { touch } from '../base.ts';
import type { OutboxRow } from '../types.ts';
import type { OpModule } from './module.ts';
import { isVesselUser } from '../../../core/role.ts';
import { NOTIFICATION_VESSEL_ACK, notificationPath } from '../../../core/contract/api.ts';

/** The operation and its effect, in one transaction; the operation id, or null when nothing is to be sent. */
export async function acknowledge(db: QuayDb, notSeq: number): Promise<string | null> {
  if (!Number.isInteger(notSeq) || notSeq <= 0) throw new UnknownError('Got it needs a notSeq.');
  return db.transaction('rw', [...ackOp.tables(db), db.base, db.outbox, db.meta], async () => {
    const user = await db.getMeta('user');
    if (!user || !isVesselUser(user))
      throw new ForbiddenError('Only vessel users can acknowledge a vessel notification.');
    const item = await db.notifications.get(notSeq);
    const detail = await db.notificationDetails.get(notSeq);
    const current = item?.ackUsrId ?? detail?.ackUsrId ?? null;
    if (current) return null; // already acknowledged: the button is hidden, nothing to send
    const vslCd = item?.vslCd ?? detail?.vslCd ?? user.ofcId;
    const row = await enqueue(db, {
      kind: 'ack',
      entity: entityOf('ack', { notSeq }),
      method: 'POST',
      path: notificationPath(NOTIFICATION_VESSEL_ACK),
      body: vslCd ? { notSeq, vslCd } : { notSeq },
    });
    await applyAck(db, row);
    return row.opId;
  });
}

/** The user's id on the item and its detail, unless someone has acknowledged it already (the server says who). */
async function applyAck(db: QuayDb, row: Pick<OutboxRow, 'body'>): Promise<void> {
  const { notSeq } = row.body as { notSeq: number };
  if (!Number.isInteger(notSeq)) return;
  const usrId = (await db.getMeta('user'))?.usrId;
  if (!usrId) return;
  for (const table of [db.notifications, db.notificationDetails]) {
    const kept = await table.get(notSeq);
    if (!kept || kept.ackUsrId) continue;
    await touch(db, table, notSeq);
    await table.update(notSeq, { ackUsrId: usrId });
  }
}

export const ackOp: OpModule<'ack'> = {
  kind: 'ack',
  tables: (db) => [db.notifications, db.notificationDetails],
  apply: applyAck,
  // Recorded for the window, which says the kind's words (core/contract/ops.ts `confirmed`), whichever context sent it.
  applied: (db, row, answer, at) =>
    recordConfirmation(db, { opId: row.opId, kind: row.kind, entity: row.entity, message: answer.msg, at }),
};
