// Ship-shore chat in Chromium with two browser contexts (issue 8): the `vessel` user (QHZN, service AEX, chat
// enabled) and a shore member of QHZN's room. A message typed on one appears on the other within seconds; the
// unread badge rises and falls; vessel2 (service not chat-enabled) sees no chat and its socket hears updates only; offline on the
// ship, three messages wait and, when the link returns, each arrives once, in order; HTML shows as text.
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { expect, SCREENSHOTS, test, watchHealth } from './fixtures.ts';
import { ChatPage } from './page-models/chat.ts';
import { readQuayDb } from './page-models/quay-db.ts';
import type { ChatMember, HistoryResponse } from '../src/core/contract/chat.ts';
import { stompFrame, watchWorkerSockets } from './worker-network.ts';

const ROOM = 'V-QHZN';
const API = '/api/v2/app/chat';

interface Side {
  context: BrowserContext;
  page: Page;
  chat: ChatPage;
  problems: string[];
}

async function open(browser: Browser, baseURL: string, usrId: string): Promise<Side> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const problems = watchHealth(page);
  page.on('dialog', (d) => {
    problems.push(`dialog: ${d.message()}`);
    void d.dismiss();
  });
  const chat = new ChatPage(page);
  await chat.signOn(usrId);
  return { context, page, chat, problems };
}

/** A token of the context's user, from its sign-on cookie. */
async function token(side: Side): Promise<string> {
  const res = await side.context.request.get('/IBP_REFRESH.do');
  return ((await res.json()) as { token: string }).token;
}

/** The room's messages on the server, oldest first (the newest 100), as the context's user sees them. */
async function history(side: Side): Promise<HistoryResponse['messages']> {
  const res = await side.context.request.get(`${API}/history/${ROOM}/0?size=100`, {
    headers: { 'X-AUTH-TOKEN': await token(side) },
  });
  expect(res.ok()).toBe(true);
  return [...((await res.json()) as HistoryResponse).messages].reverse();
}

/** A shore member of QHZN's room who is a demo user: staff if it follows QHZN, else the first one. */
async function shoreMember(ship: Side): Promise<string> {
  const res = await ship.context.request.get(`${API}/join-list/V/?roomIds=${ROOM}`, {
    headers: { 'X-AUTH-TOKEN': await token(ship) },
  });
  const [room] = (await res.json()) as { members: ChatMember[] }[];
  const shore = (room?.members ?? []).filter((m) => m.senderType === 'S').map((m) => m.usrId);
  const pick = ['staff', 'operator', 'agent', 'viewer'].find((u) => shore.includes(u));
  if (!pick) throw new Error(`no demo shore user in ${ROOM}: ${shore.join(', ')}`);
  return pick;
}

async function close(...sides: Side[]): Promise<void> {
  for (const s of sides) {
    expect(s.problems, 'the page had errors').toEqual([]);
    await s.context.close();
  }
}

