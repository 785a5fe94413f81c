// Chat beyond messages, in Chromium against the real server: a ship reads while offline and the shore sees the read
// receipt once the link returns (the read mark waited in the outbox); /health/ shows the chat connection of the tab
// that holds it, and "disabled" for a vessel whose service is not chat-enabled; a shore user's berth prospect form
// says what is wrong, and the prospect is posted from the conversation, offline too; a ship's push alert about a
// message nobody has read waits in the outbox at sea and goes once. Each test has a room of its own
// (QCRL, OSPH, QMRD), so the specs running beside it do not read its messages.
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { expect, SCREENSHOTS, test, watchHealth } from './fixtures.ts';
import { ChatPage } from './page-models/chat.ts';
import { readQuayDb } from './page-models/quay-db.ts';
import { SignOnPage } from './page-models/sign-on.ts';

interface Side {
  context: BrowserContext;
  page: Page;
  chat: ChatPage;
  problems: string[];
}

/** Signs any user on through the sign-on form (the masters of other vessels are not in its demo list). */
async function open(browser: Browser, baseURL: string, usrId: string): Promise<Side> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const problems = watchHealth(page);
  await page.goto('/');
  await new SignOnPage(page).signOn(usrId, 'demo');
  await expect(page.getByRole('navigation', { name: 'App bar' })).toBeVisible();
  return { context, page, chat: new ChatPage(page), problems };
}

async function close(...sides: Side[]): Promise<void> {
  for (const s of sides) {
    expect(s.problems, 'the page had errors').toEqual([]);
    await s.context.close();
  }
}

const syncStatus = (page: Page) => page.getByRole('status', { name: 'Sync status' });

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** The UTC day `days` from now: its value in the form's day list, and "03-Dec" as the message says it. */
function dayAhead(days: number): { value: string; dd: string } {
  const d = new Date(Date.now() + days * 86_400_000);
  return {
    value: d.toISOString().slice(0, 10),
    dd: `${String(d.getUTCDate()).padStart(2, '0')}-${MONTHS[d.getUTCMonth()] ?? ''}`,
  };
}

test('a ship reads while offline: the badge falls at once, and the shore sees "Read" when the link returns', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const ship = await open(browser, baseURL ?? '', 'capt.qcrl');
  const shore = await open(browser, baseURL ?? '', 'staff');
  const stamp = Date.now().toString(36);

  // The ship has been in its room (all read), then goes back to its voyage.
  await ship.chat.chatSpace.click();
  await expect(ship.page).toHaveURL(/\/chat\/QCRL$/);
  await expect(ship.chat.input).toBeVisible();
  await expect.poll(() => ship.chat.unread()).toBe(0);
  await ship.chat.app.appBarItem('Voyage').click();
  await expect(ship.page).toHaveURL(/\/voyage/);

  // Shore writes; the ship hears of it while it is elsewhere: its badge rises.
  await shore.page.goto('/chat/QCRL');
  const text = `Please confirm the pilot time ${stamp}`;
  await shore.chat.send(text);
  await expect(shore.chat.message(text)).toContainText('Sent', { timeout: 20_000 });
  await expect.poll(() => ship.chat.unread(), { timeout: 15_000 }).toBeGreaterThan(0);

  // At sea: the ship opens the room and reads; the badge falls at once, the read mark waits.
  await ship.context.setOffline(true);
  await expect(ship.page.getByText('Offline', { exact: true })).toBeVisible();
  await ship.chat.chatSpace.click();
  await expect(ship.chat.message(text)).toBeVisible();
  await expect.poll(() => ship.chat.unread()).toBe(0);
  await expect(syncStatus(ship.page)).toContainText('1 change waiting');
  await expect(shore.chat.message(text)).not.toContainText('Read');

  // The link returns: the mark is sent, the shore sees its message read, and the ship's badge stays down.
  await ship.context.setOffline(false);
  await expect(shore.chat.message(text)).toContainText('Read', { timeout: 20_000 });
  await expect(syncStatus(ship.page)).not.toContainText('waiting', { timeout: 20_000 });
  await expect.poll(() => ship.chat.unread()).toBe(0);
  await close(ship, shore);
});

