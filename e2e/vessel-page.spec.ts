// The vessel page as tracker users expect it (issue 25; product.md#follow-on-the-vessel-page, product.md#past-calls,
// product.md#port-local-time): Follow and Unfollow (at sea too, through the outbox), the particulars folded near the
// top, the past calls asked for only when opened, and the port's local time beside UTC, on a phone and at the desk.
import { expect, SCREENSHOTS, test } from './fixtures.ts';
import { signOn } from './page-models/sign-on.ts';
import type { FleetResponse } from '../src/core/contract/vessel.ts';

const VESSEL = 'OCRS';
const FLEET = '/api/v2/app/vessel/info/fleet';

for (const size of [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desk', viewport: { width: 1280, height: 800 } },
]) {
  test.describe(`on a ${size.name}`, () => {
    test.use({ viewport: size.viewport });

    test('particulars sit folded near the top; past calls come when opened, with port local time', async ({
      page,
    }) => {
      await signOn(page, 'staff');
      const asked: string[] = [];
      page.on('request', (r) => {
        if (r.url().includes('/past-calls')) asked.push(r.url());
      });
      await page.goto(`/vessel/${VESSEL}`);
      const particulars = page.getByText('Particulars', { exact: true });
      await expect(particulars).toBeVisible();
      // Folded: the summary line names the vessel's identifiers, the rows wait.
      await expect(page.getByText('IMO number', { exact: true })).toBeHidden();
      const schedule = page.getByRole('heading', { name: 'Schedule' });
      await expect(schedule).toBeVisible();
      const [p, s] = [await particulars.boundingBox(), await schedule.boundingBox()];
      expect(p && s && p.y < s.y).toBe(true);
      await particulars.click();
      await expect(page.getByText('IMO number', { exact: true })).toBeVisible();

      // Each voyage time shows the port's local time under UTC.
      const widget = page.locator('#IBM_W2030');
      await expect(widget.getByText(/^\d\d:\d\d( \d\d-[A-Z][a-z]{2})? local$/).first()).toBeVisible();

      // The past calls are not part of the page's answers until the section opens.
      expect(asked).toEqual([]);
      await page.getByText('Past calls', { exact: true }).click();
      const list = page.getByRole('list', { name: 'Past calls, newest first' });
      await expect(list).toBeVisible();
      const n = await list.getByRole('listitem').count();
      expect(n).toBeGreaterThan(0);
      expect(n).toBeLessThanOrEqual(10);
      await expect(list.getByText(/local$/).first()).toBeVisible();
      expect(asked.length).toBe(1);
      await list.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SCREENSHOTS}/vessel-page-past-calls-${size.name}.png` });
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: `${SCREENSHOTS}/vessel-page-top-${size.name}.png` });
    });
  });
}

test('a shore user follows a vessel from its page, and unfollows it at sea', async ({
  page,
  context,
  appPage,
  serverApi,
}) => {
  await signOn(page, 'agent');
  await appPage.waitForServiceWorkerControl();
  const followed = async () =>
    (await serverApi.get<FleetResponse>(FLEET)).vessels.find((v) => v.vslCd === VESSEL)?.followed;
  expect(await followed()).toBe(false);
  await page.goto(`/vessel/${VESSEL}`);
  const follow = page.getByRole('button', { name: /^Follow / });
  await expect(follow).toBeVisible();
  await follow.click();
  await expect(page.getByText('You follow this vessel.')).toBeVisible();
  await expect.poll(followed).toBe(true);

  // At sea: the change shows at once and waits, then goes when the link returns.
  await context.setOffline(true);
  await page.getByRole('button', { name: /^Unfollow / }).click();
  await expect(page.getByText('Not on your My Vessel list.')).toBeVisible();
  await expect(page.getByText('Waiting to send')).toBeVisible();
  expect(await followed()).toBe(true);
  await page.screenshot({ path: `${SCREENSHOTS}/vessel-page-unfollow-at-sea.png` });
  await context.setOffline(false);
  await expect.poll(followed, { timeout: 20_000 }).toBe(false);
  await expect(page.getByText('Waiting to send')).toBeHidden();
  await expect(page.getByRole('button', { name: /^Follow / })).toBeVisible();
});

test('a vessel user has no Follow on its own vessel', async ({ page }) => {
  await signOn(page, 'vessel');
  await page.goto('/vessel/QHZN');
  await expect(page.getByText('Particulars', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: /^(Follow|Unfollow) / })).toHaveCount(0);
});