test('ship and shore chat: a message appears on the other side within seconds, the badge rises and falls, HTML is text', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const ship = await open(browser, baseURL ?? '', 'vessel');
  const shoreUser = await shoreMember(ship);
  const shore = await open(browser, baseURL ?? '', shoreUser);
  const stamp = Date.now().toString(36);

  // The ship opens its room from Chat Space.
  await ship.chat.chatSpace.click();
  await expect(ship.page).toHaveURL(/\/chat\/QHZN$/);
  await expect(ship.chat.input).toBeVisible();

  // Shore: Chat Space is there; a ship message raises its badge.
  await expect(shore.chat.chatSpace).toBeVisible();
  const before = await shore.chat.unread();
  await ship.chat.send(`ETA confirmed ${stamp}`);
  await expect(ship.chat.message(`ETA confirmed ${stamp}`)).toBeVisible();
  await expect.poll(() => shore.chat.unread(), { timeout: 10_000 }).toBeGreaterThan(before);
  const risen = await shore.chat.unread();

  // Shore: the room list, then the room; reading it lowers the badge.
  await shore.chat.chatSpace.click();
  await expect(shore.page).toHaveURL(/\/chat\/$/);
  const roomLink = shore.page.getByRole('link', { name: /QUAY HORIZON/ });
  // (Its last message may already be another spec's: the room is shared.)
  await expect(roomLink).toContainText('AEX');
  await shore.page.screenshot({ path: `${SCREENSHOTS}/chat-rooms-shore.png` });
  await roomLink.click();
  await expect(shore.page).toHaveURL(/\/chat\/QHZN$/);
  await expect(shore.chat.message(`ETA confirmed ${stamp}`)).toBeVisible();
  await expect.poll(() => shore.chat.unread(), { timeout: 10_000 }).toBeLessThan(risen);
  // The ship sees that its message was read.
  await expect(ship.chat.message(`ETA confirmed ${stamp}`)).toContainText('Read', { timeout: 10_000 });

  // Latency ship to shore, both in the room: from Enter on the ship to the text on the shore screen.
  const latencies: number[] = [];
  for (let i = 1; i <= 5; i++) {
    const text = `latency ${i} ${stamp}`;
    // The shore page notes the moment the text is on its screen (no polling delay of the test's own).
    const shown = shore.page.evaluate(
      (t) =>
        new Promise<number>((resolve) => {
          const seen = new MutationObserver(() => {
            if (!document.body.textContent?.includes(t)) return;
            seen.disconnect();
            resolve(Date.now());
          });
          seen.observe(document.body, { childList: true, subtree: true, characterData: true });
          // "Within seconds" (issue 8): not there after 10 s is a failure (-1).
          setTimeout(() => resolve(-1), 10_000);
        }),
      text,
    );
    await ship.chat.input.fill(text);
    const t0 = Date.now();
    await ship.chat.input.press('Enter');
    const at = await shown;
    expect(at, `${text} shown on shore within 10 s`).toBeGreaterThan(0);
    latencies.push(at - t0);
  }
  latencies.sort((a, b) => a - b);
  console.log(
    `chat: ship to shore latency (ms, Enter to shown, loopback): ${latencies.join(', ')}; median ${latencies[2]}`,
  );

  // Shore answers; the ship has it within seconds, with the sender and its type.
  await shore.chat.send(`Berth window holds ${stamp}, see https://example.com/berth?v=QHZN.`);
  const reply = ship.chat.message(`Berth window holds ${stamp}`);
  await expect(reply).toBeVisible({ timeout: 5_000 });
  await expect(reply).toContainText('Shore');
  const link = reply.getByRole('link', { name: 'https://example.com/berth?v=QHZN' });
  await expect(link).toHaveAttribute('href', 'https://example.com/berth?v=QHZN');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(link).toHaveAttribute('target', '_blank');

  // HTML is shown as text: no element made from it, no script run.
  const html = `<img src=x onerror=alert(1)> ${stamp}`;
  await ship.chat.send(html);
  await expect(shore.chat.message(html)).toBeVisible({ timeout: 5_000 });
  await expect(shore.chat.messages.locator('img')).toHaveCount(0);
  await expect(ship.chat.messages.locator('img')).toHaveCount(0);
  const long = `Longwordwithoutanyspaces${'x'.repeat(120)} ${stamp}`;
  await ship.chat.send(long);
  await expect(shore.chat.message(long)).toBeVisible({ timeout: 5_000 });
  const overflow = await shore.page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  expect(overflow, 'a long word wraps').toBe(false);

  // Scrolled to the newest message, the room's vessel and service are still in view, under the header.
  const roomTitle = ship.page.getByRole('heading', { level: 2, name: /·/ });
  await expect(roomTitle).toBeInViewport();
  expect(await ship.page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  expect((await roomTitle.boundingBox())?.y ?? 0).toBeGreaterThanOrEqual(50);
  await ship.page.screenshot({ path: `${SCREENSHOTS}/chat-conversation-ship.png` });
  await shore.page.screenshot({ path: `${SCREENSHOTS}/chat-conversation-shore.png` });

  // Each message is stored once.
  const stored = (await history(ship)).filter((m) => m.msgText.includes(stamp));
  expect(new Set(stored.map((m) => m.clientMsgId)).size).toBe(stored.length);
  expect(stored).toHaveLength(9);
  await close(ship, shore);
});

