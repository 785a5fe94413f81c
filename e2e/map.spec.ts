// The offline map end to end (architecture.md#the-pages-the-product-leaves-open): My Vessel's map shows every followed vessel inside its box with labels
// inside and apart, for one, three and many vessels; a vessel page zoomed to its port draws the fine coast, fetched
// once and there again offline.
import { mkdirSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import type { FleetResponse } from '../src/core/contract/vessel.ts';
import { expect, test } from './fixtures.ts';
import { signOn } from './page-models/sign-on.ts';
import type { ServerApi } from './server-api.ts';

const API = '/api/v2/app';
/**
 * Ports whose harbour position in the demo world falls on land in Natural Earth's 1:10m coast, most within a
 * kilometre of the water (a pixel at the closest zoom), some on rivers the coast does not have (Hamburg, Savannah,
 * Ho Chi Minh City): a vessel alongside there is drawn on the shore.
 */
const ON_LAND_AT_10M = new Set(
  'CNNGB TWKHH JPYOK JPUKB MYTPP VNSGN IDJKT INMAA BDCGP AEJEA OMSLL EGPSD NLRTM DEHAM BEANR DEBRV ESBCN ITGIT ZACPT NGAPP USOAK USSAV USHOU PABLB MXZLO BRSSZ CLSAI PECLL AUMEL AUSYD AUBNE'.split(
    ' ',
  ),
);
const SHOTS = process.env.QUAY_SHOTS_DIR;

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: false });
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const within = (inner: Box, outer: Box) =>
  inner.x >= outer.x - 0.5 &&
  inner.y >= outer.y - 0.5 &&
  inner.x + inner.width <= outer.x + outer.width + 0.5 &&
  inner.y + inner.height <= outer.y + outer.height + 0.5;

/** Every marker's middle and every label inside the map's box, and no two labels over each other (boxes from the DOM). */
async function expectMarkersAndLabelsInside(map: Locator, vslCds: string[]) {
  const box = await map.boundingBox();
  if (!box) throw new Error('the map has no box');
  for (const code of vslCds) {
    // At the whole world's zoom a vessel near a side also shows, cut, beside the other side: one copy is inside.
    const copies = await map
      .locator(`g.world-map__marker[data-vessel="${code}"] .world-map__vessel`)
      .evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON() as Box));
    expect(
      copies.some((m) => within(m, box)),
      `${code}'s marker inside the map`,
    ).toBe(true);
  }
  // Labels are SVG text, and a group's label a button over the map (it lists the group).
  const labels = await map
    .locator('xpath=..')
    .locator('text.world-map__label, button.world-map__group')
    .evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON() as Box));
  expect(labels.length).toBeGreaterThan(0);
  for (const [i, a] of labels.entries()) {
    expect(within(a, box), `label ${i} inside the map`).toBe(true);
    for (const b of labels.slice(i + 1)) expect(overlap(a, b), 'two labels over each other').toBe(false);
  }
  return labels.length;
}

/** Signs the viewer on; gives its followed vessels (to put back) and the fleet's vessels with a position. */
async function viewerAndFleet(page: Page, serverApi: ServerApi) {
  await signOn(page, 'viewer');
  const original = (await serverApi.mySetting()).vslCds;
  const fleet = (await serverApi.get<FleetResponse>(`${API}/vessel/info/fleet`)).vessels.filter(
    (v) => v.lat !== null && v.lon !== null,
  );
  return { original, fleet };
}

