// Tying this device to the signed-on user (product.md#notification-calls POST /notification/user/logged-user), kind 'device': queued with
// the push subscription it belongs to; it shows nothing on the device; repeats collapse.
import { entityOf } from '../enqueue.ts';
import type { NewOp } from '../types.ts';
import { KEEP, type OpModule } from './module.ts';
import { NOTIFICATION_DEVICE, notificationPath } from '../../../core/contract/api.ts';

/** Its operation (a shared device follows whoever signs on), in the subscription's entity. */
export const deviceRequest = (notDevId: string): NewOp => ({
  kind: 'device',
  entity: entityOf('device', { notDevId }),
  method: 'POST',
  path: notificationPath(NOTIFICATION_DEVICE),
  body: { notDevId },
});

export const deviceOp: OpModule<'device'> = {
  kind: 'device',
  tables: () => [],
  merge: (kept) => (kept.some((r) => r.kind === 'device') ? { type: 'drop' } : KEEP),
};
