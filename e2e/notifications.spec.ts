// Notifications end to end (product.md#screens-and-routes, product.md#what-happens-when, product.md#input-and-formatting-rules, product.md#errors): the drawer's list and an item opened (read at the server), Got it
// made offline and sent once when the link returns, the 99+ badge, Check schedule, settings that persist and revert
// on a refusal, each type's detail layout, 5,000 items opening at once, and alerts never opened read at sea.
import { expect, SCREENSHOTS, test } from './fixtures.ts';
import { NotificationsPage } from './page-models/notifications.ts';
import { signOn } from './page-models/sign-on.ts';

const ACK_PATH = '/api/v2/app/notification/vessel/ack';
const SETTINGS_PATH = '/api/v2/app/notification/settings';

test('a vessel user opens an item (read at the server) and acknowledges another offline: sent once when back', async ({
  page,
  context,
  appPage,
  serverApi,
}) => {
  // vessel2 only here: its list is not changed by other tests.
  const [readSeq] = await serverApi.injectNotifications({ usrId: 'vessel2', notId: 'N002' });
  await signOn(page, 'vessel2');
  await appPage.waitForServiceWorkerControl();
  const noti = new NotificationsPage(page);
  await noti.open();
  await expect(noti.items.first()).toBeVisible();
  await expect(noti.unreadDot(0)).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}/notification-list.png` });

  await noti.head(0).click();
  await expect(noti.head(0)).toHaveAttribute('aria-expanded', 'true');
  await expect(noti.unreadDot(0)).toHaveCount(0);
  const detail = noti.detail(0);
  await expect(detail.getByText('ETA', { exact: true })).toBeVisible();
  await expect(detail.getByRole('button', { name: 'Check schedule' })).toBeVisible();
  await expect(detail.getByRole('button', { name: 'Got it' })).toBeVisible();
  await expect
    .poll(async () => (await serverApi.notificationList()).find((n) => n.notSeq === readSeq)?.notReadYn)
    .toBe('Y');
  await noti.head(0).click();
  await appPage.closeDialog();

  // A berth plan arrives; at sea the master acknowledges it.
  const [ackSeq] = await serverApi.injectNotifications({ usrId: 'vessel2', notId: 'N004' });
  await page.reload();
  await appPage.expectShell('Voyage');
  await noti.open();
  // The list opens with what the device had; the berth plan heads it once the reload's pull has brought it.
  await expect(noti.head(0)).toContainText('Berth Plan');
  await noti.head(0).click();
  await expect(noti.detail(0).getByText('Required speed')).toBeVisible();
  await appPage.closeDialog();
  await context.setOffline(true);
  await noti.open();
  await noti.head(0).click();
  const gotIt = noti.detail(0).getByRole('button', { name: 'Got it' });
  await gotIt.click();
  await expect(gotIt).toBeDisabled();
  await expect(noti.detail(0).getByText('Waiting to send')).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}/notification-ack-waiting.png` });

  await page.reload();
  await appPage.expectShell('Voyage');
  await noti.open();
  await noti.head(0).click();
  await expect(noti.detail(0).getByText('Waiting to send')).toBeVisible();
  expect((await serverApi.audit('vessel2')).filter((r) => r.path === ACK_PATH)).toEqual([]);

  await context.setOffline(false);
  const toast = page
    .getByRole('status')
    .filter({ hasText: 'Acknowledged: the office can see you have read it.' });
  await expect(toast).toBeVisible();
  // Shown above the open drawer, not behind it: what is drawn at the toast's middle is the toast.
  expect(
    await toast.evaluate((el) => {
      const r = el.getBoundingClientRect();
      return el.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2));
    }),
  ).toBe(true);
  await page.screenshot({ path: `${SCREENSHOTS}/notification-toast-over-drawer.png` });
  // The drawer closed, the toast clears the app bar's labels.
  await appPage.closeDialog();
  await expect(toast).toBeVisible();
  const bar = await page.getByRole('navigation', { name: 'App bar' }).boundingBox();
  const shown = await toast.boundingBox();
  expect((shown?.y ?? 0) + (shown?.height ?? 0)).toBeLessThanOrEqual(bar?.y ?? 0);
  await noti.open();
  await expect(noti.detail(0).getByRole('button', { name: 'Got it' })).toHaveCount(0);
  const acks = (await serverApi.audit('vessel2')).filter((r) => r.path === ACK_PATH);
  expect(acks).toHaveLength(1);
  expect((await serverApi.notificationList()).find((n) => n.notSeq === ackSeq)?.ackUsrId).toBe('vessel2');
});

