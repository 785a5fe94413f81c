// Port to port (product.md#port-to-port) and Port Live's filters, in Chromium as a person uses them: from the side
// menu and from a port's page, the ports picked with the port picker, the sailings the server lists, and at sea the
// same sailings from the schedules the device kept, with their age; filters by service, terminal and "delayed only",
// with the sections' counts, remembered for the user on the device, offline too, and "Clear filters".
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import type { PortCall, PortLive } from '../src/core/contract/port.ts';
import type { Sailings, ScheduleSet } from '../src/core/contract/sailings.ts';
import { expect, SCREENSHOTS, test } from './fixtures.ts';
import { PortsPages } from './page-models/ports.ts';
import { SailingsPage } from './page-models/sailings.ts';
import { signOn } from './page-models/sign-on.ts';

const API = '/api/v2/app';

/** Serious and critical accessibility violations on the page as it is now. */
async function serious(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
}

test('operator: port to port from the side menu, online, then at sea from the schedules kept on the device', async ({
  page,
  context,
  appPage,
  serverApi,
}) => {
  await signOn(page, 'operator');
  await appPage.expectShell('My Vessel');
  // Two ports a voyage calls at in that order: its first call ahead and its last.
  const set = await serverApi.get<ScheduleSet>(`${API}/port/schedules`);
  const voyage = set.services.flatMap((s) => s.voyages).find((v) => v.calls.length >= 3);
  const [fromCd, toCd] = [voyage?.calls[0]?.[0], voyage?.calls.at(-1)?.[0]];
  if (!fromCd || !toCd) throw new Error('no voyage ahead');
  const names = await Promise.all(
    [fromCd, toCd].map(
      async (cd) => (await serverApi.get<PortLive>(`${API}/port/live?portCd=${cd}`)).port.portNm,
    ),
  );
  const [fromNm, toNm] = names as [string, string];
  const expected = await serverApi.get<Sailings>(
    `${API}/port/sailings?fromPortCd=${fromCd}&toPortCd=${toCd}`,
  );
  expect(expected.sailings.length).toBeGreaterThan(0);

  await appPage.waitForServiceWorkerControl();
  const menu = await appPage.openMenu();
  await menu
    .getByRole('navigation', { name: 'Programs' })
    .getByRole('link', { name: 'Port to port' })
    .click();
  await expect(page).toHaveURL(/\/port\/sailings$/);
  const p2p = new SailingsPage(page);
  await expect(p2p.form).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}/port-to-port-empty.png` });
  await p2p.pick('from', fromCd.toLowerCase(), fromNm, fromCd);
  await p2p.pick('to', toNm.slice(0, 4), toNm, toCd);
  await expect(page).toHaveURL(new RegExp(`/port/sailings\\?from=${fromCd}&to=${toCd}$`));
  await expect(p2p.results).toHaveAccessibleName(`Sailings ${expected.sailings.length}`);
  await expect(p2p.sailings()).toHaveCount(expected.sailings.length);
  await expect(p2p.resultsStatus).toContainText('Times are UTC.');
  const first = expected.sailings[0];
  if (!first) throw new Error('no sailing');
  await expect(p2p.sailings().first()).toContainText(first.vslNm);
  await expect(p2p.sailings().first()).toContainText(`Voyage ${first.voyNo}`);
  await expect(p2p.sailings().first()).toContainText(`${first.transitDays} days`);
  await expect(p2p.sailings().first().getByText(`ETD ${fromCd}`)).toBeVisible();
  expect(await serious(page)).toEqual([]);
  await page.screenshot({ path: `${SCREENSHOTS}/port-to-port-online.png` });
  await page.screenshot({ path: `${SCREENSHOTS}/port-to-port-online-full.png`, fullPage: true });

  // More weeks: the address says so, and the list is the server's for 8 weeks.
  const eight = await serverApi.get<Sailings>(
    `${API}/port/sailings?fromPortCd=${fromCd}&toPortCd=${toCd}&weeks=8`,
  );
  await p2p.weeks.selectOption({ label: '8 weeks' });
  await expect(page).toHaveURL(/weeks=8$/);
  await expect(p2p.sailings()).toHaveCount(eight.sailings.length);

  // The same port twice is said in plain words.
  await page.goto(`/port/sailings?from=${fromCd}&to=${fromCd}`);
  await expect(page.getByRole('alert')).toHaveText('Pick two different ports: from and to are the same.');

  // At sea: the page (its chunk kept when first opened) opens, and the schedules kept on first use answer, saying how
  // old they are.
  await context.setOffline(true);
  await page.goto(`/port/sailings?from=${fromCd}&to=${toCd}`);
  await expect(p2p.resultsStatus).toHaveText(
    /^Schedules from (just now|\d+ min ago), kept on this device \(no link\)\.$/,
  );
  await expect(p2p.sailings()).toHaveCount(expected.sailings.length);
  await expect(p2p.sailings().first()).toContainText(first.vslNm);
  await page.screenshot({ path: `${SCREENSHOTS}/port-to-port-offline.png` });
  // Another pair at sea: the swap asks the device too.
  await page.getByRole('link', { name: 'Swap ports' }).click();
  await expect(page).toHaveURL(new RegExp(`from=${toCd}&to=${fromCd}`));
  await expect(p2p.resultsStatus).toContainText('kept on this device');
});

test("vessel user: never opened, at sea the page opens and says it has no schedules yet; a port's page leads to it", async ({
  page,
  context,
  appPage,
}) => {
  await signOn(page, 'vessel');
  await appPage.expectShell('Voyage');
  // Never opened: the page is on the device (precached), but the schedules come with the first search online.
  await appPage.waitForServiceWorkerControl();
  await context.setOffline(true);
  await page.goto('/port/sailings?from=SGSIN&to=NLRTM');
  await expect(page.getByRole('alert')).toHaveText(
    'There is no link, and this device has no schedules yet: search once online, and they are kept.',
  );
  await page.screenshot({ path: `${SCREENSHOTS}/port-to-port-needs-link.png` });
  await context.setOffline(false);
  await page.goto('/port/live/SGSIN');
  const pages = new PortsPages(page);
  await expect(pages.portTitle).toHaveText('Singapore (SGSIN)');
  await page.getByRole('link', { name: 'Sailings from here' }).click();
  await expect(page).toHaveURL(/\/port\/sailings\?from=SGSIN$/);
  const p2p = new SailingsPage(page);
  await expect(p2p.form).toContainText('Singapore');
  await expect(page.getByRole('search', { name: 'Find the port to sail to' })).toBeVisible();
  await p2p.pick('to', 'rotterdam', 'Rotterdam', 'NLRTM');
  await expect(p2p.results).toHaveAccessibleName(/^Sailings \d+$/);
  await pages.expectFitsAndTouchable();
  await page.screenshot({ path: `${SCREENSHOTS}/port-to-port-vessel.png` });
});

test('agent: Port Live filters by service, terminal and delay, remembered on the device, offline too', async ({
  page,
  context,
  appPage,
  serverApi,
}) => {
  await signOn(page, 'agent');
  await appPage.expectShell('Port Live');
  const live = await serverApi.get<PortLive>(`${API}/port/live?portCd=SGSIN`);
  const all: PortCall[] = [...live.expected, ...live.alongside, ...live.departed];
  // The service with the most calls here, and one of its terminals.
  const lanes = [...new Set(all.map((c) => c.laneCd))];
  const lane = lanes.sort(
    (a, b) => all.filter((c) => c.laneCd === b).length - all.filter((c) => c.laneCd === a).length,
  )[0];
  if (!lane) throw new Error('no call at SGSIN');
  const ofLane = (list: PortCall[]) => list.filter((c) => c.laneCd === lane);
  await page.goto('/port/live/SGSIN');
  const pages = new PortsPages(page);
  const p2p = new SailingsPage(page);
  await expect(pages.section('Expected')).toHaveAccessibleName(`Expected ${live.expected.length}`);
  await expect(p2p.clearFilters).toHaveCount(0);
  await page.screenshot({ path: `${SCREENSHOTS}/port-filters-none.png` });

  await p2p.openFilters();
  await p2p.service.selectOption(lane);
  await expect(pages.section('Expected')).toHaveAccessibleName(`Expected ${ofLane(live.expected).length}`);
  await expect(pages.section('Departed')).toHaveAccessibleName(`Departed ${ofLane(live.departed).length}`);
  await expect(p2p.filters.getByRole('status')).toHaveText(
    `Showing ${ofLane(all).length} of ${all.length} vessels.`,
  );
  await expect(p2p.clearFilters).toBeVisible();
  expect(await serious(page)).toEqual([]);
  await page.screenshot({ path: `${SCREENSHOTS}/port-filters-service.png` });
  await page.screenshot({ path: `${SCREENSHOTS}/port-filters-service-full.png`, fullPage: true });

  // Remembered: the page opened again, then with no link, keeps the filter.
  await page.reload();
  await p2p.openFilters();
  await expect(p2p.service).toHaveValue(lane);
  await expect(pages.section('Expected')).toHaveAccessibleName(`Expected ${ofLane(live.expected).length}`);
  await appPage.waitForServiceWorkerControl();
  await context.setOffline(true);
  await page.reload();
  await p2p.openFilters();
  await expect(p2p.service).toHaveValue(lane);
  const terminal = ofLane(all).find((c) => c.ydNm)?.ydNm;
  if (terminal) {
    await p2p.terminal.selectOption(terminal);
    const both = all.filter((c) => c.laneCd === lane && c.ydNm === terminal);
    await expect(p2p.filters.getByRole('status')).toHaveText(
      `Showing ${both.length} of ${all.length} vessels.`,
    );
  }
  await p2p.delayedOnly.check();
  await expect(p2p.delayedOnly).toBeChecked();
  const behind = all.filter(
    (c) =>
      c.laneCd === lane &&
      (!terminal || c.ydNm === terminal) &&
      !c.omitted &&
      c.delayHrs !== null &&
      Math.round(c.delayHrs) < 0,
  );
  await expect(p2p.filters.getByRole('status')).toHaveText(
    `Showing ${behind.length} of ${all.length} vessels.`,
  );
  await page.screenshot({ path: `${SCREENSHOTS}/port-filters-offline.png` });
  await p2p.clearFilters.click();
  await expect(p2p.clearFilters).toHaveCount(0);
  await expect(p2p.service).toHaveValue('');
  await expect(p2p.delayedOnly).not.toBeChecked();
  await expect(pages.section('Expected')).toHaveAccessibleName(`Expected ${live.expected.length}`);
});
