// Opening a notification (product.md#what-happens-when), kind 'read': N -> Y and one off the badge at once; repeated reads of one item
// collapse; a refusal puts the flag and the badge back, and is only logged.
import type { QuayDb } from '../../db.ts';
import { UnknownError } from '../../net/http.ts';
import { enqueue, entityOf } from '../enqueue.ts';
import { KEEP, type OpModule } from './module.ts';
import { NOTIFICATION_READ, notificationPath } from '../../../core/contract/api.ts';

/** The local change and its operation, in one transaction; the operation id, or null when nothing is to be sent. */
export async function markRead(db: QuayDb, notSeq: number): Promise<string | null> {
  if (!Number.isInteger(notSeq) || notSeq <= 0) throw new UnknownError('Reading needs a notSeq.');
  return db.transaction(
    'rw',
    [db.notifications, db.notificationDetails, db.badge, db.outbox, db.meta],
    async () => {
      const item = await db.notifications.get(notSeq);
      const detail = await db.notificationDetails.get(notSeq);
      const before = item?.notReadYn ?? detail?.notReadYn ?? null;
      const badge = await db.badge.get('notification');
      const decrement = before === 'N' && badge !== undefined && badge.notCnt > 0;
      if (badge) {
        await db.badge.put({
          ...badge,
          notCnt: decrement ? badge.notCnt - 1 : badge.notCnt,
          currBadgeCall: badge.currBadgeCall + 1,
        });
      }
      if (before === 'N') {
        await db.notifications.update(notSeq, { notReadYn: 'Y' });
        await db.notificationDetails.update(notSeq, { notReadYn: 'Y' });
      }
      // Read already, at the server too: opening it again counts (badge call), but costs no request.
      if (before === 'Y') return null;
      const row = await enqueue(db, {
        kind: 'read',
        entity: entityOf('read', { notSeq }),
        method: 'POST',
        path: notificationPath(NOTIFICATION_READ),
        body: { notSeq },
        undo: { notSeq, notReadYn: before, badgeDecremented: decrement },
      });
      return row.opId;
    },
  );
}

export const readOp: OpModule<'read'> = {
  kind: 'read',
  tables: (db) => [db.notifications, db.notificationDetails, db.badge],
  async undo(db, row) {
    const u = row.undo;
    if (u.notReadYn !== null) {
      await db.notifications.update(u.notSeq, { notReadYn: u.notReadYn });
      await db.notificationDetails.update(u.notSeq, { notReadYn: u.notReadYn });
    }
    if (u.badgeDecremented) {
      await db.badge
        .where('key')
        .equals('notification')
        .modify((b) => {
          b.notCnt += 1;
        });
    }
  },
  refusal: (message) => ({ message, toast: false }),
  // The first read made the local change; later reads of the same item add nothing.
  merge: (kept) => (kept.some((r) => r.kind === 'read') ? { type: 'drop' } : KEEP),
};
