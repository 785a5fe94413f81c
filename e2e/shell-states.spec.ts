// The shell's states end to end: the error fallback page of product.md#errors when loading the user is refused, fails or
// hangs; the role's home opening offline with its data; pull-to-refresh with a mouse and a finger starting a sync; a
// drawer whose code is not on the device yet closing with a word why.
import type { Page } from '@playwright/test';
import { expect, SCREENSHOTS, test } from './fixtures.ts';
import { ApiCallCounter } from './page-models/data-core.ts';
import { readQuayDb, syncedDatasets } from './page-models/quay-db.ts';
import { SearchPage } from './page-models/search.ts';
import { signOn } from './page-models/sign-on.ts';

const LOGGED_USER = '/api/v2/app/common/logged-user';
const PROGRAMS = '/api/v2/app/common/programs';

test('loading the user: 403, 500 and a hang each show a plain heading, the code beneath, and Try again; the spinner says what it waits for', async ({
  page,
  context,
  appPage,
  serverApi,
}) => {
  test.setTimeout(120_000);
  // Faults for this browser's session only: other tests run beside this one, some as the same user.
  const sid = await serverApi.signOnSession('viewer', () => context.cookies());
  await serverApi.fault({ path: LOGGED_USER, sid, status: 403, times: 1 });
  await page.goto('/');
  const forbidden = page.getByRole('region', { name: 'Not allowed' });
  await expect(forbidden).toBeVisible();
  await expect(forbidden.getByText('Code: ForbiddenError')).toBeVisible();
  await expect(forbidden.getByRole('button', { name: 'Sign on as another user' })).toBeVisible();
  await expect(forbidden.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await expect(forbidden).toHaveClass(/error-view--warning/);
  await expect(forbidden.getByText('Injected fault: 403')).toBeVisible();
  await expect(appPage.appBar).toHaveCount(0);
  await page.screenshot({ path: `${SCREENSHOTS}/error-forbidden.png` });

  await serverApi.fault({ path: LOGGED_USER, sid, status: 500, times: 1 });
  await appPage.tryAgain.click();
  const unknown = page.getByRole('region', { name: 'Something went wrong' });
  await expect(unknown).toBeVisible();
  await expect(unknown.getByText('Code: UnknownError')).toBeVisible();
  await expect(unknown.getByRole('button', { name: 'Sign out' })).toHaveCount(0);
  await expect(unknown).toHaveClass(/error-view--error/);
  await expect(unknown.getByText('Injected fault: 500')).toBeVisible();

  // Longer than the client's 20 s timeout: a spinner, then the timeout page.
  await serverApi.fault({ path: LOGGED_USER, sid, delayMs: 30_000, times: 1 });
  await appPage.tryAgain.click();
  await expect(appPage.spinner).toBeVisible();
  await expect(
    page.getByRole('status').filter({ hasText: 'Waiting for the server to confirm who is signed on' }),
  ).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}/spinner-waiting.png` });
  const timeout = page.getByRole('region', { name: 'No answer in time' });
  await expect(timeout).toBeVisible({ timeout: 40_000 });
  await expect(timeout).toHaveClass(/error-view--warning/);
  await expect(timeout.getByText(/did not answer/)).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}/error-timeout.png` });

  await appPage.tryAgain.click();
  await appPage.expectShell('My Vessel');
});

test("offline, a reload opens the role's home in the shell with the data this device has", async ({
  page,
  context,
  appPage,
}) => {
  await signOn(page, 'agent');
  await appPage.expectShell('Port Live');
  await expect
    .poll(async () => syncedDatasets(await readQuayDb(page), ['user', 'pull', 'programs']))
    .toEqual(['user', 'pull', 'programs']);
  await appPage.waitForServiceWorkerControl();
  const ports = (await readQuayDb(page)).myPorts.map((p) => p.portCd);
  expect(ports.length).toBeGreaterThanOrEqual(3);

  await context.setOffline(true);
  await page.reload();
  await appPage.expectShell('Port Live');
  await expect(page.getByRole('status', { name: 'Sync status' })).toContainText('Offline');
  const yourPorts = page.getByRole('navigation', { name: 'Your ports' });
  for (const portCd of ports) await expect(yourPorts.getByRole('link', { name: portCd })).toBeVisible();
  await expect(page.getByRole('heading', { name: new RegExp(`\\(${ports[0]}\\)`) })).toBeVisible();
  await expect(appPage.appBarItem('Notification')).toHaveAccessibleDescription(/unread notifications/);
  await page.screenshot({ path: `${SCREENSHOTS}/shell-offline-agent.png` });

  // The agent switches to another of its ports, offline too.
  await yourPorts.getByRole('link', { name: ports[1] as string }).click();
  await expect(page).toHaveURL(new RegExp(`/port/live/${ports[1]}$`));
  await expect(yourPorts.getByRole('link', { name: ports[1] as string })).toHaveAttribute(
    'aria-current',
    'page',
  );
});

/** Drags the page down from near the top with the mouse or a finger (CDP touch events). */
async function pull(page: Page, how: 'mouse' | 'touch', distance: number): Promise<void> {
  const x = 195;
  const y0 = 160;
  const steps = 12;
  if (how === 'mouse') {
    await page.mouse.move(x, y0);
    await page.mouse.down();
    for (let i = 1; i <= steps; i++) await page.mouse.move(x, y0 + (distance * i) / steps);
    await page.mouse.up();
    return;
  }
  const cdp = await page.context().newCDPSession(page);
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', y: number | null) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints: y === null ? [] : [{ x, y }] });
  await touch('touchStart', y0);
  for (let i = 1; i <= steps; i++) await touch('touchMove', y0 + (distance * i) / steps);
  await touch('touchEnd', null);
}

for (const how of ['mouse', 'touch'] as const) {
  test(`pull-to-refresh with the ${how} past the threshold syncs everything; a short pull does not`, async ({
    page,
    appPage,
  }) => {
    const calls = new ApiCallCounter(page);
    await signOn(page, 'operator');
    await appPage.expectShell('My Vessel');
    await expect.poll(() => calls.count(PROGRAMS)).toBe(1);
    await expect(page.getByRole('status', { name: 'Sync status' })).toContainText(/Updated|Up to date/);

    // 30 px of travel stays under the threshold of 60 after resistance: nothing happens.
    await pull(page, how, 30);
    await page.waitForTimeout(500);
    expect(calls.count(PROGRAMS)).toBe(1);

    // A full pull: the rarely changing datasets are asked for again (a routine pass would not).
    await pull(page, how, 200);
    await expect.poll(() => calls.count(PROGRAMS)).toBe(2);
    await appPage.expectShell('My Vessel');
  });
}

test.describe('a drawer whose code is not on the device', () => {
  // No service worker: the drawer's chunk can only come from the network, as before the first install is complete.
  test.use({ serviceWorkers: 'block' });

  test('closes at once and says why, and opens at the next tap once its code can be fetched', async ({
    page,
  }) => {
    const chunk = '**/assets/later-*.js';
    await page.route(chunk, (route) => route.abort('internetdisconnected'));
    await signOn(page, 'agent');
    const search = new SearchPage(page);
    await search.button.click();
    await expect(page.getByRole('alert')).toContainText('Try again when there is a link.');
    await expect(search.drawer).toBeHidden();
    await page.screenshot({ path: `${SCREENSHOTS}/drawer-not-on-device.png` });
    await page.unroute(chunk);
    await search.open();
  });
});
