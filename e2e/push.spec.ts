// Web Push end to end (product.md#push-subscription, architecture.md#push-path), with pushes delivered through CDP
// (headless Chromium has no push service, traps.md): a pushed notification is stored in IndexedDB, counted on the
// badge row and shown; a chat push is shown and stores nothing; a malformed push shows the generic notification and
// changes nothing; the page a notification click opens with no window (/?notSeq=N) shows the notification's detail;
// and with the master switch on, the drawer opens by itself when a notification arrives.
import type { BrowserContext, Page, Worker } from '@playwright/test';
import type { ChatPush, NotificationPush, SwToWindowMessage } from '../src/core/contract/push.ts';
import type { SyncStatus } from '../src/device/sync/status.ts';
import { expect, SCREENSHOTS, test as base, watchHealth } from './fixtures.ts';
import { AppPage } from './page-models/app.ts';
import { COMMON_DATASETS, readQuayDb, syncedDatasets, type QuayDbSnapshot } from './page-models/quay-db.ts';
import { SignOnPage } from './page-models/sign-on.ts';
import type { ServerApi } from './server-api.ts';
import { serviceWorkerRegistrationId, type WorkerLog } from './sw-registration.ts';

// staff: no other test adds notifications to this user, so counts compare exactly.
const USER = 'staff';
const HOME = '/myvessel';

interface Shown {
  title: string;
  body: string;
  tag: string;
  data: unknown;
}

/**
 * Signs on, allows notifications, and leaves the page controlled by the service worker with its sync pass done:
 * the page is reloaded once under the service worker and the new worker's start-up pass is waited for, so that no
 * pass (which would bring what other tests add to the shared user on the server) runs while a test compares rows.
 */
async function signOnForPush(page: Page, context: BrowserContext, origin: string): Promise<void> {
  await context.grantPermissions(['notifications'], { origin });
  const signOnPage = new SignOnPage(page);
  const appPage = new AppPage(page);
  await page.goto('/');
  await signOnPage.expectShown();
  const name = await signOnPage.demoUserName(USER);
  await signOnPage.signOn(USER, 'demo');
  await appPage.expectSignedOnAs(name);
  await expect
    .poll(async () => syncedDatasets(await readQuayDb(page)), { message: 'datasets synced' })
    .toEqual(COMMON_DATASETS);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  const reloadedAt = Date.now();
  await page.reload();
  await appPage.waitForServiceWorkerControl();
  await expect
    .poll(
      async () => {
        const status = (await readQuayDb(page)).meta.syncStatus as SyncStatus | undefined;
        return !!status && !status.syncing && (status.lastSyncedAt ?? 0) >= reloadedAt;
      },
      { message: 'the sync pass after the reload is done' },
    )
    .toBe(true);
}

/** Delivers pushes to the app's service worker through CDP (ServiceWorker.deliverPushMessage). */
async function pushSender(
  context: BrowserContext,
  page: Page,
  origin: string,
): Promise<(data: string) => Promise<void>> {
  const cdp = await context.newCDPSession(page);
  const { registrationId, log } = await serviceWorkerRegistrationId(cdp, origin);
  const said: string[] = [];
  const listen = (worker: Worker) =>
    worker.on('console', (m) => said.push(`${m.type()}: ${m.text()} (${worker.url()})`));
  context.serviceWorkers().forEach(listen);
  context.on('serviceworker', listen);
  workerLog = () => `${log()}\nTheir console:\n${said.join('\n') || 'silent'}`;
  return async (data) => {
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin,
      registrationId,
      data,
    });
  };
}

/** The notifications the service worker shows (registration.getNotifications()). */
function shownNotifications(page: Page): Promise<Shown[]> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    const all = await registration.getNotifications();
    return all.map((n) => ({ title: n.title, body: n.body, tag: n.tag, data: n.data as unknown }));
  });
}

/** What CDP saw of the service workers in this test (pushSender), told when a push shows nothing. */
let workerLog: WorkerLog = () => 'nothing: CDP was not watching';

async function shownWithTag(page: Page, tag: string): Promise<Shown> {
  let found: Shown | undefined;
  try {
    await expect
      .poll(
        async () => {
          found = (await shownNotifications(page)).find((n) => n.tag === tag);
          return found !== undefined;
        },
        // A push reaches a service worker that may have to start first: on a busy machine that takes a while.
        { message: `a notification tagged ${tag}`, timeout: 30_000 },
      )
      .toBe(true);
  } catch (err) {
    // A push once showed nothing in 30 s on a quiet machine, in 1 of about 30 runs: the workers' states and errors
    // are what tell a lost event from a handler that failed.
    const shown = (await shownNotifications(page).catch(() => [])).map((n) => n.tag).join(', ');
    throw new Error(
      `${err instanceof Error ? err.message : String(err)}\nShown: ${shown || 'none'}\n` +
        `What CDP saw of the service workers:\n${workerLog()}`,
    );
  }
  return found as Shown;
}

