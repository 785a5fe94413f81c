// The push master switch (product.md#what-happens-when), kind 'subscription': kept in meta `pushSubscription` at once, the last state
// wins; refused, the rebase puts the state before back (logged).
import type { QuayDb } from '../../db.ts';
import { UnknownError } from '../../net/http.ts';
import { enqueue, entityOf } from '../enqueue.ts';
import { touch } from '../base.ts';
import type { OutboxRow, PushSubscriptionState } from '../types.ts';
import { deviceRequest } from './device.ts';
import { lastStateWins } from './merge.ts';
import type { OpModule } from './module.ts';
import { NOTIFICATION_SUBSCRIPTION, notificationPath } from '../../../core/contract/api.ts';

/** The Web Push subscription as PushSubscription.toJSON() gives it. */
export interface SubscriptionJson {
  endpoint: string;
  expirationTime?: number | null;
  keys: { p256dh: string; auth: string };
}

/** The operation (and, when turned on, the device's) and its effect, in one transaction; the operation id. */
export async function saveSubscription(
  db: QuayDb,
  notDevId: string,
  notSbscrYn: 'Y' | 'N',
  subscription?: SubscriptionJson,
): Promise<string> {
  if (notSbscrYn === 'Y' && !subscription) throw new UnknownError('Turning push on needs a subscription.');
  return db.transaction('rw', [db.base, db.outbox, db.meta], async () => {
    const op = await enqueue(db, {
      kind: 'subscription',
      entity: entityOf('subscription', { notDevId }),
      method: 'POST',
      path: notificationPath(NOTIFICATION_SUBSCRIPTION),
      body: subscription ? { notDevId, notSbscrYn, subscription } : { notDevId, notSbscrYn },
    });
    await applySubscription(db, op);
    // product.md#the-calls: the device is tied to the signed-on user (a shared device follows whoever signs on).
    if (notSbscrYn === 'Y') await enqueue(db, deviceRequest(notDevId));
    return op.opId;
  });
}

/** The switch as this device asked for it, in meta `pushSubscription` (the server's is what it had before). */
async function applySubscription(db: QuayDb, row: Pick<OutboxRow, 'body'>): Promise<void> {
  const { notDevId, notSbscrYn } = row.body as PushSubscriptionState;
  await touch(db, db.meta, 'pushSubscription');
  await db.setMeta('pushSubscription', { notDevId, notSbscrYn });
}

export const subscriptionOp: OpModule<'subscription'> = {
  kind: 'subscription',
  tables: () => [],
  apply: applySubscription,
  merge: lastStateWins,
};
