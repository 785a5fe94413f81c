// My devices (product.md#my-devices): a master signed on at the desk and on a phone signs the phone out from the desk.
// The phone, with a change waiting offline, hears it at its next contact: its sign-on page says why, its change is
// kept, and it goes once the same master signs on there again. A master no other test signs on as, so that signing
// one of its sessions out touches nobody else's.
import type { Browser, BrowserContext, BrowserContextOptions, Page } from '@playwright/test';
import { expect, test, watchHealth } from './fixtures.ts';
import { AppPage } from './page-models/app.ts';
import { NotificationsPage } from './page-models/notifications.ts';
import { readQuayDb } from './page-models/quay-db.ts';
import { SignOnPage } from './page-models/sign-on.ts';
import { ServerApi } from './server-api.ts';

const MASTER = 'capt.acrb';
/** Pictures of the screens to look at, outside the repository. */
const SHOTS = process.env.SHOTS_DIR ?? 'test-results/shots';
const READ_PATH = '/api/v2/app/notification/user/read';
const PHONE_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';

interface Side {
  context: BrowserContext;
  page: Page;
  app: AppPage;
  problems: string[];
}

/** Signs the master on in a browser of its own (the masters of other vessels are not in the demo list). */
async function open(browser: Browser, baseURL: string, opts: BrowserContextOptions = {}): Promise<Side> {
  const context = await browser.newContext({ baseURL, ...opts });
  const page = await context.newPage();
  const problems = watchHealth(page);
  await page.goto('/');
  await new SignOnPage(page).signOn(MASTER, 'demo');
  await expect(page.getByRole('navigation', { name: 'App bar' })).toBeVisible();
  return { context, page, app: new AppPage(page), problems };
}

// In turn: both sign the same master on, and the first counts its devices.
test.describe.configure({ mode: 'serial' });

test('a device signed out from another stops at its next contact and keeps its waiting change', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  if (!baseURL) throw new Error('no baseURL');
  const desk = await open(browser, baseURL, { viewport: { width: 1280, height: 800 } });
  const phone = await open(browser, baseURL, { userAgent: PHONE_UA });
  const server = new ServerApi(desk.context.request);
  const [notSeq] = await server.injectNotifications({ usrId: MASTER, notId: 'N003', count: 1 });
  await phone.app.waitForServiceWorkerControl();
  // The notification is on the phone before it goes to sea: under load its pull may come after the link is cut.
  await expect
    .poll(async () => (await readQuayDb(phone.page)).notificationSeqs, { timeout: 30_000 })
    .toContain(notSeq);
  const clientId = String((await readQuayDb(phone.page)).meta.clientId);
  const readsThere = async () =>
    (await server.audit(MASTER)).filter(
      (r) => r.path === READ_PATH && String(r.idempotencyKey).startsWith(`${clientId}:`),
    ).length;
  const readsBefore = await readsThere();

  // At sea the phone reads a notification: a change waits.
  await phone.context.setOffline(true);
  const noti = new NotificationsPage(phone.page);
  await noti.open();
  await noti.head(0).click();
  await expect(noti.unreadDot(0)).toHaveCount(0);
  await phone.page.keyboard.press('Escape');

  // At the desk: the profile drawer leads to My devices, which lists both, this one first.
  const menu = await desk.app.openMenu();
  await menu.getByRole('button', { name: 'User Device Information' }).click();
  await desk.page.getByRole('link', { name: 'My devices' }).click();
  await desk.app.expectShell('My devices');
  const list = desk.page.getByRole('list', { name: 'Devices signed on' });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(list.getByRole('listitem').first()).toContainText('This device');
  const phoneRow = list.getByRole('listitem', { name: 'Chrome 126 on Android' });
  await expect(phoneRow).toContainText('with a password');
  await expect(list.getByRole('listitem').first().getByRole('button', { name: 'Log out' })).toBeVisible();
  await desk.page.screenshot({ path: `${SHOTS}/my-devices-desk.png` });

  // Signing the phone out asks first.
  await phoneRow.getByRole('button', { name: 'Sign out Chrome 126 on Android' }).click();
  const ask = desk.page.getByRole('alertdialog', { name: 'Sign out this device?' });
  await expect(ask).toContainText('Changes still waiting on it are kept there');
  await ask.getByRole('button', { name: 'Sign out' }).click();
  await expect(
    desk.page.getByRole('status').filter({ hasText: 'Chrome 126 on Android is signed out.' }),
  ).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(1);

  // The link returns on the phone: its next contact finds its session ended, and its sign-on page says why.
  await phone.context.setOffline(false);
  const signOnPage = new SignOnPage(phone.page);
  await signOnPage.expectShown();
  await expect(phone.page.getByText('You were signed out from another device.')).toBeVisible();
  // Its change is kept, not sent and not lost.
  const waiting = (await readQuayDb(phone.page)).outbox.filter((o) => o.kind !== 'history');
  expect(waiting).toHaveLength(1);
  expect(await readsThere()).toBe(readsBefore);

  // The master signs on there again: the kept change goes, once.
  await signOnPage.signOn(MASTER, 'demo');
  await phone.app.expectShell();
  await expect.poll(readsThere).toBe(readsBefore + 1);

  for (const side of [desk, phone]) {
    expect(side.problems, 'the page had errors').toEqual([]);
    await side.context.close();
  }
});

/** The service worker's caches that hold the pages about people's chunk (src/screens/PeoplePage.tsx). */
const cachesWithPeoplePage = (page: Page) =>
  page.evaluate(async () => {
    const names: string[] = [];
    for (const name of await caches.keys()) {
      const keys = await (await caches.open(name)).keys();
      if (keys.some((r) => new URL(r.url).pathname.startsWith('/assets/PeoplePage-'))) names.push(name);
    }
    return names;
  });

test('My devices fits a phone, and with no link says so; its code is kept when first opened, not precached', async ({
  page,
  context,
  appPage,
}) => {
  await page.goto('/');
  await new SignOnPage(page).signOn(MASTER, 'demo');
  await appPage.expectShell();
  await appPage.waitForServiceWorkerControl();
  // Installed, and the pages about people are not on the device: most users never open them.
  expect(await cachesWithPeoplePage(page)).toEqual([]);
  await page.goto('/setting/devices');
  await appPage.expectShell('My devices');
  await expect(
    page.getByRole('list', { name: 'Devices signed on' }).getByRole('listitem').first(),
  ).toContainText('This device');
  await page.screenshot({ path: `${SHOTS}/my-devices-phone.png` });
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Check again' }).click();
  await expect(page.getByText('My devices needs the link')).toBeVisible();
  // Opened once, it opens at sea in its own words.
  expect(await cachesWithPeoplePage(page)).toEqual(['quay-people-v1']);
  await page.reload();
  await expect(page.getByText('My devices needs the link')).toBeVisible();
});
