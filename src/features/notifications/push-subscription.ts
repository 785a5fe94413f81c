// The push master switch's browser side (product.md#push-subscription): the permission prompt, the subscription with
// the server's VAPID key, and saving it through the worker's outbox; and turning it off.
import { callWorker } from '../../platform/worker-bridge.ts';
import { runOp } from '../sync/use-op.ts';

export type PushOutcome = 'on' | 'denied' | 'unsupported';

const supported = () => 'Notification' in window && 'serviceWorker' in navigator && 'PushManager' in window;

/** Turns push on for this device: asks for permission when it is not granted or the device has no id yet. */
export async function turnPushOn(deviceId: string | undefined): Promise<PushOutcome> {
  if (!supported()) return 'unsupported';
  let permission = Notification.permission;
  if (permission !== 'granted' || !deviceId) permission = await Notification.requestPermission();
  if (permission !== 'granted' || !deviceId) return 'denied';
  const key = await callWorker((api) => api.pushPublicKey());
  const registration = await navigator.serviceWorker.ready;
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }));
  const json = subscription.toJSON();
  if (!json.endpoint || !json.keys?.p256dh || !json.keys.auth)
    throw new Error('The browser gave no usable subscription.');
  await runOp('subscription', deviceId, 'Y', {
    endpoint: json.endpoint as string,
    expirationTime: json.expirationTime ?? null,
    keys: { p256dh: json.keys?.p256dh as string, auth: json.keys?.auth as string },
  });
  return 'on';
}

/** Turns push off: the server stops sending (through the outbox), and the browser forgets the subscription. */
export async function turnPushOff(deviceId: string): Promise<void> {
  await runOp('subscription', deviceId, 'N');
  if (!supported()) return;
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  await subscription?.unsubscribe().catch(() => false);
}

/** product.md#push-subscription: leaving the settings without the browser's permission turns the master switch off. */
export async function settleOnLeave(deviceId: string | undefined, on: boolean): Promise<void> {
  if (!on || !deviceId) return;
  if (supported() && Notification.permission === 'granted') return;
  await turnPushOff(deviceId);
}