test('offline on the ship: three messages wait, and when the link returns each arrives once, in order', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const ship = await open(browser, baseURL ?? '', 'vessel');
  const stamp = Date.now().toString(36);
  await ship.page.reload();
  await ship.chat.chatSpace.click();
  await expect(ship.chat.input).toBeVisible();
  await ship.chat.send(`online first ${stamp}`);
  await expect(ship.chat.message(`online first ${stamp}`)).toContainText(/Sent|Read/);

  // The ship's worker holds its live connection (as it tells every tab).
  await expect
    .poll(async () => ((await readQuayDb(ship.page)).meta.liveLink as { state?: string } | undefined)?.state)
    .toBe('connected');
  await ship.context.setOffline(true);
  // The window saw the link go (and told the worker, which dropped its connection).
  await expect(ship.page.getByText('Offline', { exact: true })).toBeVisible();
  const texts = [1, 2, 3].map((i) => `offline ${i} of 3 ${stamp}`);
  for (const t of texts) await ship.chat.send(t);
  for (const t of texts) await expect(ship.chat.message(t)).toContainText('Waiting to send');
  // The draft is kept per room, across a reload.
  await ship.chat.input.fill(`draft ${stamp}`);
  await ship.page.screenshot({ path: `${SCREENSHOTS}/chat-offline-waiting.png` });
  expect((await history(ship)).filter((m) => texts.includes(m.msgText))).toHaveLength(0);

  await ship.context.setOffline(false);
  for (const t of texts) await expect(ship.chat.message(t)).toContainText(/Sent|Read/, { timeout: 20_000 });
  const stored = (await history(ship)).filter((m) => texts.includes(m.msgText));
  expect(stored.map((m) => m.msgText)).toEqual(texts);
  const shown = (await ship.chat.texts()).filter((t) => texts.includes(t));
  expect(shown).toEqual(texts);

  await ship.page.reload();
  await expect(ship.chat.input).toHaveValue(`draft ${stamp}`);
  await expect(ship.chat.message(texts[2] ?? '')).toBeVisible();
  expect((await ship.chat.texts()).filter((t) => texts.includes(t))).toEqual(texts);
  await ship.chat.input.fill('');
  // The top of the conversation: older pages load until its start; days are separated. As a reader would, it scrolls
  // up again while older pages arrive (or while messages still coming in keep the view at the newest).
  const start = ship.page.getByText('Start of the conversation');
  await expect
    .poll(
      async () => {
        await ship.page.evaluate(() => window.scrollTo(0, 0));
        return start.isVisible();
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  await ship.page.evaluate(() => window.scrollTo(0, 0));
  await expect(ship.page.getByRole('separator').first()).toBeVisible();
  await ship.page.screenshot({ path: `${SCREENSHOTS}/chat-conversation-top.png` });
  await close(ship);
});

test('vessel2 (service not chat-enabled) sees no Chat Space; its socket hears the sync hint only', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL: baseURL ?? '' });
  const page = await context.newPage();
  const sockets = await watchWorkerSockets(page);
  const chatCalls: string[] = [];
  context.on('response', (res) => {
    if (res.url().includes('/chat/')) chatCalls.push(`${res.status()} ${new URL(res.url()).pathname}`);
  });
  const chat = new ChatPage(page);
  await chat.signOn('vessel2');
  await expect(chat.app.appBarItem('Notification')).toBeVisible();
  await page.waitForTimeout(3_000);
  await expect(chat.chatSpace).toHaveCount(0);
  await page.goto('/chat/AHDS');
  await expect(page.getByRole('heading', { name: 'Chat is not enabled' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveCount(0);
  // Every signed-on user's worker holds the live connection for its updates: vessel2's subscribes to nothing of chat.
  await expect.poll(() => sockets.urls.filter((u) => u.endsWith('/ws')).length).toBeGreaterThan(0);
  const subscribed = sockets.frames
    .filter((f) => f.sent)
    .map((f) => stompFrame(f.payload))
    .filter((f) => f.command === 'SUBSCRIBE')
    .map((f) => f.headers.destination);
  expect(subscribed.length).toBeGreaterThan(0);
  expect(subscribed.every((d) => d === '/topic/sync-hint')).toBe(true);
  expect(
    chatCalls.filter((c) => c.includes('/api/')),
    'no chat API call',
  ).toEqual([]);
  await page.screenshot({ path: `${SCREENSHOTS}/chat-vessel2.png` });
  await context.close();
});
