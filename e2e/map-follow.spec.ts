// The map follows its vessel (product.md#the-map): the zoom buttons keep the vessel in view, and a vessel at berth is
// in the middle. My Vessel's group labels are tested in map.spec.ts, beside the other test that rewrites a user's list.
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