/**
 * Sends a push and waits for its notification. About once in 30 runs on a loaded machine CDP's delivery comes to
 * nothing (the worker running, nothing said, no error): it is sent once more then. Only for a push whose second
 * showing replaces the first (one tag) and changes nothing else.
 */
async function sendAndShown(page: Page, send: (data: string) => Promise<void>, data: string, tag: string) {
  await send(data);
  return shownWithTag(page, tag).catch(async (err: unknown) => {
    console.warn('push: sent again after', err);
    await send(data);
    return shownWithTag(page, tag);
  });
}

/**
 * Hands the page's listeners a message as the service worker's notification click posts it to an open window
 * (sw/push.ts). CDP cannot click a system notification; this tests what the window does with the message.
 */
function postAsServiceWorker(page: Page, message: SwToWindowMessage): Promise<void> {
  return page.evaluate((data) => {
    navigator.serviceWorker.dispatchEvent(new MessageEvent('message', { data }));
  }, message);
}

/** A new notification for the user on the server, and the push the server would send for it. */
async function newNotificationPush(serverApi: ServerApi): Promise<NotificationPush> {
  const [notSeq] = await serverApi.injectNotifications({ usrId: USER, notId: 'N001' });
  if (notSeq === undefined) throw new Error('the dev API created no notification');
  const item = (await serverApi.notificationList()).find((n) => n.notSeq === notSeq);
  if (!item) throw new Error(`the server does not list notification ${notSeq} for ${USER}`);
  const detail = await serverApi.notificationDetail(notSeq);
  return { kind: 'notification', item, body: detail.notMsg ?? '' };
}

/** What a push must not touch: the notification rows and the badge row. */
const storedState = (db: QuayDbSnapshot) => ({ notificationSeqs: db.notificationSeqs, badge: db.badge });

/** The notification's detail (the dialog a click opens, or the drawer) is shown with its name. */
async function expectDetailShown(page: Page, notNm: string): Promise<void> {
  const detail = page.getByRole('dialog', { name: 'Notification' });
  await expect(detail).toBeVisible();
  await expect(detail.getByText(notNm).first()).toBeVisible();
}

/** Every test here starts signed on for push (signOnForPush) and delivers pushes with `send`. */
const test = base.extend<{ send: (data: string) => Promise<void> }>({
  send: async ({ page, context, baseURL }, use) => {
    const origin = baseURL as string;
    await signOnForPush(page, context, origin);
    await use(await pushSender(context, page, origin));
  },
});
// One user for the whole file, and some tests compare what the device stores before and after a push: run them one
// after the other, so that one test's new notifications on the server do not reach another test's device mid-way.
test.describe.configure({ mode: 'default' });

