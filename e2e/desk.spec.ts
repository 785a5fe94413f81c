// The desk layout of product.md#desk-layout at 1280x800: the side navigation, the page using the width, notifications
// and chat as list and detail side by side, by mouse and by keyboard; and the same flows at 390x844 as on the phone.
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { signOn } from './page-models/sign-on.ts';

const appBar = (page: Page) => page.getByRole('navigation', { name: 'App bar' });

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not on screen');
  return found;
}

async function openNotifications(page: Page) {
  await appBar(page).getByRole('button', { name: 'Notification' }).click();
  const dialog = page.getByRole('dialog', { name: 'Notification' });
  const list = dialog.getByRole('list', { name: 'Notifications' });
  await expect(list.getByRole('button').first()).toBeVisible();
  return { dialog, list };
}

test.describe('at the desk (1280x800)', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the app bar is a side navigation and the page takes the width', async ({ page }) => {
    await signOn(page, 'staff');
    const nav = appBar(page);
    await expect(nav.getByRole('link', { name: 'My Vessel' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('button', { name: 'Notification' })).toHaveAccessibleDescription(
      /unread notifications/,
    );
    const side = await box(nav);
    const main = await box(page.getByRole('main'));
    // Down the left edge, from under the header to the foot of the window; the page beside it, wide.
    expect(side.x).toBe(0);
    expect(side.y + side.height).toBe(800);
    expect(side.height).toBeGreaterThan(side.width);
    expect(main.x).toBeGreaterThanOrEqual(side.x + side.width);
    expect(main.width).toBeGreaterThan(900);

    // The items, in the order of the phone's bar, by keyboard.
    await nav.getByRole('link', { name: 'Vessel', exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/vessel(\/|$)/);
    await expect(nav.getByRole('link', { name: 'Vessel', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(nav.getByRole('link', { name: 'My Vessel' })).not.toHaveAttribute('aria-current', 'page');
  });

  test('notifications: the list with the selected one beside it, by mouse and keyboard', async ({ page }) => {
    await signOn(page, 'staff');
    const { dialog, list } = await openNotifications(page);
    const detail = dialog.getByRole('region', { name: 'Notification detail' });
    await expect(detail).toContainText('Choose a notification');

    const first = list.getByRole('button').first();
    const firstName = (await first.locator('.noti-item__name').textContent()) ?? '';
    await first.click();
    await expect(first).toHaveAttribute('aria-current', 'true');
    await expect(detail.getByRole('heading', { name: firstName })).toBeVisible();
    await expect(detail.getByRole('button', { name: 'Check schedule' })).toBeVisible();
    // Both in view at once, side by side; no accordion below the row.
    const listBox = await box(list);
    expect((await box(detail)).x).toBeGreaterThanOrEqual(listBox.x + listBox.width);
    await expect(first).not.toHaveAttribute('aria-expanded');

    // Arrow down to the next row, Enter shows it; one Tab goes from the list to the detail.
    const second = list.getByRole('button').nth(1);
    const secondName = (await second.locator('.noti-item__name').textContent()) ?? '';
    await page.keyboard.press('ArrowDown');
    await expect(second).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(second).toHaveAttribute('aria-current', 'true');
    await expect(first).not.toHaveAttribute('aria-current');
    await expect(detail.getByRole('heading', { name: secondName })).toBeVisible();
    // Its first control (the words' help link where the detail has times, else Check schedule).
    await page.keyboard.press('Tab');
    await expect(detail.locator(':focus')).toHaveCount(1);

    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
  });

  test('chat: the rooms stay beside the open room', async ({ page }) => {
    await signOn(page, 'staff');
    await appBar(page).getByRole('link', { name: 'Chat Space' }).click();
    await expect(page).toHaveURL(/\/chat\/$/);
    const rooms = page.getByRole('region', { name: 'Chat rooms' });
    await expect(page.getByText('Choose a room to read it here.')).toBeVisible();

    const horizon = rooms.getByRole('link', { name: /QUAY HORIZON/ });
    await horizon.click();
    await expect(page).toHaveURL(/\/chat\/QHZN$/);
    await expect(horizon).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('heading', { name: /QUAY HORIZON · AEX/ })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Messages' })).toBeVisible();
    await expect(rooms).toBeInViewport();

    // Another room by keyboard: the list stays, the conversation changes.
    const other = rooms.getByRole('link', { name: /ORIENT SAPPHIRE/ });
    await other.focus();
    await page.keyboard.press('Enter');
    await expect(other).toHaveAttribute('aria-current', 'page');
    await expect(horizon).not.toHaveAttribute('aria-current');
    await expect(page.getByRole('heading', { name: /ORIENT SAPPHIRE · / })).toBeVisible();
    await expect(rooms).toBeInViewport();
  });
});

test.describe('on the phone (390x844), as before', () => {
  test('the app bar at the foot; notifications open below their row', async ({ page }) => {
    await signOn(page, 'staff');
    const bar = await box(appBar(page));
    expect([bar.x, bar.width, bar.y + bar.height]).toEqual([0, 390, 844]);
    expect((await box(page.getByRole('main'))).width).toBeLessThanOrEqual(390);

    const { dialog, list } = await openNotifications(page);
    const first = list.getByRole('button').first();
    await first.click();
    await expect(first).toHaveAttribute('aria-expanded', 'true');
    await expect(dialog.getByRole('region', { name: 'Notification detail' })).toHaveCount(0);
    await expect(list.getByRole('button', { name: 'Check schedule' })).toBeVisible();
  });

  test('chat: the rooms, then one room alone, and back to the rooms', async ({ page }) => {
    await signOn(page, 'staff');
    await appBar(page).getByRole('link', { name: 'Chat Space' }).click();
    await page.getByRole('link', { name: /QUAY HORIZON/ }).click();
    await expect(page).toHaveURL(/\/chat\/QHZN$/);
    await expect(page.getByRole('list', { name: 'Messages' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Chat rooms' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page).toHaveURL(/\/chat\/$/);
    await expect(page.getByRole('region', { name: 'Chat rooms' })).toBeVisible();
  });
});
