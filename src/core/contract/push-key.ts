// API contract for GET /notification/push-key: the server's VAPID public key, which the app passes to
// PushManager.subscribe() as applicationServerKey (product.md#push-subscription).
import { Type, type Static } from 'typebox';

export const PushKeyResponse = Type.Object({
  publicKey: Type.String({
    minLength: 1,
    pattern: '^[A-Za-z0-9_-]+$',
    description: 'VAPID public key: an uncompressed P-256 point, base64url without padding',
  }),
});
export type PushKeyResponse = Static<typeof PushKeyResponse>;
