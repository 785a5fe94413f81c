// A notification setting switch (product.md#what-happens-when), kind 'setting': toggled at once, the last state wins, a refusal puts the
// switch back (logged, no toast) unless the user switched it again meanwhile.
import type { QuayDb } from '../../db.ts';
import { enqueue, entityOf } from '../enqueue.ts';
import type { OpModule } from './module.ts';
import { lastStateWins } from './merge.ts';
import { NOTIFICATION_SETTINGS, notificationPath } from '../../../core/contract/api.ts';

/** The local change and its operation, in one transaction; the operation id. */
export async function saveSetting(db: QuayDb, notId: string, notUseYn: 'Y' | 'N'): Promise<string> {
  return db.transaction('rw', [db.notificationSettings, db.outbox, db.meta], async () => {
    const user = await db.getMeta('user');
    const row = await db.notificationSettings.get(notId);
    if (row) await db.notificationSettings.update(notId, { notUseYn });
    else await db.notificationSettings.put({ notId, notNm: notId, notUseYn });
    const op = await enqueue(db, {
      kind: 'setting',
      entity: entityOf('setting', { notId }),
      method: 'POST',
      path: notificationPath(NOTIFICATION_SETTINGS),
      body: user ? { notId, notUseYn, usrId: user.usrId } : { notId, notUseYn },
      undo: { notId, notUseYn: row?.notUseYn ?? null },
    });
    return op.opId;
  });
}

export const settingOp: OpModule<'setting'> = {
  kind: 'setting',
  tables: (db) => [db.notificationSettings],
  async undo(db, row) {
    const u = row.undo;
    if (u.notUseYn === null) await db.notificationSettings.delete(u.notId);
    else await db.notificationSettings.update(u.notId, { notUseYn: u.notUseYn });
  },
  refusal: (message) => ({ message, toast: false }),
  merge: lastStateWins,
  handOver: (refused) => refused.undo,
};
