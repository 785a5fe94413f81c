// Share and My calendar end to end (product.md#share, product.md#calendar-feed): Share copies the page's address in Chromium
// (no Web Share there) and says so; the address opened in a fresh browser goes through sign-on and lands on the page,
// and a role not allowed gets "Not allowed". Add to calendar shows the feed's address (a calendar app gets the
// calls from it with no token), keeps it on the device so it shows offline, and "Make a new link" stops the old one.
import { request as httpRequest, type BrowserContext, type Page } from '@playwright/test';
import { expect, SCREENSHOTS, test } from './fixtures.ts';
import { SignOnPage, signOn } from './page-models/sign-on.ts';

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `${SCREENSHOTS}/share-${name}.png`, animations: 'disabled' });

async function allowClipboard(context: BrowserContext, baseURL: string | undefined): Promise<void> {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
    origin: new URL(baseURL ?? '').origin,
  });
}
const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());

test('Share copies the page address; opened elsewhere it signs on and lands on the page, or says Not allowed', async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  await allowClipboard(context, baseURL);
  await signOn(page, 'staff');
  const origin = new URL(baseURL ?? '').origin;
  expect(await page.evaluate(() => 'share' in navigator)).toBe(false);
  for (const [path, heading] of [
    ['/vessel/QHZN', /QUAY HORIZON/],
    ['/voyage/QHZN', /QUAY HORIZON/],
    ['/port/live/SGSIN', /Singapore \(SGSIN\)/],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading }).first()).toBeVisible();
    await page.getByRole('button', { name: 'Share' }).click();
    await expect(page.getByText('Link copied: paste it to share this page.')).toBeVisible();
    expect(await clipboard(page)).toBe(origin + path);
  }
  await page.goto('/vessel/QHZN');
  await page.getByRole('button', { name: 'Share' }).click();
  await expect(page.getByText('Link copied: paste it to share this page.')).toBeVisible();
  await shot(page, 'copied');
  const shared = await clipboard(page);

  // Someone not signed on: sign-on first, then the very page.
  const other = await browser.newContext();
  const fresh = await other.newPage();
  await fresh.goto(shared);
  await new SignOnPage(fresh).signOn('operator', 'demo');
  await expect(fresh).toHaveURL(`${origin}/vessel/QHZN`);
  await expect(fresh.getByRole('heading', { name: /QUAY HORIZON/ }).first()).toBeVisible();
  await other.close();

  // A vessel user may open only its own vessel: the same address says so.
  const crew = await browser.newContext();
  const crewPage = await crew.newPage();
  await crewPage.goto(shared);
  await new SignOnPage(crewPage).signOn('vessel2', 'demo');
  await expect(crewPage.getByRole('heading', { name: 'Not allowed' })).toBeVisible();
  await crew.close();
});

test('Add to calendar: the feed address works with no token, shows offline once kept, and a new link stops the old', async ({
  page,
  context,
  baseURL,
  appPage,
}) => {
  await allowClipboard(context, baseURL);
  await signOn(page, 'agent');
  await appPage.waitForServiceWorkerControl();
  await page.goto('/port/live/SGSIN');
  await page.getByRole('button', { name: 'Add to calendar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add to calendar' });
  await expect(dialog).toBeVisible();
  const address = dialog.getByRole('textbox', { name: 'Calendar address' });
  await expect(address).toHaveValue(/\/cal\/[A-Za-z0-9_-]{43}\/port\/SGSIN\.ics$/);
  const url = await address.inputValue();
  await expect(dialog.getByRole('link', { name: 'Open in calendar app' })).toHaveAttribute(
    'href',
    url.replace(/^https?:/, 'webcal:'),
  );
  await dialog.getByRole('button', { name: 'Copy address' }).click();
  await expect(page.getByText('Calendar address copied.')).toBeVisible();
  expect(await clipboard(page)).toBe(url);
  await shot(page, 'calendar');

  // A calendar app: no cookie, no token.
  const app = await httpRequest.newContext();
  const feed = await app.get(url);
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  expect(await feed.text()).toMatch(/SUMMARY:.* at SGSIN \(berth\)/);
  // The address opened in this browser is the feed (a file to open with the calendar), not the app's page.
  const [download] = await Promise.all([page.waitForEvent('download'), page.goto(url).catch(() => null)]);
  expect(download.suggestedFilename()).toMatch(/\.ics$/);
  await page.goto('/port/live/SGSIN');
  await page.getByRole('button', { name: 'Add to calendar' }).click();

  // With no link, the address the device keeps shows again; a new one needs the link.
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);
  await context.setOffline(true);
  await page.goto('/vessel/QHZN');
  await page.getByRole('button', { name: 'Add to calendar' }).click();
  await expect(address).toHaveValue(url.replace('/port/SGSIN.ics', '/vessel/QHZN.ics'));
  await expect(dialog.getByRole('button', { name: 'Make a new link' })).toBeDisabled();
  await shot(page, 'calendar-offline');
  // The dialog's code gone from the device (storage the browser cleared; it is in the `later` chunk, with the pages
  // the first page does not run): on Port Live, which is the first page's, the address it keeps shows all the same.
  await dialog.getByRole('button', { name: 'Close' }).click();
  await page.evaluate(async () => {
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys())
        if (new URL(request.url).pathname.startsWith('/assets/later-')) await cache.delete(request);
    }
  });
  await (await context.newCDPSession(page)).send('Network.clearBrowserCache');
  await page.goto('/port/live/SGSIN');
  await page.getByRole('button', { name: 'Add to calendar' }).click();
  const alert = page.getByRole('alertdialog', { name: 'Calendar address' });
  await expect(alert).toContainText(url);
  await alert.getByRole('button', { name: 'OK' }).click();
  await context.setOffline(false);
  await page.reload();
  await page.getByRole('button', { name: 'Add to calendar' }).click();

  await dialog.getByRole('button', { name: 'Make a new link' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Make a new link?' });
  await confirm.getByRole('button', { name: 'Make a new link' }).click();
  await expect(page.getByText('New calendar link made. The old address no longer works.')).toBeVisible();
  await expect(address).not.toHaveValue(url);
  expect((await app.get(url)).status()).toBe(404);
  expect((await app.get(await address.inputValue())).status()).toBe(200);
  await app.dispose();
});

test('the first time, with no link, the calendar address says it needs the link', async ({
  page,
  context,
  appPage,
}) => {
  await signOn(page, 'viewer');
  await appPage.waitForServiceWorkerControl();
  await page.goto('/port/status/SGSIN');
  await expect(page.getByRole('button', { name: 'Add to calendar' })).toBeVisible();
  await context.setOffline(true);
  // The dialog opens at sea (it is part of the install), but its address comes from the server the first time.
  await page.getByRole('button', { name: 'Add to calendar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add to calendar' });
  await expect(dialog).toContainText(
    'Showing this address needs the link the first time. Try again when you are online.',
  );
  await dialog.getByRole('button', { name: 'Close' }).click();
  await context.setOffline(false);
  await page.getByRole('button', { name: 'Add to calendar' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Calendar address' })).toHaveValue(
    /\/cal\/[A-Za-z0-9_-]{43}\/port\/SGSIN\.ics$/,
  );
});
