// Sign-on end to end: from no session to the signed-on app with a stored token, a wrong password, sign-out,
// and the app shell opening offline after one online visit.
import { expect, SCREENSHOTS, test } from './fixtures.ts';

const JWT = /^[\w-]+\.[\w-]+\.[\w-]+$/;

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

test('signed out and offline, the app shell says the server cannot be reached, and Try again leads to sign-on', async ({
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

  await expect(appPage.title).toBeVisible();
  await expect(page).toHaveTitle('Quay');
  // No token on the device and no link: the error view with a way to retry, not Chromium's offline page and not
  // the previous user's data.
  await expect(appPage.tryAgain).toBeVisible();
  await expect(appPage.menuButton).toHaveCount(0);
  await expect(appPage.appBar).toHaveCount(0);
  await page.screenshot({ path: `${SCREENSHOTS}/offline.png` });

  await context.setOffline(false);
  await appPage.tryAgain.click();
  await signOnPage.expectShown();
});
