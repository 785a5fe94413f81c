// The server's VAPID public key, which a browser needs to subscribe to Web Push (product.md#push-subscription).
import type { ApiCaller } from '../../src/device/outbox/drain.ts';
import type { Check } from '../../src/device/net/http.ts';
import { NOTIFICATION_PUSH_KEY, notificationPath } from '../../src/core/contract/api.ts';

const checkKey: Check<string> = (v) =>
  typeof v === 'object' && v !== null && typeof (v as { publicKey?: unknown }).publicKey === 'string'
    ? (v as { publicKey: string }).publicKey
    : null;

export function createPushKey(client: ApiCaller) {
  return () => client.json(notificationPath(NOTIFICATION_PUSH_KEY), checkKey);
}
