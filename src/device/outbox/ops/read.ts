// Opening a notification (product.md#what-happens-when), kind 'read': N -> Y and one off the badge at once; repeated
// reads of one item collapse; refused, the rebase shows the server's flag and badge again, and it is only logged.
import type { BadgeRow, QuayDb } from '../../db.ts';
import { UnknownError } from '../../net/http.ts';
import { changeLocal, touch } from '../base.ts';
import { enqueue, entityOf } from '../enqueue.ts';
import type { OutboxRow } from '../types.ts';
import { KEEP, type OpModule } from './module.ts';
import { NOTIFICATION_READ, notificationPath } from '../../../core/contract/api.ts';

/** The operation and its effect, in one transaction; the operation id, or null when nothing is to be sent. */
export async function markRead(db: QuayDb, notSeq: number): Promise<string | null> {
  if (!Number.isInteger(notSeq) || notSeq <= 0) throw new UnknownError('Reading needs a notSeq.');
  return db.transaction('rw', [...readOp.tables(db), db.base, db.outbox, db.meta], async () => {
    const item = await db.notifications.get(notSeq);
    const detail = await db.notificationDetails.get(notSeq);
    const before = item?.notReadYn ?? detail?.notReadYn ?? null;
    // Opening it counts on the badge (product.md#what-the-app-holds), whatever the server says of the read.
    await changeLocal<BadgeRow>(db, db.badge, 'notification', (b) => ({
      ...b,
      currBadgeCall: b.currBadgeCall + 1,
    }));
    // Read already, at the server too: opening it again counts (badge call), but costs no request.
    if (before === 'Y') return null;
    const row = await enqueue(db, {
      kind: 'read',
      entity: entityOf('read', { notSeq }),
      method: 'POST',
      path: notificationPath(NOTIFICATION_READ),
      body: { notSeq },
    });
    await applyRead(db, row);
    return row.opId;
  });
}

/** An unread item and its detail become read, and the badge's unread count one less. */
async function applyRead(db: QuayDb, row: Pick<OutboxRow, 'body'>): Promise<void> {
  const { notSeq } = row.body as { notSeq: number };
  if (!Number.isInteger(notSeq)) return;
  const item = await db.notifications.get(notSeq);
  const detail = await db.notificationDetails.get(notSeq);
  if ((item?.notReadYn ?? detail?.notReadYn) !== 'N') return;
  for (const table of [db.notifications, db.notificationDetails]) {
    if (!(await table.get(notSeq))) continue;
    await touch(db, table, notSeq);
    await table.update(notSeq, { notReadYn: 'Y' });
  }
  const badge = await db.badge.get('notification');
  if (!badge || badge.notCnt <= 0) return;
  await touch(db, db.badge, 'notification');
  await db.badge.put({ ...badge, notCnt: badge.notCnt - 1 });
}

export const readOp: OpModule<'read'> = {
  kind: 'read',
  tables: (db) => [db.notifications, db.notificationDetails, db.badge],
  apply: applyRead,
  // The first read made the local change; later reads of the same item add nothing.
  merge: (kept) => (kept.some((r) => r.kind === 'read') ? { type: 'drop' } : KEEP),
};
