// Unknown codes (product.md#unknown-codes): a vessel, voyage, port or chat room that does not exist shows one plain
// "not found" with a way back and nothing else; and a room the user may not write in has no composer.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { signOn } from './page-models/sign-on.ts';

/** Nothing of a real page: no Share, no calendar, no map, no message box. */
async function expectNothingElse(page: Page) {
  const main = page.getByRole('main');
  await expect(main.getByRole('button', { name: /Share/ })).toHaveCount(0);
  await expect(main.getByRole('button', { name: /calendar/i })).toHaveCount(0);
  await expect(main.getByRole('img', { name: /^Map/ })).toHaveCount(0);
  await expect(main.getByRole('textbox', { name: 'Message' })).toHaveCount(0);
  // At the desk a shore user's rooms stay beside a room (product.md#desk-layout): the one other heading allowed.
  await expect(main.getByRole('heading', { level: 2 }).filter({ hasNotText: /^Chat rooms$/ })).toHaveCount(1);
}

const CASES = [
  ['/vessel/ZZZZ', 'Vessel ZZZZ not found', 'Go to your home page', /\/myvessel$/],
  ['/voyage/ZZZZ', 'Vessel ZZZZ not found', 'Go to your home page', /\/myvessel$/],
  ['/port/live/ZZZZZ', 'Port ZZZZZ not found', 'Go to your home page', /\/myvessel$/],
  ['/port/status/ZZZZZ', 'Port ZZZZZ not found', 'Go to your home page', /\/myvessel$/],
  ['/chat/ZZZZ', 'Chat room ZZZZ not found', 'Back to chat rooms', /\/chat\/$/],
  ['/chat/ZZZZZZ', 'Chat room ZZZZZZ not found', 'Back to chat rooms', /\/chat\/$/],
] as const;

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test.describe(`at ${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport });

    for (const [path, heading, back, home] of CASES) {
      test(`${path} says "${heading}" with a way back, and nothing else`, async ({ page }) => {
        await signOn(page, 'staff');
        await page.goto(path);
        const main = page.getByRole('main');
        await expect(main.getByRole('heading', { name: heading })).toBeVisible();
        await expectNothingElse(page);
        await main.getByRole('link', { name: back }).click();
        await expect(page).toHaveURL(home);
      });
    }
  });
}

test('a viewer has no composer in a room it is not a member of', async ({ page }) => {
  await signOn(page, 'viewer');
  await page.goto('/chat/QHZN');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'Not your chat room' })).toBeVisible();
  await expect(main.getByRole('textbox', { name: 'Message' })).toHaveCount(0);
});

test('a member still writes in its own room', async ({ page }) => {
  await signOn(page, 'vessel');
  await page.goto('/chat/QHZN');
  await expect(page.getByRole('main').getByRole('textbox', { name: 'Message' })).toBeVisible();
});
