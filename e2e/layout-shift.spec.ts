// Nothing on a role's home moves once drawn: reopened with its data on the device, the page's cumulative layout shift
// (the browser's own layout-shift entries, as Lighthouse reads them) stays under 0.05. The voyage's port calls were
// pushed down by its summary filling in (about 0.2), and the app bar's items moved when Chat Space joined them.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { signOn } from './page-models/sign-on.ts';

const HOMES = [
  { usrId: 'vessel', home: '/voyage', ready: (p: Page) => p.getByRole('heading', { name: 'Port calls' }) },
  { usrId: 'agent', home: '/port/live', ready: (p: Page) => p.getByRole('heading', { name: /^Expected/ }) },
  {
    usrId: 'operator',
    home: '/myvessel',
    ready: (p: Page) => p.getByRole('heading', { name: /Vessels you follow/ }),
  },
  {
    usrId: 'viewer',
    home: '/myvessel',
    ready: (p: Page) => p.getByRole('heading', { name: /Vessels you follow/ }),
  },
];

/** The layout shifts recorded since the page opened, not counting those right after input (as the metric does). */
const shiftsSoFar = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<{ value: number; what: string[] }[]>((resolve) => {
        const found: { value: number; what: string[] }[] = [];
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as (PerformanceEntry & {
            value: number;
            hadRecentInput: boolean;
            sources: { node?: Node | null }[];
          })[])
            if (!e.hadRecentInput)
              found.push({ value: e.value, what: e.sources.map((s) => s.node?.nodeName ?? '?') });
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(found), 100);
      }),
  );

for (const { usrId, home, ready } of HOMES)
  test(`${usrId}'s home (${home}) opens without moving: layout shift under 0.05`, async ({ page }) => {
    await signOn(page, usrId);
    await page.goto(home);
    await expect(ready(page)).toBeVisible();
    // Reopened with the data on the device, as every opening after the first is (the first opening's loads settle).
    await page.waitForTimeout(2500);
    await page.reload();
    await expect(ready(page)).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'App bar' }).getByRole('button', { name: 'Search' }),
    ).toBeVisible();
    // Whatever the device and the sync bring in the next moments is in place by then.
    await page.waitForTimeout(2500);
    const shifts = await shiftsSoFar(page);
    const total = shifts.reduce((sum, s) => sum + s.value, 0);
    expect(total, JSON.stringify(shifts)).toBeLessThan(0.05);
  });
