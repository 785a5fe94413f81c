// `npm run bench -- notilist`: how long the notification list takes to show its first rows when the Notification
// button is tapped right after a reload, and a few seconds later, with 5,000 notifications on the device (the most
// it keeps). Each round reloads the app, taps as soon as the button is there (and, in a second reload, after the app
// settled), and reads from the tap's input event to the rows on screen. Figures only: nothing fails when slow.
// Options: --rounds=12 --dists=dist-old,dist (builds to compare; they alternate within each round) --settle-ms=4000
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from '../e2e/chromium.ts';
import { boot } from '../server/boot.ts';
import { testConfig } from '../server/config.ts';
import type { App } from '../server/context.ts';
import { pct, type Row } from './common.ts';

const USER = 'vessel';
const COUNT = 5000;

function option(name: string, fallback: string): string {
  const hit = process.argv.find((a) => a.startsWith(`--${name}=`));
  return hit ? hit.slice(name.length + 3) : fallback;
}

/** In every page before the app: the input event's time of the last tap on the Notification button. */
function noteTaps(): void {
  document.addEventListener(
    'click',
    (event) => {
      const target = event.target instanceof Element ? event.target.closest('button') : null;
      if (target?.textContent?.includes('Notification'))
        (window as unknown as { __quayTapAt?: number }).__quayTapAt = event.timeStamp;
    },
    { capture: true },
  );
}

interface Side {
  dist: string;
  app: App;
  context: BrowserContext;
  page: Page;
}

async function openSide(browser: Browser, dist: string): Promise<Side> {
  const app = await boot(testConfig({ logLevel: 'silent', distDir: resolve(dist) }));
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  for (let left = COUNT; left > 0; left -= 500) {
    const res = await fetch(`${url}/api/dev/notifications`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ usrId: USER, notId: 'N002', count: Math.min(500, left) }),
    });
    if (!res.ok) throw new Error(`dev API: ${res.status} ${await res.text()}`);
  }
  const context = await browser.newContext({
    baseURL: url,
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    locale: 'en-GB',
    timezoneId: 'UTC',
  });
  await context.addInitScript(noteTaps);
  const page = await context.newPage();
  await page.goto('/');
  await page.getByLabel('User ID').fill(USER);
  await page.getByLabel('Password').fill('demo');
  await page.getByRole('button', { name: 'Sign on' }).click();
  await page.waitForURL((u) => u.pathname === '/voyage', { timeout: 60_000 });
  await page.waitForFunction(
    (count) =>
      new Promise<boolean>((done) => {
        const open = indexedDB.open('quay');
        open.onsuccess = () => {
          const req = open.result.transaction('notifications').objectStore('notifications').count();
          req.onsuccess = () => {
            done(req.result >= count);
            open.result.close();
          };
        };
        open.onerror = () => done(false);
      }),
    COUNT,
    { timeout: 120_000, polling: 1000 },
  );
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  return { dist, app, context, page };
}

/** Reloads, waits `waitMs` after the button is there, taps it, and gives the input-to-rows and click-to-rows times. */
async function tap(page: Page, waitMs: number): Promise<{ input: number; handler: number }> {
  await page.reload({ waitUntil: 'commit' });
  const button = page
    .getByRole('navigation', { name: 'App bar' })
    .getByRole('button', { name: 'Notification' });
  await button.waitFor({ timeout: 30_000 });
  if (waitMs) await page.waitForTimeout(waitMs);
  await button.click({ noWaitAfter: true });
  const list = page.getByRole('dialog', { name: 'Notification', exact: true }).getByRole('listitem').first();
  await list.waitFor({ timeout: 30_000 });
  return page.evaluate(() => {
    const shown = performance.getEntriesByName('quay:notification-list-shown').at(-1)?.startTime ?? NaN;
    const clicked = performance.getEntriesByName('quay:notification-open').at(-1)?.startTime ?? NaN;
    const tapAt = (window as unknown as { __quayTapAt?: number }).__quayTapAt ?? NaN;
    return { input: shown - tapAt, handler: shown - clicked };
  });
}

export async function notiListBench(): Promise<Row[]> {
  const dists = option('dists', 'dist').split(',');
  const rounds = Number(option('rounds', '12'));
  const settleMs = Number(option('settle-ms', '4000'));
  const skip = (why: string): Row[] => [
    { what: 'notification list bench', value: 'not measured', budget: why },
  ];
  const missing = dists.find((d) => !existsSync(resolve(d, 'index.html')));
  if (missing) return skip(`${missing}/ missing: run npm run build`);
  const executablePath = chromiumPath();
  if (!executablePath) return skip('no Chromium: apt-get install -y chromium');

  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  const sides: Side[] = [];
  const at = new Map<string, { now: number[]; nowHandler: number[]; later: number[] }>();
  try {
    for (const d of dists) {
      sides.push(await openSide(browser, d));
      at.set(d, { now: [], nowHandler: [], later: [] });
    }
    // A first reload each, not counted: the service worker serves the shell from then on.
    for (const s of sides) await tap(s.page, settleMs);
    for (let r = 0; r < rounds; r++)
      for (const s of sides) {
        const m = at.get(s.dist);
        if (!m) continue;
        const now = await tap(s.page, 0);
        m.now.push(now.input);
        m.nowHandler.push(now.handler);
        m.later.push((await tap(s.page, settleMs)).input);
        console.log(
          `${new Date().toISOString().slice(11, 19)} notilist ${s.dist} round ${r + 1}: right after the reload ${now.input.toFixed(0)} ms (${now.handler.toFixed(0)} ms from the click handler); later ${m.later.at(-1)?.toFixed(0)} ms`,
        );
      }
  } finally {
    for (const s of sides) {
      await s.context.close().catch(() => undefined);
      await s.app.close();
    }
    await browser.close();
  }
  const fig = (xs: number[]) => `${pct(xs, 50).toFixed(0)} / ${pct(xs, 95).toFixed(0)} ms`;
  return dists.flatMap((d) => {
    const m = at.get(d);
    if (!m) return [];
    return [
      {
        what: `[${d}] ${COUNT} notifications: tap right after a reload to the first rows, p50 / p95 of ${rounds} (input event)`,
        value: fig(m.now),
        budget: '< 200 ms',
      },
      {
        what: `[${d}] the same, from the button's click handler`,
        value: fig(m.nowHandler),
        budget: '-',
      },
      {
        what: `[${d}] tap ${settleMs / 1000} s after the reload to the first rows, p50 / p95 of ${rounds}`,
        value: fig(m.later),
        budget: '< 200 ms',
      },
    ];
  });
}