test('a pushed notification is stored, counted on the badge and shown; its click link opens the detail', async ({
  page,
  context,
  serverApi,
  send,
}) => {
  // With no link the app's live connection is down, so only the push can bring the item (online, its hint would
  // first); the dev API and CDP's push delivery work all the same.
  await context.setOffline(true);
  const payload = await newNotificationPush(serverApi);
  const { item } = payload;
  expect(item.notReadYn).toBe('N');
  const before = await readQuayDb(page);
  expect(before.notificationSeqs).not.toContain(item.notSeq);
  const badgeBefore = before.badge ?? { notCnt: 0, currBadgeCall: 0 };

  await send(JSON.stringify(payload));

  // One transaction: the item and the badge row together (product.md#notification-read: the badge call increments on each display).
  await expect
    .poll(async () => (await readQuayDb(page)).notificationSeqs, { message: 'notSeqs in IndexedDB' })
    .toContain(item.notSeq);
  const after = await readQuayDb(page);
  expect(after.badge).toEqual({
    key: 'notification',
    notCnt: badgeBefore.notCnt + 1,
    currBadgeCall: badgeBefore.currBadgeCall + 1,
  });
  expect(after.notifications).toBe(before.notifications + 1);

  const shown = await shownWithTag(page, `noti-${item.notSeq}`);
  expect(shown.title).toBe(item.notNm);
  expect(shown.data).toEqual(payload);
  const [facts, text] = shown.body.split('\n');
  expect(facts).toMatch(/UTC \d{2}:\d{2} \d{2}-[A-Z][a-z]{2}$/);
  if (item.vslNm) expect(facts).toContain(item.vslNm);
  if (item.portCd) expect(facts).toContain(item.portCd);
  if (payload.body) expect(text).toBe(payload.body);
  // The master switch is off (never turned on here): the drawer stays closed.
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.screenshot({ path: `${SCREENSHOTS}/push-received.png` });

  // A second display of the same notification counts the badge call again, not the unread count.
  await send(JSON.stringify(payload));
  await expect
    .poll(async () => (await readQuayDb(page)).badge?.currBadgeCall, { message: 'currBadgeCall' })
    .toBe(badgeBefore.currBadgeCall + 2);
  expect((await readQuayDb(page)).badge?.notCnt).toBe(badgeBefore.notCnt + 1);
  expect((await readQuayDb(page)).notifications).toBe(before.notifications + 1);

  // A click with a window of the app open: the window opens the detail.
  await context.setOffline(false);
  await postAsServiceWorker(page, { type: 'open-notification', notSeq: item.notSeq });
  await expectDetailShown(page, item.notNm);

  // A click with no window of the app open opens /?notSeq=N: that page shows the notification's detail and takes
  // the parameter out of the address.
  const opened = await context.newPage();
  const problems = watchHealth(opened);
  await opened.goto(`/?notSeq=${item.notSeq}`);
  await expectDetailShown(opened, item.notNm);
  await expect.poll(() => new URL(opened.url()).searchParams.has('notSeq')).toBe(false);
  expect(new URL(opened.url()).pathname).toBe(HOME);
  await opened.screenshot({ path: `${SCREENSHOTS}/push-detail.png` });
  expect(problems, 'the opened page had errors').toEqual([]);
});

test('a chat push shows "Chat: <vessel>" with the sender and text, and stores no notification', async ({
  page,
  send,
}) => {
  test.setTimeout(120_000);
  const before = storedState(await readQuayDb(page));
  const payload: ChatPush = {
    kind: 'chat',
    vslCd: 'QHZN',
    roomId: 'V-QHZN',
    sender: 'ops',
    text: 'Hello',
    sentAt: new Date().toISOString(),
  };

  const shown = await sendAndShown(page, send, JSON.stringify(payload), 'chat-QHZN');
  expect(shown).toEqual({ title: 'Chat: QHZN', body: 'ops: Hello', tag: 'chat-QHZN', data: payload });
  expect(storedState(await readQuayDb(page))).toEqual(before);
  await page.screenshot({ path: `${SCREENSHOTS}/push-chat.png` });

  // Its click with a window of the app open: the window goes to the vessel's chat (product.md#what-happens-when).
  await postAsServiceWorker(page, { type: 'open-chat', vslCd: 'QHZN' });
  await expect.poll(() => new URL(page.url()).pathname).toBe('/chat/QHZN');
});

test('a malformed push shows the generic Quay notification and changes nothing in IndexedDB', async ({
  page,
  send,
}) => {
  test.setTimeout(120_000);
  const before = storedState(await readQuayDb(page));

  // The generic notification has one tag, so a second delivery replaces the first.
  const shown = await sendAndShown(page, send, 'not json', 'quay');
  expect(shown.title).toBe('Quay');
  // JSON, but not one of ours: the same.
  await send(JSON.stringify({ kind: 'notification', item: { notSeq: 'x' }, body: 1 }));

  await expect
    .poll(async () => (await shownNotifications(page)).filter((n) => n.tag === 'quay').length)
    .toBe(1);
  expect(storedState(await readQuayDb(page))).toEqual(before);
  expect((await shownNotifications(page)).map((n) => n.title)).toEqual(['Quay']);
});

test('with the master switch on, a notification arriving while the app is open opens the drawer by itself', async ({
  page,
  serverApi,
  send,
}) => {
  // The master switch as saveSubscription leaves it on this device (meta pushSubscription, product.md#what-happens-when).
  await page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('quay');
        open.onerror = () => reject(open.error ?? new Error('cannot open the quay database'));
        open.onsuccess = () => {
          const db = open.result;
          const tx = db.transaction('meta', 'readwrite');
          tx.objectStore('meta').put({
            key: 'pushSubscription',
            value: { notDevId: 'e2e', notSbscrYn: 'Y' },
          });
          tx.oncomplete = () => {
            db.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error ?? new Error('cannot write meta'));
        };
      }),
  );
  const payload = await newNotificationPush(serverApi);
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await send(JSON.stringify(payload));

  await expectDetailShown(page, payload.item.notNm);
  await page.screenshot({ path: `${SCREENSHOTS}/push-drawer.png` });
});
