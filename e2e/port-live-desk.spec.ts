// Port Live at the desk and on the phone (product.md#port-live-filters): at 1280x800 one table of the port's calls,
// sorted by each sortable column (the order checked against the server's answer, both ways) and the sort remembered,
// with the filters beside it; at 390x844 the first vessel on the first screen, the filters behind one button; and the
// port's local time beside UTC on both.
import type { Locator, Page } from '@playwright/test';
import type { PortCall, PortLive } from '../src/core/contract/port.ts';
import { expect, SCREENSHOTS, test } from './fixtures.ts';
import { signOn } from './page-models/sign-on.ts';

const LIVE = '/api/v2/app/port/live?portCd=SGSIN';
const ZONE = 'Asia/Singapore';

/** "22:00", the port's wall clock, told here by the runtime rather than the app. */
const localHhmm = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: ZONE,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso));

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not on screen');
  return found;
}

/** The calls of the table's rows, in order, found by the vessel code and voyage each row header shows. */
async function rowCalls(page: Page, all: PortCall[]): Promise<PortCall[]> {
  const heads = await page.getByRole('table').getByRole('rowheader').allTextContents();
  return heads.map((text) => {
    const call = all.find(
      (c) => text.includes(c.vslCd) && text.includes(`Voyage ${c.skdVoyNo}${c.skdDirCd}`),
    );
    if (!call) throw new Error(`no call for the row ${text}`);
    return call;
  });
}

type Key = (c: PortCall) => number | string | null;
const KEYS: Record<'ETA' | 'Delay' | 'Terminal' | 'Service', Key> = {
  ETA: (c) => Date.parse(c.ata ?? c.eta),
  // Hours late (a delay is + ahead, - behind); an omitted call has none.
  Delay: (c) => (c.omitted || c.delayHrs === null ? null : -c.delayHrs),
  Terminal: (c) => c.ydNm,
  Service: (c) => c.laneCd,
};

/** Sorted by the key in that direction, the rows with no value last. */
function expectSorted(calls: PortCall[], key: Key, dir: 'ascending' | 'descending') {
  const values = calls.map(key);
  const known = values.filter((v) => v !== null);
  expect(
    values.slice(known.length).every((v) => v === null),
    'rows with no value come last',
  ).toBe(true);
  for (let i = 1; i < known.length; i++) {
    const [a, b] = [known[i - 1], known[i]];
    const d = typeof a === 'number' && typeof b === 'number' ? a - b : String(a).localeCompare(String(b));
    expect(dir === 'ascending' ? d <= 0 : d >= 0, `${String(a)} then ${String(b)}, ${dir}`).toBe(true);
  }
}

test.describe('at the desk (1280x800)', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('Port Live is a table sorted by each column, the sort remembered, the filters beside it', async ({
    page,
    serverApi,
  }) => {
    await signOn(page, 'agent');
    const live = await serverApi.get<PortLive>(LIVE);
    const all = [...live.expected, ...live.alongside, ...live.departed];
    await page.goto('/port/live/SGSIN');
    const table = page.getByRole('table');
    await expect(table.getByRole('row')).toHaveCount(all.length + 1);
    await expect(page.getByRole('list', { name: /^Expected/ })).toHaveCount(0);

    // The filters in a column beside the table, not above it.
    const filters = await box(page.getByRole('region', { name: 'Filters' }));
    const tableBox = await box(table);
    expect(filters.x + filters.width).toBeLessThanOrEqual(tableBox.x);
    expect(filters.y).toBeLessThan(tableBox.y + tableBox.height);
    await expect(page.getByRole('combobox', { name: 'Service' })).toBeVisible();

    // By stage first: the order a call runs.
    await expect(table.getByRole('columnheader', { name: 'Stage' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    for (const [label, key] of Object.entries(KEYS)) {
      const header = table.getByRole('columnheader', { name: label });
      await header.getByRole('button', { name: label }).click();
      const first = label === 'Delay' ? 'descending' : 'ascending';
      await expect(header).toHaveAttribute('aria-sort', first);
      await expect(table.getByRole('columnheader', { name: 'Stage' })).toHaveAttribute('aria-sort', 'none');
      expectSorted(await rowCalls(page, all), key, first);
      await header.getByRole('button', { name: label }).click();
      const second = first === 'ascending' ? 'descending' : 'ascending';
      await expect(header).toHaveAttribute('aria-sort', second);
      expectSorted(await rowCalls(page, all), key, second);
    }

    // Remembered for the user on this device: by delay, latest first, after a reload.
    await table.getByRole('button', { name: 'Delay' }).click();
    await expect(table.getByRole('columnheader', { name: 'Delay' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    await page.reload();
    await expect(page.getByRole('table').getByRole('columnheader', { name: 'Delay' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    expectSorted(await rowCalls(page, all), KEYS.Delay, 'descending');

    // Each time in UTC with the port's local time under it, and the port's clock in its card.
    const [call] = await rowCalls(page, all);
    if (!call) throw new Error('no row');
    const row = page
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: new RegExp(call.vslCd) }) });
    await expect(row.first()).toContainText(`${localHhmm(call.atd ?? call.etd)}`);
    await expect(row.first()).toContainText('local');
    await expect(page.getByText(/\d{2}:\d{2} local \(UTC\+8\)/)).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}/port-live-desk.png` });
  });
});

test.describe('on the phone (390x844)', () => {
  test('the first screen shows a vessel, the filters open from one button, local time beside UTC', async ({
    page,
    serverApi,
  }) => {
    await signOn(page, 'agent');
    const live = await serverApi.get<PortLive>(LIVE);
    await page.goto('/port/live/SGSIN');
    await expect(page.getByRole('table')).toHaveCount(0);

    // The first vessel's name and times above the app bar, without scrolling.
    const first = page
      .getByRole('region', { name: /^(Expected|At anchor|Alongside|Departed) [1-9]/ })
      .first();
    const card = first.getByRole('listitem').first();
    await expect(card).toBeInViewport();
    const bar = await box(page.getByRole('navigation', { name: 'App bar' }));
    const name = await box(card.locator('.vessel-name'));
    expect(name.y + name.height).toBeLessThanOrEqual(bar.y);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    // Share and the calendar are in the port's one row of actions.
    const actions = page.getByRole('group', { name: 'Port actions' });
    await expect(actions.getByRole('button', { name: 'Share' })).toHaveCount(1);
    await expect(actions.getByRole('button', { name: 'Add to calendar' })).toHaveCount(1);

    // Local time under UTC on each call.
    const call = live.expected[0] ?? live.alongside[0];
    if (!call) throw new Error('no call at SGSIN');
    await expect(card).toContainText(`${localHhmm(call.ata ?? call.eta)} `);
    await expect(card).toContainText('local');
    await expect(page.getByText('Times are UTC, local time is UTC+8.')).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}/port-live-phone.png` });

    // The filters: one button that opens them.
    const filters = page.getByRole('region', { name: 'Filters' });
    const service = filters.getByRole('combobox', { name: 'Service' });
    await expect(service).toBeHidden();
    await filters.getByRole('button', { name: 'Filters' }).click();
    await expect(filters.getByRole('button', { name: 'Filters' })).toHaveAttribute('aria-expanded', 'true');
    await expect(service).toBeVisible();
    await service.selectOption(call.laneCd);
    await expect(filters.getByRole('button', { name: 'Filters 1 on' })).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}/port-live-phone-filters.png` });
    await filters.getByRole('button', { name: 'Clear filters' }).click();
  });
});
