// Sign-on end to end: from no session to the signed-on app with a stored token, a wrong password, sign-out,
// the app shell opening offline after one online visit, a repeat visit that shows the stored user before the
// server answers, and another user signing on over a stored session.
import type { Page } from '@playwright/test';
import { expect, SCREENSHOTS, test } from './fixtures.ts';
import { AppPage } from './page-models/app.ts';
import type { SignOnPage } from './page-models/sign-on.ts';

const JWT = /^[\w-]+\.[\w-]+\.[\w-]+$/;

/** Signs the vessel user on from `/` and waits for its home's data. */
async function signOnVesselWithData(page: Page, signOnPage: SignOnPage): Promise<void> {
  await page.goto('/');
  await signOnPage.signOn('vessel', 'demo');
  await expect(page).toHaveURL(/\/voyage$/);
  await expect(page.getByRole('status', { name: 'Data age' })).toContainText(/^As of /);
}

test('opening the app with no session leads through sign-on to the signed-on app with a stored token', async ({
  page,
  signOnPage,
  appPage,
}) => {
  await page.goto('/');
  await signOnPage.expectShown();
  await page.screenshot({ path: `${SCREENSHOTS}/sign-on.png` });
  const master = await signOnPage.demoUserName('vessel');

  await signOnPage.signOn('vessel', 'demo');

  // Back from sign-on at `/`, which goes to the vessel user's home.
  await expect(page).toHaveURL(/\/voyage$/);
  await appPage.expectSignedOnAs(master);
  const token = await appPage.localToken();
  expect(token).toMatch(JWT);
  expect(await appPage.idbToken()).toBe(token);
  await page.screenshot({ path: `${SCREENSHOTS}/signed-on.png` });
});

test('a wrong password shows the form again with an error and does not leave it', async ({
  page,
  signOnPage,
}) => {
  await page.goto('/');
  await signOnPage.expectShown();

  await signOnPage.signOn('vessel', 'not-the-password');

  await expect(signOnPage.error).toContainText('not correct');
  await signOnPage.expectShown();
  await expect(signOnPage.userId).toHaveValue('vessel');
  await page.screenshot({ path: `${SCREENSHOTS}/sign-on-error.png` });
});

test('signing out removes the token and a reload lands on the sign-on page again', async ({
  page,
  signOnPage,
  appPage,
}) => {
  await page.goto('/');
  await signOnPage.signOn('agent', 'demo');
  await appPage.expectShell('Port Live');
  expect(await appPage.localToken()).toMatch(JWT);

  await appPage.logout();

  await signOnPage.expectShown();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await page.goto('/');
  await signOnPage.expectShown();
});

test('signed out and offline, the app shell says nobody can sign on without a link, and opens sign-on when it returns', async ({
  page,
  context,
  signOnPage,
  appPage,
}) => {
  await page.goto('/');
  await signOnPage.signOn('operator', 'demo');
  await appPage.expectShell('My Vessel');
  await appPage.waitForServiceWorkerControl();
  await appPage.logout();
  await signOnPage.expectShown();

  await context.setOffline(true);
  await page.goto('/');

  await expect(page).toHaveTitle('Quay');
  // No token on the device and no link: the app's own page saying why, not Chromium's offline page and not the
  // previous user's data.
  await expect(page.getByRole('heading', { name: 'You are logged out' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText('Nobody can sign on until there is a link');
  await expect(appPage.menuButton).toHaveCount(0);
  await expect(appPage.appBar).toHaveCount(0);
  await page.screenshot({ path: `${SCREENSHOTS}/offline.png` });

  await context.setOffline(false);
  await signOnPage.expectShown();
});

test('a repeat visit shows the stored user and its data at once, while the server is still asked who is signed on', async ({
  page,
  context,
  signOnPage,
  serverApi,
}) => {
  await signOnVesselWithData(page, signOnPage);
  // The app is closed; nothing of that visit is still under way.
  await page.close();

  // The link carries nothing for this browser (as at sea when the dish loses the satellite while the device still
  // believes it is online): its calls hang longer than the client waits for them.
  const sid = (await context.cookies()).find((c) => c.name === 'quay_sid')?.value as string;
  for (const path of ['/IBP_REFRESH.do', '/api/v2/app/'])
    await serverApi.fault({ path, sid, delayMs: 60_000, times: 100 });
  const again = await context.newPage();
  let asked = 0;
  let answered = 0;
  const isServer = (url: string) => /^\/(IBP_REFRESH\.do|api\/v2\/app\/)/.test(new URL(url).pathname);
  again.on('request', (r) => void (isServer(r.url()) && (asked += 1)));
  again.on('requestfinished', (r) => void (isServer(r.url()) && (answered += 1)));
  again.on('requestfailed', (r) => void (isServer(r.url()) && (answered += 1)));

  // Opened again.
  await again.goto('/');
  await new AppPage(again).expectShell('Voyage');
  await expect(again.getByRole('status', { name: 'Data age' })).toContainText(/^As of /);
  await expect(
    again
      .getByRole('list', { name: /^Calls of voyage/ })
      .getByRole('listitem')
      .first(),
  ).toBeVisible();
  // The sync the visit starts is on its way to the server, and nothing has come back from it.
  await expect.poll(() => asked).toBeGreaterThan(0);
  expect(answered).toBe(0);
  await again.screenshot({ path: `${SCREENSHOTS}/sign-on-repeat-visit.png` });
});

test('another user signing on over a stored session opens as that user and never shows the stored one', async ({
  page,
  signOnPage,
  appPage,
}) => {
  await signOnVesselWithData(page, signOnPage);

  // Every address the app shows in this tab from now on, across page loads.
  await page.addInitScript(() => {
    const log = (url: string | URL | null | undefined) => {
      if (!url) return;
      const seen = JSON.parse(sessionStorage.getItem('quay-e2e-paths') ?? '[]') as string[];
      seen.push(new URL(String(url), location.href).pathname);
      sessionStorage.setItem('quay-e2e-paths', JSON.stringify(seen));
    };
    log(location.href);
    for (const method of ['pushState', 'replaceState'] as const) {
      const original = history[method].bind(history);
      history[method] = (data: unknown, unused: string, url?: string | URL | null) => {
        log(url);
        original(data, unused, url);
      };
    }
  });
  // No sign-out: the vessel user's token and data stay on the device while the agent signs on in this browser.
  await page.goto('/sso/login');
  const agent = await signOnPage.demoUserName('agent');
  await signOnPage.signOn('agent', 'demo');
  await appPage.expectShell('Port Live');
  await expect(page.getByRole('status', { name: 'Data age' }).first()).toContainText(/^As of /);
  const paths = await page.evaluate(
    () => JSON.parse(sessionStorage.getItem('quay-e2e-paths') ?? '[]') as string[],
  );
  expect(paths.filter((p) => p !== '/sso/login')).not.toContain('/voyage');
  expect(paths).toContain('/port/live');
  await appPage.expectSignedOnAs(agent);
});
