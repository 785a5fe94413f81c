// The smart search drawer (product.md#screens-and-routes, product.md#input-and-formatting-rules, product.md#who-may-do-what) in Chromium: no request under 3 characters, results from 3, upper-cased
// input, the operator's "Vessel Search" with vessels only, a port's live and current-status options (arrow keys, Enter,
// tap), no links inside options, "No data", a vessel user's other vessels as disabled options, keyboard (listbox from
// the input), recent searches, and a known vessel found offline from the device.
import type { Page } from '@playwright/test';
import { expect, SCREENSHOTS, test } from './fixtures.ts';
import { AppPage } from './page-models/app.ts';
import { readQuayDb, syncedDatasets } from './page-models/quay-db.ts';
import { SearchPage } from './page-models/search.ts';
import { signOn } from './page-models/sign-on.ts';

/** Counts the keyword-search requests the page (and its worker) makes. */
function countSearches(page: Page): { readonly n: number } {
  const counter = { n: 0 };
  page.on('request', (req) => {
    if (new URL(req.url()).pathname.endsWith('/common/keyword-search')) counter.n += 1;
  });
  return counter;
}

const pathOf = (page: Page) => new URL(page.url()).pathname;

test('an agent: nothing under 3 characters, results from 3, upper case, both pages of a port, No data', async ({
  page,
}) => {
  const searches = countSearches(page);
  await signOn(page, 'agent');
  const search = new SearchPage(page);
  await search.open();
  await expect(search.recent).toHaveCount(0);

  await search.type('sg');
  await expect(search.input).toHaveValue('SG');
  await page.waitForTimeout(1000); // well past the debounce
  expect(searches.n).toBe(0);
  await expect(search.results).toHaveCount(0);

  // A port gives two options, each one page: its live page, and under it a compact "Current Status" row.
  await search.type('s');
  await expect(search.input).toHaveValue('SGS');
  const live = search.option('SGSIN Singapore', 'Port live');
  const status = search.option('SGSIN Singapore', 'Port current status');
  await expect(live).toBeVisible();
  await expect(status).toBeVisible();
  await expect(status).toHaveText('Current Status');
  expect(searches.n).toBe(1);
  await expect(search.linksInOptions).toHaveCount(0);
  await page.screenshot({ path: `${SCREENSHOTS}/search-port.png` });

  // The arrow keys from the input reach the live option, then the current-status one; Enter opens it.
  await search.input.press('ArrowDown');
  await search.expectActive(live);
  await search.input.press('ArrowDown');
  await search.expectActive(status);
  await page.screenshot({ path: `${SCREENSHOTS}/search-port-keyboard.png` });
  await search.input.press('Enter');
  await expect(search.drawer).toHaveCount(0);
  await expect.poll(() => pathOf(page)).toBe('/port/status/SGSIN');

  // The pick is a recent search, as the page it opened, with the port's other page under it.
  await search.open();
  const recentStatus = search.option('SGSIN Singapore', 'Port current status', search.recent);
  await expect(recentStatus).toBeVisible();
  await expect(search.option('SGSIN Singapore', 'Port live', search.recent)).toHaveText('Live');
  await expect(search.linksInOptions).toHaveCount(0);
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('quay:recent-searches') ?? '{}'));
  expect(stored.agent).toEqual([expect.objectContaining({ pgmType: 'PORT_S', code: 'SGSIN' })]);

  // Enter on the live option opens the live page. (Three letters: the list shown is then this keyword's, as the two
  // before it cleared it, so the arrow key lands on the list that stays.)
  await search.type('sgs');
  // The recent searches show until this keyword's answer replaces them: the arrow key waits for the results.
  await expect(live).toBeVisible();
  await search.input.press('ArrowDown');
  await search.expectActive(live);
  await search.input.press('Enter');
  await expect(search.drawer).toHaveCount(0);
  await expect.poll(() => pathOf(page)).toBe('/port/live/SGSIN');

  // One tap opens either page.
  await search.open();
  await search.type('sgs');
  await live.tap();
  await expect(search.drawer).toHaveCount(0);
  await expect.poll(() => pathOf(page)).toBe('/port/live/SGSIN');
  await search.open();
  await search.type('sgs');
  await status.tap();
  await expect(search.drawer).toHaveCount(0);
  await expect.poll(() => pathOf(page)).toBe('/port/status/SGSIN');

  // A wider search: ports, services and vessels, each with its type label.
  await search.open();
  await search.type('sin');
  await expect(search.option('SOUTHERN INDUS', 'Vessel')).toBeVisible();
  await expect(search.option('SGSIN Singapore', 'Port live')).toBeVisible();
  await expect(search.option('SGSIN Singapore', 'Port current status')).toBeVisible();
  await expect(search.linksInOptions).toHaveCount(0);
  await page.screenshot({ path: `${SCREENSHOTS}/search-results.png` });

  await search.clear.click();
  await expect(search.input).toHaveValue('');
  await expect(search.input).toBeFocused();
  await search.type('zzqx');
  await expect(search.noData).toBeVisible();
  await expect(search.results).toHaveCount(0);
  await page.screenshot({ path: `${SCREENSHOTS}/search-no-data.png` });
});

