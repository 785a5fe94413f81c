// The app shell for every demo user (product.md#who-uses-it, product.md#screens-and-routes, product.md#who-may-do-what): the role's home, the app bar's items, the back button,
// the TEST badge, the side menu with the user and the programs, logout; the error fallback page of product.md#errors for a
// user load that is refused, fails or hangs; and the role's home opening offline with its data.
import type { Page } from '@playwright/test';
import { expect, SCREENSHOTS, test } from './fixtures.ts';
import { AppPage } from './page-models/app.ts';
import { signOn } from './page-models/sign-on.ts';

interface Role {
  usrId: string;
  home: string;
  title: string;
  items: string[];
  /** A page the app bar offers that is not the home. */
  other: { label: string; path: RegExp; title: string };
}

const ROLES: Role[] = [
  {
    usrId: 'vessel',
    home: '/voyage',
    title: 'Voyage',
    items: ['Vessel', 'Voyage', 'Notification', 'Chat Space', 'Search'],
    other: { label: 'Vessel', path: /^\/vessel$/, title: 'Vessel' },
  },
  {
    usrId: 'vessel2',
    home: '/voyage',
    title: 'Voyage',
    items: ['Vessel', 'Voyage', 'Notification', 'Search'],
    other: { label: 'Vessel', path: /^\/vessel$/, title: 'Vessel' },
  },
  {
    usrId: 'agent',
    home: '/port/live',
    title: 'Port Live',
    items: ['Port Live', 'Current Status', 'Notification', 'Search'],
    other: { label: 'Current Status', path: /^\/port\/status$/, title: 'Current Status' },
  },
  {
    usrId: 'operator',
    home: '/myvessel',
    title: 'My Vessel',
    items: ['Vessel', 'My Vessel', 'Notification', 'Search'],
    other: { label: 'Vessel', path: /^\/vessel$/, title: 'Vessel' },
  },
  {
    usrId: 'viewer',
    home: '/myvessel',
    title: 'My Vessel',
    items: ['Vessel', 'My Vessel', 'Notification', 'Search'],
    other: { label: 'Vessel', path: /^\/vessel$/, title: 'Vessel' },
  },
  {
    usrId: 'staff',
    home: '/myvessel',
    title: 'My Vessel',
    items: ['Vessel', 'My Vessel', 'Notification', 'Search'],
    other: { label: 'Vessel', path: /^\/vessel$/, title: 'Vessel' },
  },
];

const pathOf = (page: Page) => new URL(page.url()).pathname;

for (const role of ROLES) {
  test(`${role.usrId} lands on ${role.home} with its app bar, back button, TEST badge, menu and logout`, async ({
    page,
    appPage,
    signOnPage,
    serverApi,
  }) => {
    const name = await signOn(page, role.usrId);
    await appPage.expectShell(role.title);
    // product.md#chat-enablement: shore users chat when they belong to a room (vessel users by their service: fixed in ROLES).
    const shore = !role.usrId.startsWith('vessel');
    const rooms = shore ? await serverApi.get<unknown[]>('/api/v2/app/chat/my-room-list/V') : [];
    const expected =
      rooms.length === 0 ? role.items : [...role.items.slice(0, 3), 'Chat Space', ...role.items.slice(3)];
    await expect.poll(() => pathOf(page)).toBe(role.home);
    await expect(appPage.testBadge).toBeVisible();
    await expect(appPage.back, 'no back button on the home').toHaveCount(0);

    // In this order, each named by its visible label (a badge's count is its description, not its name).
    const items = appPage.appBar.getByRole('listitem');
    await expect(items).toHaveCount(expected.length);
    for (const [i, label] of expected.entries())
      await expect(
        items.nth(i).getByRole(label === 'Notification' || label === 'Search' ? 'button' : 'link'),
      ).toHaveAccessibleName(label);
    await expect(appPage.appBarItem(role.title)).toHaveAttribute('aria-current', 'page');
    await page.screenshot({ path: `${SCREENSHOTS}/shell-home-${role.usrId}.png` });

    // The side menu: the user, the programs (World Status shown but not available), the user's device.
    const menu = await appPage.openMenu();
    await expect(menu.getByText(name, { exact: true })).toBeVisible();
    await expect(menu.getByText(role.usrId, { exact: true })).toBeVisible();
    const programs = menu.getByRole('navigation', { name: 'Programs' });
    await expect(programs.getByRole('link', { name: 'Setting' })).toHaveAttribute('href', '/setting');
    // The glossary, for every role (product.md#the-words-quay-uses).
    await expect(programs.getByRole('link', { name: 'What the words mean' })).toHaveAttribute(
      'href',
      '/help/',
    );
    if (role.usrId !== 'vessel' && role.usrId !== 'vessel2') {
      const worldStatus = programs.getByRole('link', { name: /World Status/ });
      if (role.usrId === 'operator' || role.usrId === 'agent' || role.usrId === 'staff')
        await expect(worldStatus).toHaveAttribute('aria-disabled', 'true');
    }
    await page.screenshot({ path: `${SCREENSHOTS}/shell-menu-${role.usrId}.png` });
    await menu.getByRole('button', { name: 'User Device Information' }).click();
    const device = page.getByRole('dialog', { name: 'User Device Information' });
    await expect(device.getByText('Device ID')).toBeVisible();
    await expect(device.getByText('Agent Info')).toBeVisible();
    await expect(device.getByText(/Chrome/)).toBeVisible();
    await appPage.closeDialog();

    // Elsewhere the back button shows and goes back to the home.
    await appPage.appBarItem(role.other.label).click();
    await expect.poll(() => pathOf(page)).toMatch(role.other.path);
    await expect(appPage.title).toHaveText(new RegExp(`^${role.other.title}`));
    await expect(appPage.back).toBeVisible();
    await appPage.back.click();
    await expect.poll(() => pathOf(page)).toBe(role.home);
    await expect(appPage.back).toHaveCount(0);

    await appPage.logout();
    await signOnPage.expectShown();
    expect(await appPage.localToken()).toBeNull();
  });
}

