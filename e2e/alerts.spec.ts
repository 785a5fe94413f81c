// Alerts on my terms end to end (product.md#my-alerts, product.md#who-may-do-what): a shore user adds rules on a vessel it follows under
// the notification switches, edits and deletes them offline (sent once, the last state, when the link returns), and
// opens an N010 My Alert at sea; a vessel user is offered its own vessel alone; types 5 and 6 are not offered alerts.
import type { Page } from '@playwright/test';
import { expect, SCREENSHOTS, test } from './fixtures.ts';
import { NotificationsPage } from './page-models/notifications.ts';
import { signOn } from './page-models/sign-on.ts';
import type { AlertRule } from '../src/core/contract/notification.ts';

const RULES_API = '/api/v2/app/notification/alert-rules';
const SAVE_PATH = '/api/v2/app/notification/alert-rule';

async function openAlerts(page: Page) {
  const noti = new NotificationsPage(page);
  await noti.open();
  await noti.openSettings();
  const alerts = noti.settingsDrawer.getByRole('region', { name: 'My alerts' });
  await expect(alerts).toBeVisible();
  return { noti, alerts };
}

test('a shore user adds alerts on a vessel it follows, edits and deletes them at sea, and reads a My Alert offline', async ({
  page,
  context,
  appPage,
  serverApi,
}) => {
  // Many steps online, offline and back: on a loaded machine it ran past the default minute (a fresh-clone run).
  test.setTimeout(120_000);
  await signOn(page, 'staff');
  await appPage.waitForServiceWorkerControl();
  // My Vessel (staff's home) puts the followed vessels on the device.
  await expect(page.getByRole('heading', { name: /Vessels you follow/ })).toBeVisible();
  const { alerts } = await openAlerts(page);
  await expect(alerts.getByText('No alerts yet.')).toBeVisible();
  const rules = async () =>
    ((await serverApi.get<{ rules: AlertRule[] }>(RULES_API)).rules ?? []).map((r) => ({ ...r, ruleId: '' }));

  // An ETA rule at any port, then a port rule.
  await alerts.getByRole('button', { name: 'Add alert' }).click();
  const form = alerts.getByRole('form', { name: 'New alert' });
  await form.getByLabel('Vessel').selectOption({ label: 'QUAY HORIZON' });
  await form.getByLabel('By more than (hours, 1 to 72)').fill('0');
  await form.getByRole('button', { name: 'Save alert' }).click();
  await expect(form.getByRole('alert')).toHaveText('The hours must be a whole number from 1 to 72.');
  await form.getByLabel('By more than (hours, 1 to 72)').fill('6');
  await page.screenshot({ path: `${SCREENSHOTS}/alerts-form-eta.png` });
  await form.getByRole('button', { name: 'Save alert' }).click();
  const etaText = 'QUAY HORIZON: ETA at any port moves by more than 6 h';
  await expect(alerts.getByRole('listitem').filter({ hasText: etaText })).toBeVisible();

  await alerts.getByRole('button', { name: 'Add alert' }).click();
  await form.getByLabel('Vessel').selectOption({ label: 'QUAY HORIZON' });
  await form.getByRole('radio', { name: 'it arrives, berths or leaves' }).check();
  await form.getByLabel('Port').selectOption('NLRTM');
  await form.getByRole('checkbox', { name: 'Arrives' }).check();
  await form.getByRole('checkbox', { name: 'Leaves' }).check();
  await page.screenshot({ path: `${SCREENSHOTS}/alerts-form-port.png` });
  await form.getByRole('button', { name: 'Save alert' }).click();
  const portText = 'QUAY HORIZON: Arrives at or leaves NLRTM';
  await expect(alerts.getByRole('listitem').filter({ hasText: portText })).toBeVisible();
  await expect(alerts.getByText('Waiting to send')).toHaveCount(0);
  await expect.poll(rules).toEqual([
    { ruleId: '', vslCd: 'QHZN', kind: 'ETA', portCd: null, hrs: 6, events: [] },
    { ruleId: '', vslCd: 'QHZN', kind: 'PORT', portCd: 'NLRTM', hrs: null, events: ['ATA', 'ATD'] },
  ]);
  await page.screenshot({ path: `${SCREENSHOTS}/alerts-list.png` });

  // At sea: the ETA rule changed twice, the port rule deleted; both wait, and survive a reload.
  await context.setOffline(true);
  const before = (await serverApi.audit('staff')).filter((r) => r.path === SAVE_PATH).length;
  for (const hrs of ['12', '24']) {
    await alerts.getByRole('button', { name: /^Edit alert: QUAY HORIZON: ETA/ }).click();
    await alerts
      .getByRole('form', { name: 'Edit alert' })
      .getByLabel('By more than (hours, 1 to 72)')
      .fill(hrs);
    await alerts
      .getByRole('form', { name: 'Edit alert' })
      .getByRole('button', { name: 'Save alert' })
      .click();
  }
  await alerts.getByRole('button', { name: `Delete alert: ${portText}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  const etaNow = 'QUAY HORIZON: ETA at any port moves by more than 24 h';
  await expect(alerts.getByRole('listitem')).toHaveCount(1);
  await expect(
    alerts.getByRole('listitem').filter({ hasText: etaNow }).getByText('Waiting to send'),
  ).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}/alerts-waiting.png` });
  await page.reload();
  await appPage.expectShell();
  const again = await openAlerts(page);
  await expect(again.alerts.getByRole('listitem').filter({ hasText: etaNow })).toBeVisible();

  await context.setOffline(false);
  await expect(again.alerts.getByText('Waiting to send')).toHaveCount(0, { timeout: 30_000 });
  expect(await rules()).toEqual([
    { ruleId: '', vslCd: 'QHZN', kind: 'ETA', portCd: null, hrs: 24, events: [] },
  ]);
  // The two edits went as one.
  expect((await serverApi.audit('staff')).filter((r) => r.path === SAVE_PATH).length).toBe(before + 1);
  await appPage.closeDialog();

  // A My Alert arrives; it opens with no link.
  await serverApi.injectNotifications({ usrId: 'staff', notId: 'N010', vslCd: 'QHZN' });
  await page.reload();
  await appPage.expectShell();
  const noti = new NotificationsPage(page);
  await noti.open();
  await expect(noti.head(0)).toContainText('My Alert');
  await appPage.closeDialog();
  await context.setOffline(true);
  await noti.open();
  await noti.head(0).click();
  await expect(noti.detail(0).getByText('Previous ETA')).toBeVisible();
  await expect(noti.detail(0).getByText(/moved 2 h later/)).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}/alerts-my-alert-offline.png` });
  await context.setOffline(false);
});

test('a vessel user is offered its own vessel alone', async ({ page }) => {
  await signOn(page, 'vessel');
  const { alerts } = await openAlerts(page);
  await alerts.getByRole('button', { name: 'Add alert' }).click();
  const vessels = alerts.getByRole('form', { name: 'New alert' }).getByLabel('Vessel').getByRole('option');
  await expect(vessels).toHaveText(['QUAY HORIZON']);
  await page.screenshot({ path: `${SCREENSHOTS}/alerts-vessel-user.png` });
});

test('types 5 and 6 (read-only) get neither the My Alert switch nor alerts, which they may not make', async ({
  page,
}) => {
  await signOn(page, 'operator');
  const noti = new NotificationsPage(page);
  await noti.open();
  await noti.openSettings();
  // The drawer's other switches are there: the settings did open.
  await expect(noti.settingsDrawer.getByRole('switch').first()).toBeVisible();
  await expect(noti.settingsDrawer.getByRole('switch', { name: 'My Alert', exact: true })).toHaveCount(0);
  await expect(noti.settingsDrawer.getByRole('region', { name: 'My alerts' })).toHaveCount(0);
});
