// What the service worker tells the window about pushes (sw/push.ts, product.md#push-subscription): a click on a
// notification opens its detail, a click on a chat push opens that vessel's chat, and a new notification opens the
// notification drawer by itself when the master switch is on and no drawer is open. A click with no window open
// opens /?notSeq=N: that parameter is read once, when the app starts. At the desk the click opens the notification
// drawer with that notification selected beside the list; on the phone, its own detail drawer.
import { useEffect, useRef } from 'react';
import { OPEN_NOTIFICATION_PARAM, type SwToWindowMessage } from '../../core/contract/push.ts';
import { db } from '../../platform/db.ts';
import { callWorker } from '../../platform/worker-bridge.ts';
import {
  closeDrawer,
  commonState,
  openDrawer,
  openNotificationDetail,
  uiState,
} from '../../state/app-state.ts';
import { isDesk } from '../../ui/use-desk.ts';

function notSeqOf(raw: string | null): number | null {
  if (raw === null || !/^\d+$/.test(raw)) return null;
  const notSeq = Number(raw);
  return Number.isSafeInteger(notSeq) && notSeq > 0 ? notSeq : null;
}

/**
 * Read when this module loads, at the app's start: by the time the shell mounts, the router may already have sent
 * `/` to the role's home and dropped the query string.
 */
let startNotSeq: number | null =
  typeof location === 'undefined'
    ? null
    : notSeqOf(new URLSearchParams(location.search).get(OPEN_NOTIFICATION_PARAM));

/** Takes the parameter out of the address (same path), so a reload or a shared link does not open it again. */
function removeParam(): void {
  const url = new URL(location.href);
  if (!url.searchParams.has(OPEN_NOTIFICATION_PARAM)) return;
  url.searchParams.delete(OPEN_NOTIFICATION_PARAM);
  history.replaceState(history.state, '', `${url.pathname}${url.search}${url.hash}`);
}

/** product.md#push-subscription: with the master switch on, a notification arriving while the app is open opens the drawer. */
async function openDrawerForNewNotification(): Promise<void> {
  const subscription = await db.getMeta('pushSubscription');
  if (subscription?.notSbscrYn !== 'Y' || uiState.drawer !== null) return;
  commonState.isNotiSet = false;
  openDrawer('notification');
}

/**
 * A clicked notification (product.md#desk-layout): at the desk, the list with it selected and shown beside it (the list
 * marks it read, NotificationList.tsx); on the phone, the detail drawer of its own.
 */
function openClicked(notSeq: number): void {
  if (!isDesk()) {
    openNotificationDetail(notSeq);
    return;
  }
  uiState.detailNotSeq = notSeq;
  commonState.isNotiSet = false;
  openDrawer('notification');
}

function isMessage(data: unknown): data is SwToWindowMessage {
  return typeof data === 'object' && data !== null && typeof (data as { type?: unknown }).type === 'string';
}

/** `navigate`: wouter's, from useLocation() in the caller. */
export function usePushMessages(navigate: (to: string) => void): void {
  const navigateRef = useRef(navigate);
  useEffect(() => {
    navigateRef.current = navigate;
  }, [navigate]);

  useEffect(() => {
    const notSeq = startNotSeq;
    startNotSeq = null;
    removeParam();
    if (notSeq !== null) openClicked(notSeq);
  }, []);

  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    const container = navigator.serviceWorker;
    const onMessage = (event: MessageEvent<unknown>) => {
      const message = event.data;
      if (!isMessage(message)) return;
      switch (message.type) {
        case 'open-notification':
          if (Number.isSafeInteger(message.notSeq)) openClicked(message.notSeq);
          break;
        case 'open-chat':
          if (typeof message.vslCd === 'string' && message.vslCd !== '') {
            closeDrawer();
            navigateRef.current(`/chat/${encodeURIComponent(message.vslCd)}`);
          }
          break;
        case 'push-received':
          // Something changed at the server (architecture.md#when-the-worker-talks-to-the-server): one routine pass, coalesced with any under way.
          callWorker((api) => api.notifySomethingChanged()).catch(() => undefined);
          if (message.payload?.kind === 'notification') {
            openDrawerForNewNotification().catch((err: unknown) =>
              console.warn('push: could not read the subscription', err),
            );
          }
          break;
      }
    };
    container.addEventListener('message', onMessage);
    // Messages that came before this listener wait in the client's queue until it is started.
    container.startMessages();
    return () => container.removeEventListener('message', onMessage);
  }, []);
}