test('a master reads at sea the detail of alerts the sync brought and nobody opened', async ({
  page,
  context,
  appPage,
  serverApi,
  signOnPage,
}) => {
  // capt.pdwn: a master no other spec signs on, with no seeded history: its list is exactly what is made here.
  // Ten berth plans, then sixty newer ETA reminders on top of them.
  const alerts = await serverApi.injectNotifications({
    usrId: 'capt.pdwn',
    notId: 'N004',
    vslCd: 'PDWN',
    count: 10,
  });
  await serverApi.injectNotifications({ usrId: 'capt.pdwn', notId: 'N020', vslCd: 'PDWN', count: 60 });
  await page.goto('/');
  await signOnPage.signOn('capt.pdwn', 'demo');
  await appPage.expectShell('Voyage');
  await appPage.waitForServiceWorkerControl();
  await expect
    .poll(
      () =>
        page.evaluate(
          (want) =>
            new Promise<number>((resolve) => {
              const open = indexedDB.open('quay');
              open.onsuccess = () => {
                const req = open.result.transaction('notifications').objectStore('notifications').count();
                req.onsuccess = () => {
                  resolve(req.result >= want ? want : req.result);
                  open.result.close();
                };
              };
            }),
          70,
        ),
      { timeout: 30_000 },
    )
    .toBe(70);

  await context.setOffline(true);
  await page.reload();
  await appPage.expectShell('Voyage');
  const noti = new NotificationsPage(page);
  await noti.open();
  // The newest berth plan is the 61st item, the oldest the 70th: scrolled into view, opened for the first time.
  const body = noti.drawer.locator('.drawer__body');
  for (const position of [61, 70]) {
    await body.evaluate((el, top) => el.scrollTo(0, top), (position - 3) * 68);
    const item = noti.list.locator(`li[aria-posinset="${position}"]`);
    await expect(item.getByRole('button', { name: /Berth Plan/ })).toBeVisible();
    await item.getByRole('button', { name: /Berth Plan/ }).click();
    const detail = item.getByRole('region', { name: 'Berth Plan' });
    await expect(detail.getByText(/^Berth plan at /)).toBeVisible();
    await expect(detail.getByText('Required speed', { exact: true })).toBeVisible();
    await expect(detail.getByText('Shown as this device last had it.')).toBeVisible();
    await expect(detail.getByRole('button', { name: 'Got it' })).toBeVisible();
    await expect(page.getByText('has not been opened on this device before')).toHaveCount(0);
    await page.screenshot({ path: `${SCREENSHOTS}/notification-detail-offline-${position}.png` });
    await item.getByRole('button', { name: /Berth Plan/ }).click();
  }
  expect(alerts).toHaveLength(10);
});

test('120 new notifications show 99+ on the app bar', async ({ page, appPage, serverApi }) => {
  await serverApi.injectNotifications({ usrId: 'operator', notId: 'N003', count: 120 });
  await signOn(page, 'operator');
  const button = appPage.appBarItem('Notification');
  await expect(button).toHaveAccessibleDescription('99+ unread notifications');
  await expect(button.getByText('99+')).toBeVisible();
});

test("an agent has no Got it, and Check schedule on a port arrival goes to that port's live page", async ({
  page,
  serverApi,
}) => {
  const [notSeq] = await serverApi.injectNotifications({ usrId: 'agent', notId: 'N008', portCd: 'SGSIN' });
  await signOn(page, 'agent');
  const noti = new NotificationsPage(page);
  await noti.open();
  await noti.head(0).click();
  const detail = noti.detail(0);
  await expect(detail.getByText('Alongside')).toBeVisible();
  await expect(detail.getByRole('button', { name: 'Got it' })).toHaveCount(0);
  const item = (await serverApi.notificationList()).find((n) => n.notSeq === notSeq);
  await detail.getByRole('button', { name: 'Check schedule' }).click();
  await expect(page).toHaveURL(new RegExp(`/port/live/${item?.portCd}$`));
  await expect(noti.drawer).toHaveCount(0);
});

