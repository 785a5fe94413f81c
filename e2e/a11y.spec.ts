// axe-core over every route of every role, the sign-on page and the three drawers (notifications, search, side
// menu): no serious or critical violation anywhere. A route a role may not open is checked as the page it gets.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { signOn } from './page-models/sign-on.ts';

const ROLES = ['vessel', 'vessel2', 'agent', 'operator', 'viewer', 'staff'] as const;
const ROUTES = [
  '/voyage',
  '/vessel',
  '/vessel/schedule',
  '/vessel/QHZN',
  '/service',
  '/service/AEX',
  '/port/live',
  '/port/live/SGSIN',
  '/port/status',
  '/port/status/SGSIN',
  '/port/sailings',
  '/port/sailings?from=SGSIN&to=NLRTM',
  '/myvessel',
  '/chat/',
  '/chat/QHZN',
  '/setting/devices',
  '/admin/users',
  '/admin/audit',
  '/health/',
  '/intro/',
  '/no/such/page',
];

/** The serious and critical violations on the page as it is now: rule, impact, and where. */
async function violations(page: Page, where: string): Promise<string[]> {
  const { violations: found } = await new AxeBuilder({ page }).analyze();
  return found
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${where}: ${v.id} (${v.impact}) at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** The page settled: its heading is there and nothing is said to be loading. */
async function settled(page: Page): Promise<void> {
  await expect(page.locator('h1, h2').first()).toBeVisible();
  await expect(page.getByText(/^Loading/)).toHaveCount(0);
}

test('the sign-on page', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByLabel('User ID')).toBeVisible();
  expect(await violations(page, 'sign-on')).toEqual([]);
});

// Each role's routes are checked three at a time, each group its own test: one test over every route ran for minutes
// on a loaded machine, and a failure in it said little about where.
const GROUP = 3;
const GROUPS = Array.from({ length: Math.ceil(ROUTES.length / GROUP) }, (_, i) =>
  ROUTES.slice(i * GROUP, (i + 1) * GROUP),
);

for (const role of ROLES) {
  for (const routes of GROUPS) {
    test(`${role}: ${routes.join(' ')}`, async ({ page }) => {
      await signOn(page, role);
      const found: string[] = [];
      for (const route of routes) {
        await page.goto(route);
        await settled(page);
        found.push(...(await violations(page, `${role} ${route}`)));
      }
      expect(found).toEqual([]);
    });
  }

  test(`${role}: the notifications, search and side menu drawers`, async ({ page }) => {
    await signOn(page, role);
    await page.goto('/');
    await settled(page);
    const appBar = page.getByRole('navigation', { name: 'App bar' });
    const drawers: [string, () => Promise<void>][] = [
      ['notifications', () => appBar.getByRole('button', { name: 'Notification' }).click()],
      ['search', () => appBar.getByRole('button', { name: /Search/ }).click()],
      ['side menu', () => page.getByRole('button', { name: 'Menu' }).click()],
    ];
    const found: string[] = [];
    for (const [name, open] of drawers) {
      await open();
      await expect(page.getByRole('dialog').first()).toBeVisible();
      found.push(...(await violations(page, `${role} ${name} drawer`)));
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
    }
    expect(found).toEqual([]);
  });
}

test('the Add to calendar dialog on a vessel page and a port page', async ({ page }) => {
  await signOn(page, 'staff');
  const found: string[] = [];
  for (const route of ['/vessel/QHZN', '/port/live/SGSIN']) {
    await page.goto(route);
    await settled(page);
    await page.getByRole('button', { name: 'Add to calendar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add to calendar' });
    await expect(dialog.getByRole('textbox', { name: 'Calendar address' })).toBeVisible();
    found.push(...(await violations(page, `staff ${route} Add to calendar`)));
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
  }
  expect(found).toEqual([]);
});

test('the notification settings with My alerts and its form open', async ({ page }) => {
  await signOn(page, 'staff');
  await expect(page.getByRole('heading', { name: /Vessels you follow/ })).toBeVisible();
  await page
    .getByRole('navigation', { name: 'App bar' })
    .getByRole('button', { name: 'Notification' })
    .click();
  await page.getByRole('button', { name: 'Notification settings' }).click();
  const alerts = page.getByRole('region', { name: 'My alerts' });
  await alerts.getByRole('button', { name: 'Add alert' }).click();
  await expect(alerts.getByRole('form', { name: 'New alert' })).toBeVisible();
  const found = await violations(page, 'My alerts (ETA)');
  await alerts.getByRole('radio', { name: 'it arrives, berths or leaves' }).check();
  found.push(...(await violations(page, 'My alerts (port)')));
  expect(found).toEqual([]);
});

// product.md#desk-layout: each role's home at 1280x800 with the side navigation, its notification list with one
// selected beside it, and a shore user's chat rooms beside the open room.
test.describe('at the desk (1280x800)', () => {
  test.use({ viewport: { width: 1280, height: 800 } });
  for (const role of ROLES) {
    test(`${role}: the home, the notifications side by side, the chat`, async ({ page }) => {
      await signOn(page, role);
      await page.goto('/');
      await settled(page);
      const found = await violations(page, `${role} home at the desk`);
      await page
        .getByRole('navigation', { name: 'App bar' })
        .getByRole('button', { name: 'Notification' })
        .click();
      const first = page.getByRole('list', { name: 'Notifications' }).getByRole('button').first();
      if (await first.isVisible()) await first.click();
      found.push(...(await violations(page, `${role} notifications at the desk`)));
      await page.keyboard.press('Escape');
      await page.goto('/chat/QHZN');
      await settled(page);
      found.push(...(await violations(page, `${role} /chat/QHZN at the desk`)));
      expect(found).toEqual([]);
    });
  }
});
