// The poke in Chromium (docs/sync.md): a notification made on the server reaches the open app through the live
// connection's hint within 10 s, with no request of the app in between (no poll, no pull: the hint carries it), and
// a ship's chat message goes as a STOMP SEND on the socket that is open, not as POST /chat/message.
import type { Browser, Page } from '@playwright/test';
import { expect, SCREENSHOTS, test, watchHealth } from './fixtures.ts';
import { AppPage } from './page-models/app.ts';
import { ChatPage } from './page-models/chat.ts';
import { NotificationsPage } from './page-models/notifications.ts';
import { readQuayDb } from './page-models/quay-db.ts';
import { signOn } from './page-models/sign-on.ts';
import { ServerApi } from './server-api.ts';
import { stompFrame, watchWorkerSockets } from './worker-network.ts';

interface Seen {
  at: number;
  method: string;
  path: string;
}

/** Every request of the context: the page's, its sync worker's and the service worker's. */
function recordRequests(page: Page): Seen[] {
  const seen: Seen[] = [];
  page.context().on('request', (r) => {
    seen.push({ at: Date.now(), method: r.method(), path: new URL(r.url()).pathname });
  });
  return seen;
}

/** A new context's page, watched: its errors, every request of the context, and its sync worker's sockets. */
async function openWatched(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL: baseURL ?? '' });
  const page = await context.newPage();
  const problems = watchHealth(page);
  const requests = recordRequests(page);
  const sockets = await watchWorkerSockets(page);
  return { context, page, problems, requests, sockets };
}

/** The leader's live connection (made since `since`) hears the hint, and the pull after it connected is done. */
async function liveAndSettled(page: Page, since = 0): Promise<void> {
  await expect
    .poll(async () => {
      const { meta } = await readQuayDb(page);
      const link = meta.liveLink as
        { state?: string; subscribed?: boolean; lastConnectedAt?: number | null } | undefined;
      const status = meta.syncStatus as { syncing?: boolean; lastSyncedAt?: number | null } | undefined;
      return (
        link?.state === 'connected' &&
        link.subscribed === true &&
        (link.lastConnectedAt ?? 0) >= since &&
        status?.syncing === false &&
        (status.lastSyncedAt ?? 0) >= since
      );
    })
    .toBe(true);
}

test('a notification made on the server reaches the open app through the hint within 10 s, with no poll', async ({
  browser,
  baseURL,
}) => {
  // co.qhzn: a vessel user (QHZN's chief officer) no other spec signs on, so its list changes only here.
  const { context, page, problems, requests, sockets } = await openWatched(browser, baseURL);
  // What each pull costs on the wire as the browser sent it (headers and body both ways).
  const pulls: number[] = [];
  page.on('requestfinished', (r) => {
    if (!r.url().endsWith('/api/v2/app/sync/pull')) return;
    void r.sizes().then((z) => {
      pulls.push(z.requestHeadersSize + z.requestBodySize + z.responseHeadersSize + z.responseBodySize);
    });
  });
  const server = new ServerApi(context.request);
  await server.signOnSession('co.qhzn', () => context.cookies());
  await page.goto('/');
  const app = new AppPage(page);
  await app.expectShell();
  await liveAndSettled(page);
  // The worker's pull shows in this record: a poll would too.
  expect(requests.some((r) => r.method === 'POST' && r.path === '/api/v2/app/sync/pull')).toBe(true);
  const noti = new NotificationsPage(page);
  const unread = (await readQuayDb(page)).badge?.notCnt ?? 0;
  await page.screenshot({ path: `${SCREENSHOTS}/sync-hint-before.png` });
  // The drawer is open (with "No data" on a fresh server: co.qhzn has no notification yet) when it arrives.
  await noti.open();

  const madeAt = Date.now();
  const [notSeq] = await server.injectNotifications({ usrId: 'co.qhzn', notId: 'N004', vslCd: 'QHZN' });
  const badge = app.appBarItem('Notification');
  const shown = unread + 1 > 99 ? '99+' : String(unread + 1);
  await expect(badge).toHaveAccessibleDescription(new RegExp(`^${shown.replace('+', '\\+')} unread`), {
    timeout: 10_000,
  });
  const arrivedMs = Date.now() - madeAt;
  expect((await readQuayDb(page)).notificationSeqs).toContain(notSeq);
  // Nothing asked between the change and the screen: the hint frame carried it.
  const asked = requests.filter((r) => r.at >= madeAt && r.path.startsWith('/api/v2/app/'));
  expect(asked, 'requests of the app after the notification was made').toEqual([]);

  await expect(noti.unreadDot(0)).toBeVisible();
  await expect(noti.head(0)).toContainText('Berth Plan');
  await page.screenshot({ path: `${SCREENSHOTS}/sync-hint-arrived.png` });
  const frames = sockets.frames.filter((f) => !f.sent && f.at >= madeAt && f.payload.startsWith('MESSAGE'));
  const hint = frames.find((f) => stompFrame(f.payload).headers.destination === '/topic/sync-hint');
  expect(hint, 'the hint frame').toBeDefined();
  console.log(
    `hinted notification: on screen ${arrivedMs} ms after it was made, 0 requests, ` +
      `hint frame ${new TextEncoder().encode(hint?.payload ?? '').length} B; ` +
      `pulls at opening (the first, then the one after the live connection came up): ${pulls.join(', ')} B`,
  );

  // Opened again: the opening's pass waits for the live connection, and the pull after it is the only one.
  const reopenedAt = Date.now();
  await page.reload();
  await app.expectShell();
  await liveAndSettled(page, reopenedAt);
  const pullsAgain = requests.filter((r) => r.at >= reopenedAt && r.path === '/api/v2/app/sync/pull');
  expect(pullsAgain).toHaveLength(1);
  expect(problems, 'the page had errors').toEqual([]);
  await context.close();
});

test("a ship's chat message goes over the socket: no POST /chat/message on the wire", async ({
  browser,
  baseURL,
}) => {
  const { context, page, problems, requests, sockets } = await openWatched(browser, baseURL);
  await signOn(page, 'vessel');
  const chat = new ChatPage(page);
  await liveAndSettled(page);
  // A page load starts a new worker: its own connection must be up before the message (else it waits in the outbox).
  const loaded = Date.now();
  await page.goto('/chat/QHZN');
  await expect(chat.input).toBeVisible();
  await liveAndSettled(page, loaded);
  const text = `over the socket ${Date.now().toString(36)}`;
  await chat.send(text);
  await expect(chat.message(text)).toContainText(/Sent|Read/);
  const sends = sockets.frames
    .filter((f) => f.sent && f.payload.startsWith('SEND') && f.payload.includes(text))
    .map((f) => stompFrame(f.payload).headers.destination);
  expect(sends).toEqual(['/app/chat/V-QHZN']);
  expect(requests.filter((r) => r.method === 'POST' && r.path === '/api/v2/app/chat/message')).toEqual([]);
  const send = sockets.frames.find((f) => f.sent && f.payload.includes(text));
  console.log(
    `a ship's message: one STOMP SEND of ${new TextEncoder().encode(send?.payload ?? '').length} B`,
  );
  expect(problems, 'the page had errors').toEqual([]);
  await context.close();
});
