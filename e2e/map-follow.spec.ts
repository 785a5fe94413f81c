// The map follows its vessel (product.md#the-map): the zoom buttons keep the vessel in view, a vessel at berth is in
// the middle, and on My Vessel a group's label names its first vessel and, tapped or from the keyboard, lists them.
import type { Locator } from '@playwright/test';
import type { FleetResponse } from '../src/core/contract/vessel.ts';
import { expect, test } from './fixtures.ts';
import { signOn } from './page-models/sign-on.ts';

const API = '/api/v2/app';

async function centreOf(locator: Locator): Promise<[number, number]> {
  const b = await locator.boundingBox();
  if (!b) throw new Error('not on screen');
  return [b.x + b.width / 2, b.y + b.height / 2];
}

async function expectInside(point: [number, number], box: Locator) {
  const b = await box.boundingBox();
  if (!b) throw new Error('no box');
  expect(point[0]).toBeGreaterThanOrEqual(b.x);
  expect(point[0]).toBeLessThanOrEqual(b.x + b.width);
  expect(point[1]).toBeGreaterThanOrEqual(b.y);
  expect(point[1]).toBeLessThanOrEqual(b.y + b.height);
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test.describe(`at ${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport });

    test('three zooms in and back out on /vessel/OJAD keep the vessel where it was', async ({ page }) => {
      await signOn(page, 'staff');
      await page.goto('/vessel/OJAD');
      const map = page.getByRole('img', { name: /^Map: ORIENT JADE at / });
      await map.evaluate((e) => e.scrollIntoView({ block: 'center' }));
      const marker = map.locator('g.world-map__marker[data-vessel="OJAD"] .world-map__vessel').first();
      const before = await centreOf(marker);
      await expectInside(before, map);
      const zoomIn = page.getByRole('button', { name: 'Zoom in' });
      for (let i = 0; i < 3; i++) await zoomIn.click();
      const after = await centreOf(marker);
      await expectInside(after, map);
      expect(Math.abs(after[0] - before[0])).toBeLessThan(3);
      expect(Math.abs(after[1] - before[1])).toBeLessThan(3);
      for (let i = 0; i < 3; i++) await page.getByRole('button', { name: 'Zoom out' }).click();
      await expectInside(await centreOf(marker), map);
    });

    test('a vessel at berth is in the middle of its map', async ({ page, serverApi }) => {
      await signOn(page, 'staff');
      const fleet = (await serverApi.get<FleetResponse>(`${API}/vessel/info/fleet`)).vessels;
      const moored = fleet.find((v) => v.navSts === 'MOORED' && v.lat !== null);
      if (!moored) throw new Error('no vessel at berth in the demo world');
      await page.goto(`/vessel/${moored.vslCd}`);
      const map = page.getByRole('img', { name: new RegExp(`^Map: ${moored.vslNm} at `) });
      await map.evaluate((e) => e.scrollIntoView({ block: 'center' }));
      const [x, y] = await centreOf(
        map.locator(`g.world-map__marker[data-vessel="${moored.vslCd}"] .world-map__vessel`).first(),
      );
      const [mx, my] = await centreOf(map);
      // The arrow's box is centred on its point give or take its shape: within a few pixels of the middle.
      expect(Math.abs(x - mx)).toBeLessThan(8);
      expect(Math.abs(y - my)).toBeLessThan(8);
    });
  });
}

test('My Vessel: a group label names its first vessel, and lists the group by tap and by keyboard', async ({
  page,
  serverApi,
}) => {
  await signOn(page, 'staff');
  const original = (await serverApi.mySetting()).vslCds;
  const fleet = (await serverApi.get<FleetResponse>(`${API}/vessel/info/fleet`)).vessels.filter(
    (v) => v.lat !== null && v.lon !== null,
  );
  try {
    // All but one vessel the user did not follow: other tests of staff, beside this one, add a vessel, and with the
    // whole fleet followed there is none left to add.
    const spare = fleet.findLast((v) => !original.includes(v.vslCd))?.vslCd;
    await serverApi.putMyVessels(fleet.map((v) => v.vslCd).filter((c) => c !== spare));
    await page.goto('/myvessel');
    const region = page.getByRole('region', { name: 'Map' });
    await region.scrollIntoViewIfNeeded();
    const group = region.getByRole('button', { name: /^\S.* \+\d+$/ }).first();
    await expect(group).toBeVisible();
    const name = (await group.textContent()) ?? '';
    // Named by its first vessel, never a bare "+N".
    expect(name).toMatch(/^[^+\s].* \+\d+$/);
    const count = Number(name.match(/\+(\d+)$/)?.[1]) + 1;
    const first = name.replace(/ \+\d+$/, '').replace(/…$/, '');

    // By keyboard: Enter opens the list, its first link takes the focus, Escape gives it back to the label.
    await group.focus();
    await page.keyboard.press('Enter');
    const list = region.getByRole('dialog', { name: `${count} vessels here` });
    await expect(list).toBeVisible();
    await expect(list.getByRole('link')).toHaveCount(count);
    await expect(list.getByRole('link').first()).toBeFocused();
    await expect(list.getByRole('link').first()).toHaveText(new RegExp(`^${first}`));
    await page.keyboard.press('Escape');
    await expect(list).toBeHidden();
    await expect(group).toBeFocused();

    // By tap: the list, and a vessel's page from it.
    await group.click();
    await expect(list).toBeVisible();
    const link = list.getByRole('link').nth(1);
    const href = await link.getAttribute('href');
    await link.click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
  } finally {
    await serverApi.putMyVessels(original);
  }
});
