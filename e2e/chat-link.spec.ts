// Shore chat over a plain-HTTP satellite link (issue 27): the ship's browser reaches the server through the link
// emulator (bench/link.ts, FleetBroadband: 800 ms round trip, 256/128 kbit/s), a shore user types 20 messages in a
// row in its own browser, straight to the server, and each is on the ship's screen within 30 s of being sent. The
// room is OCRS's own (its master and the operator), so the specs running beside it do not read its messages.
import type { Browser, Page } from '@playwright/test';
import { FLEET_BROADBAND, startLink } from '../bench/link.ts';
import { expect, test, watchHealth } from './fixtures.ts';
import { ChatPage } from './page-models/chat.ts';
import { SignOnPage } from './page-models/sign-on.ts';

const MESSAGES = 20;
/** How long each message may take from Enter on shore to the ship's screen. */
const WITHIN_MS = 30_000;

/** A page of a new context, signed on through the sign-on form (the masters of other vessels are not in its list). */
async function signedOn(browser: Browser, baseURL: string, usrId: string, problems: string[]): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const health = watchHealth(page);
  page.on('close', () => problems.push(...health));
  await page.goto('/');
  await new SignOnPage(page).signOn(usrId, 'demo');
  await expect(page.getByRole('navigation', { name: 'App bar' })).toBeVisible({ timeout: 60_000 });
  return page;
}

test('shore to ship over a plain-HTTP satellite link: 20 messages in a row, each on the ship within 30 s', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const link = await startLink(Number(new URL(baseURL ?? '').port), FLEET_BROADBAND);
  const problems: string[] = [];
  const pages: Page[] = [];
  try {
    // The ship, through the link, in its room (Chat Space opens the own vessel's room).
    const shipPage = await signedOn(browser, link.url, 'capt.ocrs', problems);
    pages.push(shipPage);
    const ship = new ChatPage(shipPage);
    await ship.chatSpace.click();
    await expect(shipPage).toHaveURL(/\/chat\/OCRS$/, { timeout: 30_000 });
    await expect(ship.input).toBeVisible({ timeout: 30_000 });
    // Shore, on shore's own network.
    const shorePage = await signedOn(browser, baseURL ?? '', 'operator', problems);
    pages.push(shorePage);
    const shore = new ChatPage(shorePage);
    await shorePage.goto('/chat/OCRS');
    await expect(shore.input).toBeVisible();

    // The ship's page notes when each text is first on its screen, for the figures printed below.
    await shipPage.evaluate(() => {
      const seen: Record<string, number> = {};
      (window as unknown as { seenAt: typeof seen }).seenAt = seen;
      new MutationObserver(() => {
        for (const el of document.querySelectorAll('.chat-msg__text'))
          seen[el.textContent ?? ''] ??= Date.now();
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    });
    const stamp = Date.now().toString(36);
    const texts = Array.from({ length: MESSAGES }, (_, i) => `From shore ${i + 1} of ${MESSAGES} ${stamp}`);
    const sentAt = new Map<string, number>();
    for (const text of texts) {
      await shore.send(text);
      sentAt.set(text, Date.now());
      // A person types the next one.
      await shorePage.waitForTimeout(1_000);
    }

    // Each within 30 s of its own Enter (the later ones had part of that time while the others were typed).
    const missing: string[] = [];
    for (const text of texts) {
      const left = (sentAt.get(text) ?? 0) + WITHIN_MS - Date.now();
      await expect(ship.message(text))
        .toBeVisible({ timeout: Math.max(1, left) })
        .catch(() => missing.push(text));
    }
    const seenAt = await shipPage.evaluate(
      () => (window as unknown as { seenAt: Record<string, number> }).seenAt,
    );
    const seconds = texts.map((t) => {
      const at = seenAt[t];
      return at ? ((at - (sentAt.get(t) ?? 0)) / 1000).toFixed(1) : 'not shown';
    });
    console.log(
      `chat over the link: seconds from Enter on shore to the ship's screen: ${seconds.join(', ')}`,
    );
    expect(missing, 'messages not on the ship within 30 s').toEqual([]);
  } finally {
    for (const page of pages) await page.context().close();
    await link.close();
  }
  expect(problems, 'the pages had errors').toEqual([]);
});