test('the operator (type 5) has "Vessel Search" with vessels only; keyboard and recent searches', async ({
  page,
}) => {
  await signOn(page, 'operator');
  const search = new SearchPage(page, 'Vessel Search');
  await search.open();
  await search.type('sin');
  await expect(search.option('SOUTHERN INDUS', 'Vessel')).toBeVisible();
  await expect(search.optionsNotOfType('Vessel')).toHaveCount(0);
  await expect(search.drawer.getByText('SGSIN')).toHaveCount(0);
  await page.screenshot({ path: `${SCREENSHOTS}/search-operator.png` });

  // Arrow keys move through the listbox from the input; Enter opens the option's page.
  await search.input.fill('');
  await search.type('quay');
  const first = search.results.getByRole('option').first();
  await expect(first).toHaveAccessibleName('QUAY AURORA Vessel');
  await search.input.press('ArrowDown');
  await search.input.press('ArrowDown');
  await search.input.press('ArrowUp');
  await search.expectActive(first);
  await page.screenshot({ path: `${SCREENSHOTS}/search-keyboard.png` });
  await search.input.press('Enter');
  await expect(search.drawer).toHaveCount(0);
  await expect.poll(() => pathOf(page)).toBe('/vessel/QAUR');

  // The pick is a recent search: shown while the input is empty, and it opens its page.
  await search.open();
  const recent = search.option('QUAY AURORA', 'Vessel', search.recent);
  await expect(recent).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}/search-recent.png` });
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('quay:recent-searches') ?? '{}'));
  expect(stored.operator?.[0]).toMatchObject({ pgmType: 'VSL', code: 'QAUR' });
  await page.goto('/myvessel');
  await search.open();
  await search.option('QUAY AURORA', 'Vessel', search.recent).click();
  await expect.poll(() => pathOf(page)).toBe('/vessel/QAUR');
});

test('a vessel user (type 4) opens its own vessel only: other vessels are disabled options', async ({
  page,
}) => {
  await signOn(page, 'vessel2');
  const search = new SearchPage(page);
  await search.open();
  await search.type('atlas');
  const own = search.option('ATLAS HUDSON', 'Vessel');
  const other = search.option('ATLAS BAYOU', 'Vessel');
  await expect(own).toBeVisible();
  await expect(own).toBeEnabled();
  await expect(other).toBeVisible();
  await expect(other).toHaveAttribute('aria-disabled', 'true');
  // It says why, on screen and to a screen reader.
  await expect(other).toContainText('Only your own vessel opens');
  await expect(other).toHaveAccessibleDescription('Only your own vessel opens');
  await expect(own).not.toContainText('Only your own vessel opens');
  await expect(search.linksInOptions).toHaveCount(0);
  await page.screenshot({ path: `${SCREENSHOTS}/search-vessel-user.png` });
  // Enter or a tap on another vessel does nothing; a tap on its own opens the vessel page.
  const before = pathOf(page);
  await search.input.press('ArrowDown');
  await search.expectActive(other);
  await search.input.press('Enter');
  await other.tap({ force: true }); // past Playwright's own refusal to tap a disabled element: the app must ignore it
  await expect(search.drawer).toBeVisible();
  expect(pathOf(page)).toBe(before);
  await own.tap();
  await expect.poll(() => pathOf(page)).toBe('/vessel/AHDS');
});

test('offline, a known vessel is still found from the device, and says so', async ({ page, context }) => {
  await signOn(page, 'agent');
  // The search index comes with the first sync's second phase.
  await expect
    .poll(async () => syncedDatasets(await readQuayDb(page), ['searchIndex']))
    .toEqual(['searchIndex']);
  // The app is on the device (the service worker holds its chunks, the search drawer's among them) before the link goes.
  await new AppPage(page).waitForServiceWorkerControl();
  const searches = countSearches(page);
  await context.setOffline(true);
  const search = new SearchPage(page);
  await search.open();
  await search.type('hudso');
  const vessel = search.option('ATLAS HUDSON', 'Vessel');
  await expect(vessel).toBeVisible();
  await expect(search.fromDevice).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}/search-offline.png` });
  expect(searches.n).toBe(0);
  await search.input.fill('');
  await search.type('klang');
  await expect(search.option('MYPKG Port Klang', 'Port live')).toBeVisible();
  await expect(search.fromDevice).toBeVisible();
  await context.setOffline(false);
});
