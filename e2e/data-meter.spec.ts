// The data meter end to end (issue 13 item 6): the side menu's figure grows with the app's traffic and survives a
// reload, is the wire's (an estimate, said so, with the HTTP level beside it); Data saver on holds the vessel page's map
// behind "Load map" until asked; a monthly budget warns at 80% once; /health/ shows the same figures. Screenshots of
// the menu at 390x844 and 1280x800, and of /health/.
import type { Page } from '@playwright/test';
import { formatBytes } from '../src/device/meter/usage.ts';
import { expect, SCREENSHOTS, test } from './fixtures.ts';
import { AppPage } from './page-models/app.ts';
import { DataMeterPage, seedMonth, storedUsage } from './page-models/data-meter.ts';
import { SignOnPage } from './page-models/sign-on.ts';
import { VesselPages } from './page-models/vessel.ts';

async function signOn(page: Page, usrId: string): Promise<void> {
  await page.goto('/');
  await new SignOnPage(page).signOn(usrId, 'demo');
  await new AppPage(page).expectShell();
}

const shot = (page: Page, name: string, fullPage = false) =>
  page.screenshot({ path: `${SCREENSHOTS}/data-meter-${name}.png`, fullPage });

test('the data used today grows with traffic, reads as the stored bytes, and survives a reload', async ({
  page,
}) => {
  await signOn(page, 'vessel');
  const meter = new DataMeterPage(page);
  // The first syncs are counted and stored within a few seconds.
  await expect.poll(async () => (await storedUsage(page)).today, { timeout: 20_000 }).toBeGreaterThan(1000);
  let section = await meter.open();
  const stored = await storedUsage(page);
  const first = stored.today;
  await expect(meter.figure(section, 'Data used today')).toHaveText(/^\d[\d,.]* (KB|MB)$/);
  await expect(meter.figure(section, 'This month')).toHaveText(/^\d[\d,.]* (KB|MB)$/);
  // The figure is the link's bill: packet headers, ACKs and the handshakes come on top of the HTTP level.
  expect(stored.todayHttp).toBeGreaterThan(0);
  expect(stored.today).toBeGreaterThan(stored.todayHttp);
  const note = section.getByText('An estimate of what the link bills');
  await expect(note).toContainText(/packet headers\. Without them: \d[\d,.]*\s(KB|MB) today\.$/);
  await section.getByRole('switch', { name: 'Data saver' }).scrollIntoViewIfNeeded();
  await shot(page, 'menu');
  await page.setViewportSize({ width: 1280, height: 800 });
  await shot(page, 'menu-desk');
  await page.setViewportSize({ width: 390, height: 844 });
  await meter.app.closeDialog();

  // More traffic: the vessel page's data.
  await page.goto('/vessel');
  await expect(new VesselPages(page).identity('QUAY HORIZON')).toBeVisible();
  await expect.poll(async () => (await storedUsage(page)).today, { timeout: 20_000 }).toBeGreaterThan(first);
  const grown = (await storedUsage(page)).today;

  await page.reload();
  await meter.app.expectShell();
  section = await meter.open();
  // What the menu says is what is stored (at least what was there before the reload: the reload adds more).
  const shown = await meter.figure(section, 'Data used today').textContent();
  const after = (await storedUsage(page)).today;
  expect(after).toBeGreaterThanOrEqual(grown);
  expect([formatBytes(grown), formatBytes(after)]).toContain(shown);
});