test('a page opened from a link goes back to the role home, and an unknown address shows not-found in the shell', async ({
  page,
  appPage,
}) => {
  await signOn(page, 'agent');
  await appPage.expectShell('Port Live');
  // A new tab with only this page in its history, as when a link from elsewhere opens the app.
  const tab = await page.context().newPage();
  await tab.goto('/service/AEX');
  const app = new AppPage(tab);
  await app.expectShell('Service');
  await (await page.context().newCDPSession(tab)).send('Page.resetNavigationHistory');
  expect(await tab.evaluate(() => history.length)).toBe(1);
  await app.back.click();
  await expect.poll(() => pathOf(tab)).toBe('/port/live');

  await tab.goto('/no/such/page');
  await app.expectShell('Not found');
  await expect(tab.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await tab.getByRole('link', { name: 'Go to your home page' }).click();
  await expect.poll(() => pathOf(tab)).toBe('/port/live');

  for (const [path, title] of [
    ['/setting', 'Setting'],
    ['/addressBook', 'Address Book'],
    ['/inform/gsi', 'GSI'],
    ['/inform/gvoLetter', 'GVO Letter'],
    ['/inform/sapphireFeedback', 'Sapphire Feedback'],
  ] as const) {
    await tab.goto(path);
    await app.expectShell(title);
    await expect(tab.getByRole('heading', { name: title, level: 2 })).toBeVisible();
    await expect(tab.getByText(/comes from your shipping line/)).toBeVisible();
  }
});

test('/health/ and /intro/ render without the header and the app bar', async ({ page, appPage }) => {
  await signOn(page, 'operator');
  await appPage.expectShell('My Vessel');
  await page.goto('/health/');
  await expect(page.getByRole('heading', { name: 'Quay health' })).toBeVisible();
  await expect(page.getByText('operator', { exact: true })).toBeVisible();
  // The server's data sources are for staff alone (integration.md#the-state-of-the-feeds).
  await expect(page.getByRole('heading', { name: 'Data sources' })).toHaveCount(0);
  await expect(appPage.header).toHaveCount(0);
  await expect(appPage.appBar).toHaveCount(0);
  await page.goto('/intro/');
  await expect(page.getByRole('heading', { name: 'Quay', level: 1 })).toBeVisible();
  await expect(appPage.header).toHaveCount(0);
  await expect(appPage.appBar).toHaveCount(0);
});

test('/health/ shows staff the state of the server’s data sources, asked afresh', async ({
  page,
  appPage,
}) => {
  await signOn(page, 'staff');
  await appPage.expectShell('My Vessel');
  await page.goto('/health/');
  const card = page.getByRole('region', { name: 'Data sources' });
  // The e2e server reads no source; the feeds' rows are tested against the server in tests/feed-state.test.ts.
  await expect(card.getByRole('status')).toHaveText(
    'No schedule source or AIS feed is configured on the server.',
  );
  await card.getByRole('button', { name: 'Check again' }).click();
  await expect(card.getByRole('button', { name: 'Check again' })).toBeEnabled();
});

test('a vessel user may not open another vessel, and the side menu links carry the current codes', async ({
  page,
  appPage,
}) => {
  await signOn(page, 'vessel');
  await appPage.expectShell('Voyage');
  await page.goto('/vessel/AHDS');
  await expect(page.getByRole('heading', { name: 'Not allowed' })).toBeVisible();
  await expect(page.getByText('You can open only your own vessel', { exact: false })).toBeVisible();

  await page.goto('/voyage');
  const menu = await appPage.openMenu();
  const programs = menu.getByRole('navigation', { name: 'Programs' });
  await expect(programs.getByRole('link', { name: 'Vessel', exact: true })).toHaveAttribute(
    'href',
    '/vessel/QHZN',
  );
  await expect(programs.getByRole('link', { name: 'Service' })).toHaveAttribute(
    'href',
    /^\/service\/[A-Z0-9]+$/,
  );
});

test('logout asks first; Cancel keeps the user signed on, and at sea it tells how many changes wait', async ({
  page,
  context,
  appPage,
  dataCore,
}) => {
  await signOn(page, 'staff');
  await appPage.expectShell('My Vessel');
  let menu = await appPage.openMenu();
  await menu.getByRole('button', { name: 'Logout' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Log out of Quay?' });
  await expect(confirm).toHaveAccessibleDescription('You need a link to sign on again.');
  await page.screenshot({ path: `${SCREENSHOTS}/shell-logout-confirm.png` });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toHaveCount(0);
  await appPage.closeDialog();
  await appPage.expectShell('My Vessel');
  expect(await appPage.localToken()).not.toBeNull();

  // A change made offline waits: the question says so.
  await context.setOffline(true);
  await dataCore.openSettings();
  // Arrival: other tests of this user change other switches.
  await dataCore.settingSwitch('Arrival').click();
  await expect(dataCore.syncStatus).toContainText('1 change waiting');
  await appPage.closeDialog();
  menu = await appPage.openMenu();
  await menu.getByRole('button', { name: 'Logout' }).click();
  // With no link the question is another: what becomes of the change (the crew change spec follows it through).
  const atSea = page.getByRole('alertdialog', { name: 'Log out with no link?' });
  await expect(atSea).toHaveAccessibleDescription(/1 change has not been sent\./);
  await page.keyboard.press('Escape');
  await expect(atSea).toHaveCount(0);
  expect(await appPage.localToken()).not.toBeNull();
  await context.setOffline(false);
  await expect(dataCore.syncStatus).not.toContainText('waiting');
});

test.describe('on a small phone (360x640)', () => {
  test.use({ viewport: { width: 360, height: 640 } });

  test('nothing overflows sideways and every control of the shell is at least 44 px', async ({
    page,
    appPage,
  }) => {
    await signOn(page, 'vessel');
    await appPage.expectShell('Voyage');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    const controls = [
      appPage.menuButton,
      ...['Vessel', 'Voyage', 'Notification', 'Chat Space', 'Search'].map((l) => appPage.appBarItem(l)),
    ];
    for (const control of controls) {
      const box = await control.boundingBox();
      expect(box, String(control)).not.toBeNull();
      expect(box?.width ?? 0).toBeGreaterThanOrEqual(44);
      expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
    }
    await page.screenshot({ path: `${SCREENSHOTS}/shell-home-vessel-360.png` });
    await appPage.openMenu();
    await page.screenshot({ path: `${SCREENSHOTS}/shell-menu-vessel-360.png` });
  });
});

test('after a first sign-on the app bar does not move when the chat rooms arrive with the first sync', async ({
  page,
  context,
}) => {
  // The first pull takes a while, as on a satellite link: the rooms (and with them Chat Space) come with it.
  let first = true;
  await context.route('**/api/v2/app/sync/pull', async (route) => {
    if (first) {
      first = false;
      await new Promise((r) => setTimeout(r, 3_000));
    }
    await route.continue();
  });
  await signOn(page, 'operator');
  const bar = page.getByRole('navigation', { name: 'App bar' });
  const notification = bar.getByRole('button', { name: 'Notification' });
  await expect(notification).toBeVisible();
  const before = await notification.boundingBox();
  await expect(bar.getByRole('link', { name: 'Chat Space' })).toBeVisible();
  // Where a finger on its way to Notification lands, Notification still is: no item came in before it.
  expect(await notification.boundingBox()).toEqual(before);
});