test('/health/ shows the live connection of the tab that holds it, and updates only for a non-chat vessel', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const ship = await open(browser, baseURL ?? '', 'capt.osph');
  const health = await ship.context.newPage();
  const problems = watchHealth(health);
  await health.goto('/health/');
  const state = health.getByRole('status', { name: 'Live connection' });
  await expect(state).toHaveText('Connected');
  const facts = health.getByRole('region', { name: 'Live updates and chat' });
  await expect(facts.getByRole('definition').filter({ hasText: 'another Quay tab' })).toBeVisible();
  await expect(facts.getByText('Last connected')).toBeVisible();
  await expect(facts).toContainText(/Last connected\s*\d{2}:\d{2} \d{2}-[A-Z][a-z]{2} UTC/);
  await expect(facts).toContainText(/Reconnect attempts\s*0/);
  await health.screenshot({ path: `${SCREENSHOTS}/health-chat.png` });

  // No link: the connection is dropped and nothing is tried until it returns.
  await ship.context.setOffline(true);
  await expect(state).toHaveText('Offline: no link, no attempts');
  await ship.context.setOffline(false);
  await expect(state).toHaveText('Connected', { timeout: 20_000 });

  // The app's tab closes: nobody holds a connection.
  expect(ship.problems, 'the app page had errors').toEqual([]);
  await ship.page.close();
  await expect(state).toHaveText('Not connected');
  await expect(facts).toContainText('no tab: open Quay to connect');
  expect(problems, 'the health page had errors').toEqual([]);
  await ship.context.close();

  // vessel2's service is not chat-enabled: the connection brings its updates only, and the page says so.
  const other = await open(browser, baseURL ?? '', 'vessel2');
  const otherHealth = await other.context.newPage();
  await otherHealth.goto('/health/');
  await expect(otherHealth.getByRole('status', { name: 'Live connection' })).toHaveText(
    'Connected: updates only, not a chat user',
    { timeout: 20_000 },
  );
  await close(other);
});

