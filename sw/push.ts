// Web Push in the service worker (product.md#push-subscription, architecture.md#push-path): a pushed notification is
// written into IndexedDB (so the app has it offline), counted on the badge row (currBadgeCall on every display,
// notCnt when it is new and unread), set as the app badge and shown; a chat message is shown only. A click opens
// the vessel's chat (payload with vslCd) or the notification detail, in an open window of the app if there is one.
import { QuayDb } from '../src/device/db.ts';
import { rebaseTables, underWaiting } from '../src/device/outbox/rebase.ts';
import {
  OPEN_NOTIFICATION_PARAM,
  parsePushPayload,
  type ChatPush,
  type NotificationPush,
  type PushPayload,
  type SwToWindowMessage,
} from '../src/core/contract/push.ts';
import { formatTimeDate } from '../src/core/format/format-date.ts';
import { countPush } from './meter.ts';

declare let self: ServiceWorkerGlobalScope;

const ICON = '/icons/icon-192.png';
/** Shown for a push that is not one of ours: Chromium requires a notification for every push (userVisibleOnly). */
const GENERIC_TITLE = 'Quay';

/** `timestamp` is missing from TypeScript's WebWorker lib. */
type ShowOptions = NotificationOptions & { timestamp?: number };

let db: QuayDb | undefined;

/** The service worker's own connection, opened on first use. */
function openDb(): QuayDb {
  db ??= new QuayDb();
  return db;
}

/** The payload, or null for an empty push, text that is not JSON, or JSON that is not one of ours. */
function readPayload(event: PushEvent): PushPayload | null {
  if (!event.data) return null;
  try {
    return parsePushPayload(event.data.json());
  } catch {
    return null;
  }
}

/**
 * One transaction: the item into `notifications` and the badge row counted (product.md#notification-read: the badge
 * call increments on each display; the unread count only for an unread item the device did not have), as the
 * server's rows under the operations still waiting (architecture.md#convergence-by-rebase): a read or a "Got it" not
 * sent yet is applied again on top. An item the device already has keeps its read and acknowledgement state as the
 * pull brought it: the push carries the item as it was made. Gives the unread count shown after the push.
 */
async function storeNotification({ item }: NotificationPush): Promise<number> {
  const quay = openDb();
  return quay.transaction('rw', [...rebaseTables(quay), quay.notifications, quay.badge], async () => {
    await underWaiting(quay, async () => {
      const existing = await quay.notifications.get(item.notSeq);
      await quay.notifications.put(
        existing ? { ...item, notReadYn: existing.notReadYn, ackUsrId: existing.ackUsrId } : item,
      );
      const badge = await quay.badge.get('notification');
      await quay.badge.put({
        key: 'notification',
        notCnt: (badge?.notCnt ?? 0) + (!existing && item.notReadYn === 'N' ? 1 : 0),
        currBadgeCall: (badge?.currBadgeCall ?? 0) + 1,
      });
    });
    return (await quay.badge.get('notification'))?.notCnt ?? 0;
  });
}

/** The installed app's icon badge, where the browser has one (Badging API). */
async function setAppBadge(count: number): Promise<void> {
  const nav = self.navigator as Partial<NavigatorBadge>;
  try {
    if (count > 0) await nav.setAppBadge?.(count);
    else await nav.clearAppBadge?.();
  } catch (err) {
    console.warn('app badge', err);
  }
}

/** "MAERSK ESSEX · KRPUS · UTC 14:05 22-Nov", then the notification's text on the next line. */
function notificationBody({ item, body }: NotificationPush): string {
  const time = formatTimeDate(item.creDt);
  const facts = [item.vslNm, item.portCd, time === '-' ? null : `UTC ${time}`].filter(
    (part): part is string => !!part,
  );
  return [facts.join(' · '), body].filter((line) => line !== '').join('\n');
}

function showNotification(payload: NotificationPush): Promise<void> {
  const created = Date.parse(payload.item.creDt);
  const options: ShowOptions = {
    body: notificationBody(payload),
    icon: ICON,
    badge: ICON,
    tag: `noti-${payload.item.notSeq}`,
    data: payload,
    ...(Number.isNaN(created) ? {} : { timestamp: created }),
  };
  return self.registration.showNotification(payload.item.notNm, options);
}

function showChat(payload: ChatPush): Promise<void> {
  const sent = Date.parse(payload.sentAt);
  const options: ShowOptions = {
    body: `${payload.sender}: ${payload.text}`,
    icon: ICON,
    badge: ICON,
    tag: `chat-${payload.vslCd}`,
    data: payload,
    ...(Number.isNaN(sent) ? {} : { timestamp: sent }),
  };
  return self.registration.showNotification(`Chat: ${payload.vslCd}`, options);
}

function windowClients(): Promise<readonly WindowClient[]> {
  return self.clients.matchAll({ type: 'window', includeUncontrolled: true });
}

/** Windows showing the signed-on app: not the server's sign-on page, nor the bare /health/ and /intro/ pages. */
const NOT_THE_SHELL = /^\/(sso|api|health|intro)(\/|$)/;
const isAppWindow = (client: WindowClient): boolean => !NOT_THE_SHELL.test(new URL(client.url).pathname);

async function postToWindows(message: SwToWindowMessage): Promise<void> {
  for (const client of await windowClients()) client.postMessage(message);
}

async function onPush(payload: PushPayload | null): Promise<void> {
  if (!payload) {
    await self.registration.showNotification(GENERIC_TITLE, { icon: ICON, badge: ICON, tag: 'quay' });
    return;
  }
  if (payload.kind === 'chat') {
    await showChat(payload);
  } else {
    // A storage failure (quota, a blocked upgrade) must not cost the user the notification itself.
    try {
      await setAppBadge(await storeNotification(payload));
    } catch (err) {
      console.warn('push: could not store the notification', err);
    }
    await showNotification(payload);
  }
  await postToWindows({ type: 'push-received', payload });
}

/** Where a click leads: the vessel's chat for a chat push, else the notification's detail (none: the app). */
function clickTarget(data: unknown): { message: SwToWindowMessage | null; url: string } {
  const payload = parsePushPayload(data);
  if (payload?.kind === 'chat') {
    return {
      message: { type: 'open-chat', vslCd: payload.vslCd },
      url: `/chat/${encodeURIComponent(payload.vslCd)}`,
    };
  }
  if (payload?.kind === 'notification') {
    const { notSeq } = payload.item;
    return {
      message: { type: 'open-notification', notSeq },
      url: `/?${OPEN_NOTIFICATION_PARAM}=${notSeq}`,
    };
  }
  return { message: null, url: '/' };
}

async function onClick(data: unknown): Promise<void> {
  const { message, url } = clickTarget(data);
  const clients = (await windowClients()).filter(isAppWindow);
  // The window the user last looked at, if any: it opens the target itself, keeping its state.
  const client =
    clients.find((c) => c.focused) ?? clients.find((c) => c.visibilityState === 'visible') ?? clients[0];
  if (client) {
    try {
      await client.focus();
    } catch (err) {
      console.warn('notification click: could not focus the window', err);
    }
    if (message) client.postMessage(message);
    return;
  }
  await self.clients.openWindow(url);
}

export function startPushHandling(): void {
  self.addEventListener('push', (event: PushEvent) => {
    countPush(event);
    event.waitUntil(onPush(readPayload(event)));
  });
  self.addEventListener('notificationclick', (event: NotificationEvent) => {
    event.notification.close();
    event.waitUntil(onClick(event.notification.data));
  });
}
