// The install banner of product.md#who-uses-it: "Please install the app" with "Install App" when the browser offers installation
// (its beforeinstallprompt event, fired here by the test as Chromium would), the add-to-home-screen hint on iOS,
// and gone once dismissed, also after a reload.
import { expect, SCREENSHOTS, test } from './fixtures.ts';
import { signOn } from './page-models/sign-on.ts';

test('offered by the browser: Install App prompts once and the banner goes', async ({ page, appPage }) => {
  await signOn(page, 'agent');
  await appPage.expectShell('Port Live');
  const banner = page.getByRole('region', { name: 'Install' });
  await expect(banner).toHaveCount(0);

  // What Chromium fires when the app is installable: the page keeps it and prompts on the user's click.
  await page.evaluate(() => {
    const event = new Event('beforeinstallprompt', { cancelable: true }) as Event & Record<string, unknown>;
    (window as unknown as { prompted: number }).prompted = 0;
    event.prompt = () => {
      (window as unknown as { prompted: number }).prompted += 1;
      return Promise.resolve();
    };
    event.userChoice = Promise.resolve({ outcome: 'accepted', platform: 'web' });
    window.dispatchEvent(event);
  });
  await expect(banner.getByText('Please install the app')).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}/install-banner.png` });
  await banner.getByRole('button', { name: 'Install App' }).click();
  await expect(banner).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { prompted: number }).prompted)).toBe(1);
});

test.describe('on an iPhone', () => {
  test.use({
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
  });

  test('it says to add the app to the home screen, and stays away once dismissed', async ({
    page,
    appPage,
  }) => {
    await signOn(page, 'vessel');
    await appPage.expectShell('Voyage');
    const banner = page.getByRole('region', { name: 'Install' });
    await expect(banner.getByText('Please install through adding to home screen')).toBeVisible();
    await expect(banner.getByRole('button', { name: 'Install App' })).toHaveCount(0);
    await banner.getByRole('button', { name: 'Dismiss install banner' }).click();
    await expect(banner).toHaveCount(0);
    await page.reload();
    await appPage.expectShell('Voyage');
    await expect(banner).toHaveCount(0);
  });
});
