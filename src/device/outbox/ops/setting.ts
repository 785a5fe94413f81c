// A notification setting switch (product.md#what-happens-when), kind 'setting': toggled at once, the last state
// wins; refused, the rebase shows the server's switch again (logged, no toast), under any later switch still waiting.
import type { QuayDb } from '../../db.ts';
import { touch } from '../base.ts';
import { enqueue, entityOf } from '../enqueue.ts';
import type { OutboxRow } from '../types.ts';
import type { OpModule } from './module.ts';
import { lastStateWins } from './merge.ts';
import { NOTIFICATION_SETTINGS, notificationPath } from '../../../core/contract/api.ts';

/** The operation and its effect, in one transaction; the operation id. */
export async function saveSetting(db: QuayDb, notId: string, notUseYn: 'Y' | 'N'): Promise<string> {
  return db.transaction('rw', [...settingOp.tables(db), db.base, db.outbox, db.meta], async () => {
    const user = await db.getMeta('user');
    const op = await enqueue(db, {
      kind: 'setting',
      entity: entityOf('setting', { notId }),
      method: 'POST',
      path: notificationPath(NOTIFICATION_SETTINGS),
      body: user ? { notId, notUseYn, usrId: user.usrId } : { notId, notUseYn },
    });
    await applySetting(db, op);
    return op.opId;
  });
}

/** The switch as the body says (a switch the device did not have yet is added). */
async function applySetting(db: QuayDb, row: Pick<OutboxRow, 'body'>): Promise<void> {
  const { notId, notUseYn } = row.body as { notId: string; notUseYn: 'Y' | 'N' };
  if (typeof notId !== 'string') return;
  await touch(db, db.notificationSettings, notId);
  const kept = await db.notificationSettings.get(notId);
  if (kept) await db.notificationSettings.update(notId, { notUseYn });
  else await db.notificationSettings.put({ notId, notNm: notId, notUseYn });
}

export const settingOp: OpModule<'setting'> = {
  kind: 'setting',
  tables: (db) => [db.notificationSettings],
  apply: applySetting,
  merge: lastStateWins,
};