// These two rewrite the user's list of followed vessels: one after the other, as the viewer, whose list no other test
// reads for its content (staff's and the operator's are read by tests running beside these).
test.describe("My Vessel's map, with the viewer's list rewritten", () => {
  test.describe.configure({ mode: 'serial' });

  test('My Vessel: the map shows every followed vessel inside it, labels inside and apart, for 1, 3 and many', async ({
    page,
    serverApi,
  }) => {
    const { original, fleet } = await viewerAndFleet(page, serverApi);
    expect(fleet.length).toBeGreaterThan(20);
    try {
      for (const n of [1, 3, fleet.length]) {
        const codes = fleet.slice(0, n).map((v) => v.vslCd);
        await serverApi.putMyVessels(codes);
        await page.goto('/myvessel');
        const map = page.getByRole('img', { name: /^Map of the \d+ vessels? you follow/ });
        await expect(map).toHaveAccessibleName(
          `Map of the ${n === 1 ? '1 vessel' : `${n} vessels`} you follow at their last position`,
        );
        await map.evaluate((e) => e.scrollIntoView({ block: 'center' }));
        const labels = await expectMarkersAndLabelsInside(map, codes);
        // Many vessels share labels ("NAME +N") rather than covering each other.
        if (n > 3) {
          expect(labels).toBeLessThan(n);
          await expect(
            map
              .locator('xpath=..')
              .getByRole('button', { name: /\+\d+$/ })
              .first(),
          ).toBeVisible();
        }
        await shot(page, `myvessel-map-${n}`);
      }
      // A tap on a vessel lists the vessels there, inside the map.
      const map = page.getByRole('img', { name: /^Map of the \d+ vessels you follow/ });
      const clustered = map
        .locator('xpath=..')
        .getByRole('button', { name: /\+\d+$/ })
        .first();
      const count = Number((await clustered.textContent())?.match(/\+(\d+)$/)?.[1]);
      const labelBox = await clustered.boundingBox();
      if (!labelBox) throw new Error('no cluster label box');
      // The label's vessel: the marker nearest the label.
      const markers = await map
        .locator('g.world-map__marker .world-map__vessel')
        .evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON() as Box));
      const centre = (b: Box) => [b.x + b.width / 2, b.y + b.height / 2] as const;
      const [lx, ly] = centre(labelBox);
      const nearest = markers
        .map((b) => ({ b, d: Math.hypot(centre(b)[0] - lx, centre(b)[1] - ly) }))
        .sort((a, b) => a.d - b.d)[0];
      if (!nearest) throw new Error('no marker');
      await page.mouse.click(...centre(nearest.b));
      const callout = page.getByRole('dialog', { name: `${count + 1} vessels here` });
      await expect(callout.getByRole('link')).toHaveCount(count + 1);
      const mapBox = await map.boundingBox();
      const calloutBox = await callout.boundingBox();
      if (!mapBox || !calloutBox) throw new Error('no callout box');
      expect(within(calloutBox, mapBox)).toBe(true);
      await shot(page, 'myvessel-map-tap');
    } finally {
      await serverApi.putMyVessels(original);
    }
  });

  test('My Vessel: a group label names its first vessel, and lists the group by tap and by keyboard', async ({
    page,
    serverApi,
  }) => {
    const { original, fleet } = await viewerAndFleet(page, serverApi);
    try {
      await serverApi.putMyVessels(fleet.map((v) => v.vslCd));
      await page.goto('/myvessel');
      const region = page.getByRole('region', { name: 'Map' });
      await region.scrollIntoViewIfNeeded();
      // The whole fleet on the map first: the device may still show the list it had until its sync brings the new one,
      // and a label read from that map is gone once it does.
      await expect(
        region.getByRole('img', { name: /^Map of the \d+ vessels? you follow/ }),
      ).toHaveAccessibleName(`Map of the ${fleet.length} vessels you follow at their last position`);
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
});

test('a vessel page zoomed to its port draws the fine coast, and draws it again offline', async ({
  page,
  context,
  serverApi,
}) => {
  await signOn(page, 'staff');
  // The service worker controls the page, so what the map fetches is kept for offline use.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  const fleet = (await serverApi.get<FleetResponse>(`${API}/vessel/info/fleet`)).vessels;
  // A vessel alongside at a port the demo world puts in water.
  const vessel = fleet.find(
    (v) => v.navSts === 'MOORED' && v.lat !== null && v.nextAta && !ON_LAND_AT_10M.has(v.nextPortCd ?? ''),
  );
  if (!vessel) throw new Error('no vessel alongside in the demo world');
  const open = async () => {
    await page.goto(`/vessel/${vessel.vslCd}`);
    const map = page.getByRole('img', { name: new RegExp(`^Map: ${vessel.vslNm} at `) });
    await map.evaluate((e) => e.scrollIntoView({ block: 'center' }));
    // Zoomed in to the closest at the vessel (the wheel keeps what is under the pointer in place): the port's
    // coast at 1:10m, its edges stroked.
    const marker = await map.locator(`g.world-map__marker[data-vessel="${vessel.vslCd}"]`).boundingBox();
    if (!marker) throw new Error('no marker');
    await page.mouse.move(marker.x + marker.width / 2, marker.y + marker.height / 2);
    for (let i = 0; i < 8; i++) await page.mouse.wheel(0, -200);
    await expect(map).toHaveAttribute('data-coast', 'fine');
    await expect(map.locator('path.world-map__coast')).toHaveAttribute('d', /^M[\d.]+ [\d.]+L/);
    return map;
  };
  const map = await open();
  await expectMarkersAndLabelsInside(map, [vessel.vslCd]);
  // Where the demo world has the vessel in water, the fine coast has it in water too.
  const inFill = await map.evaluate((svg, code) => {
    const fill = svg.querySelector<SVGPathElement>('path.world-map__fine');
    const marker = svg.querySelector<SVGGElement>(`g.world-map__marker[data-vessel="${code}"]`);
    if (!fill || !marker) return null;
    const r = marker.getBoundingClientRect();
    const m = fill.getScreenCTM()?.inverse();
    if (!m) return null;
    const p = new DOMPoint(r.x + r.width / 2, r.y + r.height / 2).matrixTransform(m);
    return fill.isPointInFill(p);
  }, vessel.vslCd);
  expect(inFill).toBe(false);
  await shot(page, 'vessel-map-port-zoom');

  await context.setOffline(true);
  await open();
  await shot(page, 'vessel-map-port-zoom-offline');
  await context.setOffline(false);
});