test('settings persist; a save the server refuses puts the switch back', async ({
  page,
  context,
  serverApi,
}) => {
  await signOn(page, 'staff');
  const noti = new NotificationsPage(page);
  await noti.open();
  await noti.openSettings();
  await expect(
    noti.settingsDrawer.getByRole('switch', { name: /Open Notification Popup automatically/ }),
  ).toBeVisible();
  const delay = noti.settingsDrawer.getByRole('switch', { name: 'Delay', exact: true });
  const wasOn = await delay.isChecked();
  await delay.click();
  await expect(delay).toBeChecked({ checked: !wasOn });
  await expect.poll(async () => (await serverApi.setting('N003')).notUseYn).toBe(wasOn ? 'N' : 'Y');
  await page.screenshot({ path: `${SCREENSHOTS}/notification-settings.png` });
  // The server has the change; the reload waits until this device has its answer too, or the reloaded app sends
  // the change again and that resend, not the next click, meets the refusal below.
  await expect(delay).not.toHaveAccessibleDescription(/Waiting to send/);

  await page.reload();
  await noti.open();
  await noti.openSettings();
  await expect(delay).toBeChecked({ checked: !wasOn });

  // The next save of this browser is refused: the switch goes back (product.md#what-happens-when, product.md#errors).
  const sid = (await context.cookies()).find((c) => c.name === 'quay_sid')?.value as string;
  await serverApi.fault({ path: SETTINGS_PATH, method: 'POST', sid, status: 400, times: 1 });
  await delay.click();
  await expect(delay).toBeChecked({ checked: !wasOn });
  await expect.poll(async () => (await serverApi.setting('N003')).notUseYn).toBe(wasOn ? 'N' : 'Y');
});

const TYPES = ['N001', 'N002', 'N003', 'N004', 'N005', 'N006', 'N007', 'N008', 'N009', 'N020'];

test("each type's detail layout, and 5,000 notifications open and scroll at once", async ({
  page,
  appPage,
  serverApi,
}) => {
  test.setTimeout(180_000);
  // Newest first: inject in reverse so the list shows N001 first. The device keeps the newest 5,000.
  for (const notId of [...TYPES].reverse()) await serverApi.injectNotifications({ usrId: 'viewer', notId });
  await signOn(page, 'viewer');
  const noti = new NotificationsPage(page);
  await noti.open();
  for (const [i, notId] of TYPES.entries()) {
    await noti.head(i).click();
    const detail = noti.detail(i);
    await expect(detail.getByRole('button', { name: 'Check schedule' })).toBeVisible();
    await expect(detail.getByText('Loading…')).toHaveCount(0);
    await noti.items.nth(i).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SCREENSHOTS}/notification-detail-${notId}.png` });
    await noti.head(i).click();
  }
  await appPage.closeDialog();

  for (let i = 0; i < 10; i++)
    await serverApi.injectNotifications({ usrId: 'viewer', notId: 'N002', count: 500 });
  await page.reload();
  await appPage.expectShell('My Vessel');
  await expect
    .poll(
      () =>
        page.evaluate(
          () =>
            new Promise<number>((resolve) => {
              const open = indexedDB.open('quay');
              open.onsuccess = () => {
                const req = open.result.transaction('notifications').objectStore('notifications').count();
                req.onsuccess = () => {
                  resolve(req.result);
                  open.result.close();
                };
              };
            }),
        ),
      { timeout: 60_000 },
    )
    .toBe(5000);

  await noti.open();
  await expect(noti.items.first()).toBeVisible();
  const ms = await page.evaluate(
    () => performance.measure('open', 'quay:notification-open', 'quay:notification-list-shown').duration,
  );
  console.log(`notification drawer with 5,000 items: ${ms.toFixed(0)} ms from the click to rows on screen`);
  // Virtualized: a screenful of rows exists, not five thousand.
  expect(await noti.items.count()).toBeLessThan(60);
  await expect(noti.items.first()).toHaveAttribute('aria-setsize', '5000');
  await noti.drawer.locator('.drawer__body').evaluate((el) => el.scrollTo(0, el.scrollHeight));
  await expect(noti.list.locator('li[aria-posinset="5000"]')).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}/notification-list-5000-end.png` });
});
