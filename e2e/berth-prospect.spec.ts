// The berth prospect as staff meets it, on a phone and at a desk (product.md#chat-rooms, product.md#constants): a
// room staff is not in yet is joined on opening, with the message box and the Berth prospect button (at sea it says
// joining needs the link); the form takes its times the app's way (a UTC day, a 24-hour time), by keyboard, says
// beside a field what it could not read without losing it (axe finds nothing serious), and the message posted
// carries the times typed.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, SCREENSHOTS, test } from './fixtures.ts';
import { ChatPage } from './page-models/chat.ts';
import { signOn } from './page-models/sign-on.ts';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const two = (n: number) => String(n).padStart(2, '0');
/** The UTC day `days` from now, as the form's day list starts its label ("03-Dec") and as the message says it. */
function dayAhead(days: number): string {
  const d = new Date(Date.now() + days * 86_400_000);
  return `${two(d.getUTCDate())}-${MONTHS[d.getUTCMonth()] ?? ''}`;
}

/** Posts a prospect into the open room by keyboard alone: a time it cannot read first, then the right one. */
async function postByKeyboard(page: Page, shot: string) {
  const chat = new ChatPage(page);
  const button = page.getByRole('button', { name: 'Berth prospect' });
  await button.focus();
  await page.keyboard.press('Enter');
  const sheet = page.getByRole('dialog', { name: 'Berth prospect' });
  await expect(sheet).toBeVisible();
  const etbDay = sheet.getByRole('combobox', { name: 'ETB (UTC) Day' });
  const etbTime = sheet.getByRole('textbox', { name: 'ETB (UTC) Time' });
  const etdDay = sheet.getByRole('combobox', { name: 'ETD (UTC) Day' });
  const etdTime = sheet.getByRole('textbox', { name: 'ETD (UTC) Time' });
  const etb = dayAhead(6);
  const etd = dayAhead(7);
  const remark = `Pilot on board 13:00 ${Date.now().toString(36)}`;

  await sheet.getByRole('textbox', { name: 'Port' }).focus();
  await page.keyboard.type('sgsin');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Pasir Panjang Terminal');
  await page.keyboard.press('Tab');
  await expect(etbDay).toBeFocused();
  // A closed list picks the day whose label starts with what is typed.
  await page.keyboard.type(etb);
  await expect(etbDay.locator('option:checked')).toHaveText(new RegExp(`^${etb}-\\d\\d `));
  await page.keyboard.press('Tab');
  await page.keyboard.type('2:30 PM');
  await page.keyboard.press('Enter');

  // Not read: said beside the field, which keeps what was typed and has the focus.
  await expect(sheet.getByRole('alert')).toHaveText('Check the field marked below.');
  await expect(etbTime).toHaveAccessibleDescription(
    '"2:30 PM" is not a time: write the ETB as HH:mm, 24-hour, for example 14:30.',
  );
  await expect(etbTime).toHaveValue('2:30 PM');
  await expect(etbTime).toBeFocused();
  await page.screenshot({ path: `${SCREENSHOTS}/${shot}-error.png` });
  // The sheet with its message, read by axe: nothing serious or critical.
  const { violations } = await new AxeBuilder({ page }).include('dialog[open]').analyze();
  expect(
    violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id),
  ).toEqual([]);

  await page.keyboard.press('ControlOrMeta+A');
  // Digits alone, as a phone's number pad gives them, are read back the app's way.
  await page.keyboard.type('1430');
  await expect(etbTime).toHaveAccessibleDescription(new RegExp(`^Posted as 14:30 ${etb}-\\d\\d UTC$`));
  await page.keyboard.press('Tab');
  await expect(etdDay).toBeFocused();
  await page.keyboard.type(etd);
  await page.keyboard.press('Tab');
  await page.keyboard.type('06:00');
  await expect(etdTime).toHaveAccessibleDescription(new RegExp(`^Posted as 06:00 ${etd}-\\d\\d UTC$`));
  await page.keyboard.press('Tab');
  await page.keyboard.type(remark);
  await page.screenshot({ path: `${SCREENSHOTS}/${shot}-form.png` });
  await page.keyboard.press('Tab');
  await expect(sheet.getByRole('button', { name: 'Post berth prospect' })).toBeFocused();
  await page.keyboard.press('Enter');

  // The server's own text of what it stored: the times as typed, in UTC.
  await expect(sheet).toBeHidden();
  const posted = chat.message(
    `Berth prospect SGSIN Pasir Panjang Terminal: ETB 14:30 ${etb}, ETD 06:00 ${etd} (UTC). ${remark}`,
  );
  await expect(posted).toContainText(/Sent|Read/, { timeout: 20_000 });
  await page.screenshot({ path: `${SCREENSHOTS}/${shot}-posted.png` });
}

test('on a phone, staff joins a room it is not in, online only, and posts a berth prospect by keyboard', async ({
  page,
  context,
  appPage,
}) => {
  test.setTimeout(120_000);
  await signOn(page, 'staff');
  await appPage.waitForServiceWorkerControl();
  // The device holds staff's rooms (Chat Space is drawn once it does), QFLC not among them.
  await expect(new ChatPage(page).chatSpace).toBeVisible();
  // At sea the device cannot join: it says so, and offers no message box.
  await context.setOffline(true);
  await page.goto('/chat/QFLC');
  await expect(page.getByText('Joining it needs the link')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveCount(0);
  await page.screenshot({ path: `${SCREENSHOTS}/berth-join-at-sea.png` });

  await context.setOffline(false);
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Not your chat room' })).toHaveCount(0);
  await postByKeyboard(page, 'berth-phone');
});

test.describe('at the desk (1280x800)', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('staff joins a room it is not in and posts a berth prospect by keyboard', async ({ page }) => {
    test.setTimeout(120_000);
    await signOn(page, 'staff');
    await page.goto('/chat/QBCN');
    await expect(page.getByRole('textbox', { name: 'Message' })).toBeVisible();
    // Joined: the room is in the list beside it.
    await expect(page.locator('a[href="/chat/QBCN"]')).toHaveAttribute('aria-current', 'page');
    await postByKeyboard(page, 'berth-desk');
  });
});
