// Words every user reads alike (product.md#input-and-formatting-rules, product.md#the-words-quay-uses): a delay says
// "2 h late", "1 h early" or "on time", an ETA that moved "2.5 h later", the ETA history and the chat rooms name people
// rather than user IDs, and "What do these mean?" opens the glossary, at sea too. On a phone and at a desk.
import type { Page } from '@playwright/test';
import { formatDelayHours } from '../src/core/format/format-delay.ts';
import type { ChatRoom } from '../src/core/contract/chat.ts';
import { expect, test } from './fixtures.ts';
import { SignOnPage } from './page-models/sign-on.ts';
import { serverCascade, VesselPages } from './page-models/vessel.ts';

const SHOTS = '/tmp/shots-words';
const WORDS = /^(\d+ h (late|early)|on time)$/;
const SIGNS = /(^|\s)[+−-]\d+(\.\d)? ?h\b|\bLTS\b|\(AHD\)|\(BHD\)/;

async function signOn(page: Page, usrId: string): Promise<void> {
  await page.goto('/');
  await new SignOnPage(page).signOn(usrId, 'demo');
  await expect(page.getByRole('banner')).toBeVisible();
}

for (const size of [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desk', width: 1280, height: 800 },
]) {
  test.describe(`at ${size.width}x${size.height}`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('a delay and an ETA move are said in words, with the name of who moved it, and the glossary explains them', async ({
      page,
      context,
      appPage,
    }) => {
      test.setTimeout(120_000);
      // A vessel no other spec reads; each size moves its own call (the first still ahead, then the one after).
      const vslCd = size.name === 'phone' ? 'SGKG' : 'SSKR';
      await signOn(page, 'staff');
      const res = await context.request.post('/api/dev/eta', { data: { vslCd, hours: 2.5, usrId: 'staff' } });
      expect(res.ok(), await res.text()).toBe(true);
      const { callSeq } = (await res.json()) as { callSeq: number };
      const voyage = await serverCascade(context.request, vslCd);
      const call = voyage.calls.find((c) => c.callSeq === callSeq)!;
      const change = call.etaHist?.chgs.at(-1);
      expect(change).toMatchObject({ chgBy: 'staff', chgByNm: expect.any(String) });

      await page.goto(`/vessel/${vslCd}`);
      const pages = new VesselPages(page);
      const nth = voyage.calls
        .slice(0, voyage.calls.indexOf(call))
        .filter((x) => x.portCd === call.portCd).length;
      const item = pages.scheduleCall(call.portCd).nth(nth);
      const schedule = item.getByRole('term').filter({ hasText: /^Schedule$/ });
      await expect(schedule).toHaveCount(1);
      const said = item.getByRole('definition').filter({ hasText: WORDS });
      await expect(said).toHaveText(formatDelayHours(call.etaDelayHrs));
      await expect(pages.schedule).not.toContainText(SIGNS);

      const toggle = item.getByRole('button', { name: /^ETA history: / });
      await expect(toggle).toHaveAccessibleName(
        /changes?, (\d+(\.\d)? h (later|earlier) in all|back to the first ETA)$/,
      );
      await toggle.click();
      const last = item
        .getByRole('list', { name: `ETA changes at ${call.portCd}` })
        .getByRole('listitem')
        .last();
      await expect(last).toContainText(`UTC · ${change?.chgByNm}`);
      await expect(last).toContainText('2.5 h later');
      await expect(last).not.toContainText('· staff');
      await last.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/${size.name}-vessel-schedule.png` });

      await pages.schedule.getByRole('link', { name: 'What do these mean?' }).click();
      await expect(page).toHaveURL(/\/help\/$/);
      const glossary = page.getByRole('region', { name: 'What the words mean' });
      for (const term of [
        'LTS',
        'AHD, BHD',
        'W/E, N/S',
        'Proforma',
        'ETA, ETB, ETD',
        '2 h late, 1 h early, on time',
      ])
        await expect(glossary.getByRole('term').filter({ hasText: term })).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/${size.name}-help.png`, fullPage: true });

      // At sea the glossary opens from the device, like every page.
      await appPage.waitForServiceWorkerControl();
      await context.setOffline(true);
      await page.goto('/help/');
      await expect(glossary.getByRole('term').filter({ hasText: 'LTS' })).toBeVisible();
      await context.setOffline(false);
    });
  });
}

test('Port Live says late and early in words, and links to the glossary', async ({ page }) => {
  await signOn(page, 'agent');
  await page.goto('/port/live');
  await expect(page.getByRole('link', { name: 'What do these mean?' }).first()).toBeVisible();
  await expect(page.locator('main')).not.toContainText(SIGNS);
  await page.screenshot({ path: `${SHOTS}/phone-port-live.png` });
});

test("a chat room's preview names its last sender, not the user ID", async ({ page, context }) => {
  await signOn(page, 'staff');
  const { token } = (await (await context.request.get('/IBP_REFRESH.do')).json()) as { token: string };
  const res = await context.request.get('/api/v2/app/chat/my-room-list/V', {
    headers: { 'X-AUTH-TOKEN': token },
  });
  expect(res.ok()).toBe(true);
  const rooms = ((await res.json()) as ChatRoom[]).filter((r) => r.lastMessage?.senderNm);
  expect(rooms.length).toBeGreaterThan(0);
  await page.goto('/chat/');
  const room = rooms[0]!;
  const link = page.getByRole('link', { name: new RegExp(`^${room.roomNm}`) }).first();
  await expect(link).toContainText(`${room.lastMessage?.senderNm}: `);
  await expect(link).not.toContainText(` · ${room.lastMessage?.sender}: `);
});