test('Data saver on: the vessel page shows "Load map" and fetches no map until asked', async ({ page }) => {
  await signOn(page, 'vessel');
  const meter = new DataMeterPage(page);
  const section = await meter.open();
  const saver = meter.saver(section);
  await expect(saver).not.toBeChecked();
  await expect(section).toContainText('Waits for you: maps, images, the search index refresh');
  await saver.check();
  await expect(saver).toBeChecked();
  await meter.app.closeDialog();

  const mapRequests: string[] = [];
  page.on('request', (r) => {
    if (/\/assets\/WorldMap-[^/]*\.js$/.test(new URL(r.url()).pathname)) mapRequests.push(r.url());
  });
  await page.goto('/vessel');
  const pages = new VesselPages(page);
  const load = pages.mapSection.getByRole('button', { name: 'Load map' });
  await expect(load).toBeVisible();
  await expect(pages.mapSection).toContainText('Data saver is on: the map waits for you.');
  await expect(pages.map).toHaveCount(0);
  expect(mapRequests).toEqual([]);
  await load.scrollIntoViewIfNeeded();
  await shot(page, 'load-map');
  await load.click();
  await expect(pages.map).toBeVisible();
  expect(mapRequests.length).toBe(1);

  // The choice is kept: after a reload the switch is still on.
  await page.reload();
  const again = await meter.open();
  await expect(meter.saver(again)).toBeChecked();
  await meter.saver(again).uncheck();
  await expect(meter.saver(again)).not.toBeChecked();
});

test('a monthly budget warns once at 80%, and the menu shows its share', async ({ page }) => {
  await signOn(page, 'vessel');
  const meter = new DataMeterPage(page);
  await expect.poll(async () => (await storedUsage(page)).month, { timeout: 20_000 }).toBeGreaterThan(0);
  await seedMonth(page, 41_000_000);
  let section = await meter.open();
  await section.getByText('Set a monthly budget').click();
  await section.getByLabel('Monthly data budget (MB)').fill('50');
  await section.getByRole('button', { name: 'Save budget' }).click();
  const bar = section.getByRole('meter', { name: 'Monthly data budget used' });
  await expect(bar).toHaveAttribute('aria-valuenow', /^8\d$/);
  await expect(section).toContainText(/8\d% of 50 MB this month/);
  await shot(page, 'budget');
  // The warning waits until the menu no longer covers the page.
  const alert = page.getByRole('alert').filter({ hasText: "of this month's data budget" });
  await expect(alert).toHaveCount(0);
  await meter.app.closeDialog();
  await expect(alert).toContainText(/Quay has used 8\d% of this month's data budget: 41 MB of 50 MB/);
  await shot(page, 'budget-warning');

  // Once a month: a reload does not say it again.
  await page.reload();
  await meter.app.expectShell();
  section = await meter.open();
  await expect(section.getByRole('meter', { name: 'Monthly data budget used' })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: "of this month's data budget" })).toHaveCount(0);
});

test('/health/ shows the data used today and this month, Data saver and the budget field', async ({
  page,
}) => {
  await signOn(page, 'vessel');
  await expect.poll(async () => (await storedUsage(page)).today, { timeout: 20_000 }).toBeGreaterThan(1000);
  await page.goto('/health/');
  const data = page.getByRole('region', { name: 'Data' });
  const meter = new DataMeterPage(page);
  await expect(meter.figure(data, 'Data used today')).toHaveText(/^\d[\d,.]* (KB|MB)$/);
  await expect(meter.figure(data, 'This month')).toHaveText(/^\d[\d,.]* (KB|MB)$/);
  await expect(data).toContainText('An estimate of what the link bills');
  await expect(data.getByLabel('Monthly data budget (MB)')).toBeVisible();
  await shot(page, 'health', true);
});

test('Data saver is on by default when the browser reports a slow link, until the user chooses', async ({
  page,
  context,
}) => {
  await signOn(page, 'vessel');
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  // A 3G link as the browser reports it (navigator.connection): 400 ms, 400 kbit/s down, 3G.
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 400,
    downloadThroughput: 50_000,
    uploadThroughput: 50_000,
    connectionType: 'cellular3g',
  });
  const meter = new DataMeterPage(page);
  const section = await meter.open();
  await expect(meter.saver(section)).toBeChecked();
  // The user's choice wins over the link's.
  await meter.saver(section).uncheck();
  await expect(meter.saver(section)).not.toBeChecked();
  await meter.app.closeDialog();
  const again = await meter.open();
  await expect(meter.saver(again)).not.toBeChecked();
});
