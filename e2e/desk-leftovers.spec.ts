// Three leftovers of the desk (product.md#desk-layout, product.md#the-map, product.md#unknown-codes): a push-clicked
// notification opens beside the list at the desk (its own drawer on the phone), every vessel on My Vessel's map has a
// label at both sizes, and a code that names no vessel is never remembered as the current vessel.
import type { Page } from '@playwright/test';
import type { SwToWindowMessage } from '../src/core/contract/push.ts';
import { expect, SCREENSHOTS, test } from './fixtures.ts';
import { signOn } from './page-models/sign-on.ts';

const PHONE = { width: 390, height: 844 };
const DESK = { width: 1280, height: 800 };

/** What the service worker's notification click posts to an open window (sw/push.ts), as push.spec.ts does. */
function postAsServiceWorker(page: Page, message: SwToWindowMessage): Promise<void> {
  return page.evaluate((data) => {
    navigator.serviceWorker.dispatchEvent(new MessageEvent('message', { data }));
  }, message);
}

test.describe('a clicked notification', () => {
  test('at the desk: the list with it selected beside it, and read', async ({ page, context, serverApi }) => {
    await page.setViewportSize(DESK);
    // agent: no other spec counts its reads or its notifications.
    await signOn(page, 'agent');
    const [notSeq] = await serverApi.injectNotifications({ usrId: 'agent', notId: 'N001' });
    if (notSeq === undefined) throw new Error('the dev API created no notification');
    const item = (await serverApi.notificationList()).find((n) => n.notSeq === notSeq);
    if (!item) throw new Error(`the server does not list notification ${notSeq}`);
    expect(item.notReadYn).toBe('N');

    await postAsServiceWorker(page, { type: 'open-notification', notSeq });
    const dialog = page.getByRole('dialog', { name: 'Notification' });
    const list = dialog.getByRole('list', { name: 'Notifications' });
    const detail = dialog.getByRole('region', { name: 'Notification detail' });
    await expect(list).toBeVisible();
    await expect(detail.getByRole('heading', { name: item.notNm })).toBeVisible();
    await expect(list.locator('button[aria-current="true"]')).toHaveCount(1);
    await expect(list.locator('button[aria-current="true"]')).toContainText(item.notNm);
    await page.screenshot({ path: `${SCREENSHOTS}/push-click-desk.png` });
    // Marked read, as a click in the list does (through the outbox to the server).
    await expect
      .poll(async () => (await serverApi.notificationList()).find((n) => n.notSeq === notSeq)?.notReadYn)
      .toBe('Y');

    // With no window open the click opens /?notSeq=N: the same list with it beside it.
    const opened = await context.newPage();
    await opened.setViewportSize(DESK);
    await opened.goto(`/?notSeq=${notSeq}`);
    const again = opened.getByRole('dialog', { name: 'Notification' });
    await expect(again.getByRole('list', { name: 'Notifications' })).toBeVisible();
    await expect(
      again.getByRole('region', { name: 'Notification detail' }).getByRole('heading', { name: item.notNm }),
    ).toBeVisible();
  });

  test('on the phone: its own detail, as before', async ({ page, serverApi }) => {
    await page.setViewportSize(PHONE);
    await signOn(page, 'agent');
    const item = (await serverApi.notificationList())[0];
    if (!item) throw new Error('agent has no notification');
    await postAsServiceWorker(page, { type: 'open-notification', notSeq: item.notSeq });
    const dialog = page.getByRole('dialog', { name: 'Notification' });
    await expect(dialog.getByRole('heading', { name: item.notNm })).toBeVisible();
    await expect(dialog.getByRole('list', { name: 'Notifications' })).toHaveCount(0);
  });
});

for (const viewport of [PHONE, DESK]) {
  for (const user of ['staff', 'operator']) {
    test(`My Vessel at ${viewport.width}x${viewport.height}: every ${user} vessel on the map has a label`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await signOn(page, user);
      await page.goto('/myvessel');
      const region = page.getByRole('region', { name: 'Map' });
      await region.scrollIntoViewIfNeeded();
      const svg = region.locator('svg.world-map__svg');
      await expect(svg.locator('g.world-map__marker').first()).toBeAttached();
      const count = () =>
        svg.evaluate((s) => {
          const { width, height } = s.getBoundingClientRect();
          const inside = [...s.querySelectorAll('g.world-map__marker')].filter((g) => {
            const [x = -1, y = -1] = (g.getAttribute('transform') ?? '').match(/[-\d.]+/g)?.map(Number) ?? [];
            return x >= 0 && x <= width && y >= 0 && y <= height;
          }).length;
          const alone = s.querySelectorAll('text.world-map__label--vessel').length;
          const grouped = [...(s.parentElement?.querySelectorAll('.world-map__group') ?? [])]
            .map((b) => Number(b.textContent?.match(/\+(\d+)$/)?.[1] ?? 0) + 1)
            .reduce((a, b) => a + b, 0);
          return { inside, named: alone + grouped };
        });
      await expect.poll(async () => (await count()).inside).toBeGreaterThan(1);
      const { inside, named } = await count();
      expect(named).toBe(inside);
      await region.screenshot({ path: `${SCREENSHOTS}/myvessel-map-${user}-${viewport.width}.png` });
    });
  }
}

test('an unknown vessel code is not remembered: the Vessel tab opens the last real vessel', async ({
  page,
}) => {
  await signOn(page, 'staff');
  await page.goto('/vessel/QHZN');
  await expect(
    page
      .getByRole('main')
      .getByRole('heading', { name: /QUAY HORIZON/ })
      .first(),
  ).toBeVisible();
  await page.goto('/vessel/ZZZZ');
  await expect(page.getByRole('heading', { name: 'Vessel ZZZZ not found' })).toBeVisible();
  await page
    .getByRole('navigation', { name: 'App bar' })
    .getByRole('link', { name: 'Vessel', exact: true })
    .click();
  // The tab's link names the current vessel, or none (/vessel, which opens the one last opened): never ZZZZ.
  await expect(page).toHaveURL(/\/vessel(\/QHZN)?$/);
  await expect(page.getByRole('heading', { name: /not found/ })).toHaveCount(0);
  await expect(
    page
      .getByRole('main')
      .getByRole('heading', { name: /QUAY HORIZON/ })
      .first(),
  ).toBeVisible();
});
