// The smaller things of issue 25 as a person meets them (product.md#my-alerts, product.md#screens-and-routes,
// sync.md#the-data-meter): My Vessel's add field and empty list, no My Alert for read-only users, the new-alert form
// in view, the berth prospect's "From the schedule" at sea, and the data budget refused, shown and warned honestly.
import type { Page } from '@playwright/test';
import { expect, SCREENSHOTS, test } from './fixtures.ts';
import { DataMeterPage, seedMonth, storedUsage } from './page-models/data-meter.ts';
import { NotificationsPage } from './page-models/notifications.ts';
import { signOn } from './page-models/sign-on.ts';

const shot = (page: Page, name: string) => page.screenshot({ path: `${SCREENSHOTS}/small-${name}.png` });

async function openSettings(page: Page) {
  const noti = new NotificationsPage(page);
  await noti.open();
  await noti.openSettings();
  return noti.settingsDrawer;
}

test('adding a vessel already followed says so; a vessel user is not told to add one', async ({ page }) => {
  await signOn(page, 'staff');
  await expect(page.getByRole('heading', { name: /Vessels you follow/ })).toBeVisible();
  await page.getByRole('button', { name: 'Add a vessel' }).click();
  await page.getByLabel('Vessel name or code').fill('QHZN');
  await expect(page.getByText('You follow QUAY HORIZON (QHZN) already: it is on your list.')).toBeVisible();
  await shot(page, 'add-followed');

  const ship = await page
    .context()
    .browser()!
    .newPage({ viewport: { width: 390, height: 844 } });
  await signOn(ship, 'vessel2');
  await ship.goto('/myvessel');
  await expect(ship.getByText(/Your own vessel AHDS is under Vessel and Voyage/)).toBeVisible();
  await expect(ship.getByText(/Add one below/)).toHaveCount(0);
  await expect(ship.getByRole('button', { name: 'Add a vessel' })).toHaveCount(0);
  await ship.close();
});

test('read-only users get no My Alert switch; others get the new-alert form in view and focused', async ({
  page,
}) => {
  await signOn(page, 'operator');
  let settings = await openSettings(page);
  await expect(settings.getByRole('switch').first()).toBeVisible();
  await expect(settings.getByRole('switch', { name: 'My Alert' })).toHaveCount(0);
  await expect(settings.getByRole('region', { name: 'My alerts' })).toHaveCount(0);
  await shot(page, 'operator-settings');

  const staff = await page
    .context()
    .browser()!
    .newPage({ viewport: { width: 390, height: 844 } });
  await signOn(staff, 'staff');
  await expect(staff.getByRole('heading', { name: /Vessels you follow/ })).toBeVisible();
  settings = await openSettings(staff);
  await expect(settings.getByRole('switch', { name: 'My Alert' })).toBeVisible();
  await settings.getByRole('button', { name: 'Add alert' }).click();
  const form = settings.getByRole('form', { name: 'New alert' });
  await expect(form.getByLabel('Vessel')).toBeFocused();
  await expect(form.getByRole('button', { name: 'Save alert' })).toBeInViewport();
  await shot(staff, 'new-alert-in-view');
  await staff.close();
});

test('a berth prospect at sea still offers "From the schedule"', async ({ page, context, appPage }) => {
  await signOn(page, 'staff');
  await appPage.waitForServiceWorkerControl();
  // My Vessel (staff's home) keeps the fleet, with each vessel's next port, on the device.
  await expect(page.getByRole('button', { name: 'Remove QUAY HORIZON' })).toBeVisible();
  await page.goto('/chat/QCRL');
  await expect(page.getByRole('button', { name: 'Berth prospect' })).toBeVisible();
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Berth prospect' }).click();
  const sheet = page.getByRole('dialog', { name: 'Berth prospect' });
  const from = sheet.getByLabel('From the schedule');
  await expect(from).toBeVisible();
  const option = from.getByRole('option').nth(1);
  const value = await option.getAttribute('value');
  const text = (await option.textContent()) ?? '';
  await from.selectOption(value ?? '0');
  await expect(sheet.getByRole('textbox', { name: 'Port' })).toHaveValue(text.slice(0, 5));
  await shot(page, 'berth-prospect-at-sea');
  await context.setOffline(false);
});

test('the data meter: "…" before the first count, budgets it would round refused, a warning once over', async ({
  page,
}) => {
  await signOn(page, 'vessel2');
  const meter = new DataMeterPage(page);
  await expect.poll(async () => (await storedUsage(page)).month, { timeout: 20_000 }).toBeGreaterThan(0);
  let section = await meter.open();
  await section.getByText('Set a monthly budget').click();
  const field = section.getByLabel('Monthly data budget (MB)');
  await field.fill('0.05');
  await section.getByRole('button', { name: 'Save budget' }).click();
  await expect(section.getByRole('alert')).toHaveText('The budget is at least 0.1 MB (100 KB).');
  await shot(page, 'budget-refused');

  // Over the budget: the menu says so, and a warning comes even though 80% was passed before.
  await seedMonth(page, 2_000_000);
  await field.fill('1');
  await section.getByRole('button', { name: 'Save budget' }).click();
  await expect(section).toContainText(/Over the budget: \d+% of 1 MB this month/);
  await meter.app.closeDialog();
  const alert = page.getByRole('alert').filter({ hasText: "gone over this month's data budget" });
  await expect(alert).toBeVisible();
  await shot(page, 'budget-over');

  // A day with nothing counted yet says "…", not "0 KB": at sea, the counts removed, the app opened again.
  await page.context().setOffline(true);
  await expect(async () => {
    await clearUsage(page);
    await page.reload();
    section = await meter.open();
    await expect(meter.figure(section, 'Data used today')).toHaveText('…', { timeout: 2_000 });
  }).toPass({ timeout: 40_000 });
  await shot(page, 'meter-not-counted');
  await page.context().setOffline(false);
});

/** Removes every stored count, as on a device that has counted nothing yet. */
function clearUsage(page: Page): Promise<void> {
  return page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('quay');
        open.onsuccess = () => {
          const tx = open.result.transaction('dataUsage', 'readwrite');
          tx.objectStore('dataUsage').clear();
          tx.oncomplete = () => {
            open.result.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error ?? new Error('cannot clear dataUsage'));
        };
      }),
  );
}
