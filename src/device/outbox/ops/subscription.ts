// The push master switch (product.md#what-happens-when), kind 'subscription': kept in meta `pushSubscription` at once, the last state
// wins, a refusal puts the previous state back (logged).
import type { QuayDb } from '../../db.ts';
import { UnknownError } from '../../net/http.ts';
import { enqueue, entityOf } from '../enqueue.ts';
import type { PushSubscriptionState } from '../types.ts';
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

/** The local change and its operation (and, when turned on, the device's), in one transaction; the operation id. */
export async function saveSubscription(
  db: QuayDb,
  notDevId: string,
  notSbscrYn: 'Y' | 'N',
  subscription?: SubscriptionJson,
): Promise<string> {
  if (notSbscrYn === 'Y' && !subscription) throw new UnknownError('Turning push on needs a subscription.');
  return db.transaction('rw', [db.outbox, db.meta], async () => {
    const previous = (await db.getMeta('pushSubscription')) ?? null;
    const state: PushSubscriptionState = { notDevId, notSbscrYn };
    await db.setMeta('pushSubscription', state);
    const op = await enqueue(db, {
      kind: 'subscription',
      entity: entityOf('subscription', { notDevId }),
      method: 'POST',
      path: notificationPath(NOTIFICATION_SUBSCRIPTION),
      body: subscription ? { notDevId, notSbscrYn, subscription } : { notDevId, notSbscrYn },
      undo: { notDevId, previous },
    });
    // product.md#the-calls: the device is tied to the signed-on user (a shared device follows whoever signs on).
    if (notSbscrYn === 'Y') await enqueue(db, deviceRequest(notDevId));
    return op.opId;
  });
}

export const subscriptionOp: OpModule<'subscription'> = {
  kind: 'subscription',
  tables: () => [],
  async undo(db, row) {
    const u = row.undo;
    if (u.previous === null) await db.deleteMeta('pushSubscription');
    else await db.setMeta('pushSubscription', u.previous);
  },
  refusal: (message) => ({ message, toast: false }),
  merge: lastStateWins,
  handOver: (refused) => refused.undo,
};