test('a shore user posts a berth prospect from the conversation: clear errors, then the message, offline too', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const shore = await open(browser, baseURL ?? '', 'staff');
  const { page, chat } = shore;
  await page.goto('/chat/OSPH');
  await expect(chat.input).toBeVisible();
  // The reader has gone up the conversation before posting.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.getByRole('button', { name: 'Berth prospect' }).click();
  const sheet = page.getByRole('dialog', { name: 'Berth prospect' });
  await expect(sheet).toBeVisible();
  const port = sheet.getByRole('textbox', { name: 'Port' });
  // The times are a UTC day from a list and a 24-hour time (the browser's date-time field showed mm/dd/yyyy).
  const etbDay = sheet.getByRole('combobox', { name: 'ETB (UTC) Day' });
  const etb = sheet.getByRole('textbox', { name: 'ETB (UTC) Time' });
  const etdDay = sheet.getByRole('combobox', { name: 'ETD (UTC) Day' });
  const etd = sheet.getByRole('textbox', { name: 'ETD (UTC) Time' });
  const [d3, d2, d4, d6] = [dayAhead(6), dayAhead(5), dayAhead(7), dayAhead(9)];
  const post = sheet.getByRole('button', { name: 'Post berth prospect' });

  // Nothing filled in: the two required fields say so, and the port has the focus.
  await post.click();
  await expect(sheet.getByRole('alert')).toHaveText('Check the 2 fields marked below.');
  await expect(port).toHaveAttribute('aria-invalid', 'true');
  await expect(port).toHaveAccessibleDescription('Enter the port code.');
  await expect(etb).toHaveAccessibleDescription('Enter the ETB: its day and time (UTC).');
  await expect(port).toBeFocused();

  // A bad port code and an ETD before the ETB.
  await port.fill('SG');
  await etbDay.selectOption(d3.value);
  await etb.fill('14:00');
  await etdDay.selectOption(d2.value);
  await etd.fill('06:00');
  await sheet.getByRole('textbox', { name: 'Terminal' }).fill('Pasir Panjang Terminal');
  await sheet
    .getByRole('textbox', { name: 'Remark' })
    .fill(`Pilot on board 13:00 ${Date.now().toString(36)}`);
  await post.click();
  await expect(port).toHaveAccessibleDescription('The port is a 5-character UN/LOCODE, for example SGSIN.');
  // The times read back what was picked in the app's style, in UTC, whatever the device's own style.
  await expect(etd).toHaveAccessibleDescription(
    new RegExp(`^The ETD must not be before the ETB\\. Posted as 06:00 ${d2.dd}-\\d\\d UTC$`),
  );
  await expect(etb).toHaveAccessibleDescription(new RegExp(`^Posted as 14:00 ${d3.dd}-\\d\\d UTC$`));
  await page.screenshot({ path: `${SCREENSHOTS}/chat-berth-prospect-errors.png` });
  await port.fill('sgsin');
  await etdDay.selectOption(d4.value);
  await expect(port).not.toHaveAttribute('aria-invalid');
  await expect(etd).toHaveAccessibleDescription(new RegExp(`^Posted as 06:00 ${d4.dd}-\\d\\d UTC$`));
  await page.screenshot({ path: `${SCREENSHOTS}/chat-berth-prospect-form.png` });

  // Posted: the sheet closes and the prospect is in the conversation as a readable message, stored.
  await post.click();
  await expect(sheet).toBeHidden();
  const posted = chat.message(
    `Berth prospect SGSIN Pasir Panjang Terminal: ETB 14:00 ${d3.dd}, ETD 06:00 ${d4.dd} (UTC).`,
  );
  await expect(posted).toBeVisible();
  // The room scrolls to it, wherever the reader was.
  await expect(posted).toBeInViewport();
  await expect(posted).toContainText(/Sent|Read/, { timeout: 20_000 });
  await page.screenshot({ path: `${SCREENSHOTS}/chat-berth-prospect-posted.png` });

  // Without a link: it waits in the conversation, the draft of a half-written one survives the sheet closing.
  await shore.context.setOffline(true);
  await expect(page.getByText('Offline', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Berth prospect' }).click();
  await port.fill('MYTPP');
  await sheet.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('button', { name: 'Berth prospect' }).click();
  await expect(port).toHaveValue('MYTPP');
  await etbDay.selectOption(d6.value);
  await etb.fill('08:30');
  await post.click();
  const waiting = chat.message(`Berth prospect MYTPP: ETB 08:30 ${d6.dd} (UTC).`);
  await expect(waiting).toContainText('Waiting to send');
  await shore.context.setOffline(false);
  await expect(waiting).toContainText(/Sent|Read/, { timeout: 20_000 });
  await expect(chat.message('Berth prospect MYTPP')).toHaveCount(1);
  await close(shore);
});

test('a ship alerts the other members about a message nobody has read: offline the alert waits, then goes once', async ({
  browser,
  baseURL,
  serverApi,
}) => {
  test.setTimeout(120_000);
  const ship = await open(browser, baseURL ?? '', 'capt.qmrd');
  const { page, chat } = ship;
  await chat.chatSpace.click();
  await expect(page).toHaveURL(/\/chat\/QMRD$/);
  const text = `Bunker barge alongside at 14:00? ${Date.now().toString(36)}`;
  await chat.send(text);
  const mine = chat.message(text);
  await expect(mine).toContainText('Sent', { timeout: 20_000 });
  const alert = mine.getByRole('button', { name: 'Send alert to the other members about this message' });
  await expect(alert).toBeVisible();

  // At sea: the request waits in the outbox, marked on the message.
  await ship.context.setOffline(true);
  await expect(page.getByText('Offline', { exact: true })).toBeVisible();
  await alert.click();
  await expect(mine).toContainText('Alert waiting');
  await expect(alert).toHaveCount(0);
  await page.screenshot({ path: `${SCREENSHOTS}/chat-alert-waiting.png` });
  // This device's alert requests on the server: its outbox ids start with its client id.
  const { clientId } = (await readQuayDb(page)).meta;
  expect(clientId).toEqual(expect.any(String));
  const alerts = async () =>
    (await serverApi.audit('capt.qmrd')).filter(
      (r) => r.path === '/api/v2/app/chat/message/push-alert' && r.idempotencyKey?.startsWith(`${clientId}:`),
    );
  expect(await alerts()).toEqual([]);

  // The link returns: the alert is sent once, and the message says so.
  await ship.context.setOffline(false);
  await expect(mine).toContainText('Alert sent', { timeout: 20_000 });
  await expect.poll(async () => (await alerts()).map((r) => r.statusCode)).toEqual([200]);
  await close(ship);
});
