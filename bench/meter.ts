// The data meter against the link (`npm run bench -- meter`): Chromium goes through bench/link.ts, which counts every
// TCP payload byte each way; the app's own meter (IndexedDB `dataUsage`, written by the worker and the service
// worker) counts what it believes it moved. Printed side by side for a first visit, repeat visits and a page opening.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from '../e2e/chromium.ts';
import { boot } from '../server/boot.ts';
import { testConfig } from '../server/config.ts';
import type { Row } from './common.ts';
import { startLink, type Link } from './link.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** No delay: this compares bytes, not time. */
const OPEN_LINK = { name: 'loopback', rttMs: 0, downKbit: 1e7, upKbit: 1e7 };

/** The meter's stored total of today, after the worker stored what it holds (worker and service worker flush every
 * 5 s: wait past it). */
async function metered(page: Page): Promise<{ up: number; down: number }> {
  await new Promise((r) => setTimeout(r, 12_000));
  return page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('quay');
        open.onerror = () => reject(open.error ?? new Error('cannot open quay'));
        open.onsuccess = () => {
          const req = open.result
            .transaction('dataUsage')
            .objectStore('dataUsage')
            .get(`d:${new Date().toISOString().slice(0, 10)}`);
          req.onsuccess = () => {
            const row = req.result as { up: number; down: number } | undefined;
            open.result.close();
            resolve({ up: row?.up ?? 0, down: row?.down ?? 0 });
          };
        };
      }),
  );
}

async function quiet(link: Link): Promise<void> {
  while (link.quietForMs() < 2_000) await new Promise((r) => setTimeout(r, 200));
}

export async function meterBench(): Promise<Row[]> {
  const executablePath = chromiumPath();
  if (!existsSync(join(ROOT, 'dist/index.html')) || !executablePath)
    return [{ what: 'data meter', value: 'not measured', budget: 'needs dist/ and Chromium' }];
  const app = await boot(testConfig({ logLevel: 'silent' }));
  const serverUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  const link = await startLink(Number(new URL(serverUrl).port), OPEN_LINK);
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  const context = await browser.newContext({ baseURL: link.url, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const rows: Row[] = [];
  let before = { up: 0, down: 0 };
  const step = async (what: string) => {
    await quiet(link);
    const now = await metered(page);
    const wire = link.takeBytes();
    const counted = { up: now.up - before.up, down: now.down - before.down };
    before = now;
    const pct = (a: number, b: number) => (b ? `${Math.round((a / b) * 100)}%` : '-');
    rows.push({
      what: `data meter, ${what}: meter / link, up and down (B)`,
      value: `${counted.up}/${wire.up} ${counted.down}/${wire.down}`,
      budget: `up ${pct(counted.up, wire.up)}, down ${pct(counted.down, wire.down)} of the link's; ${wire.requests.length} requests: ${wire.requests.slice(0, 6).join(', ').replaceAll('/api/v2/app', '')}`,
    });
  };
  try {
    link.takeBytes();
    await page.goto('/');
    await page.getByLabel('User ID').fill('vessel');
    await page.getByLabel('Password').fill('demo');
    await page.getByRole('button', { name: 'Sign on' }).click();
    await page.waitForURL((url) => url.pathname === '/voyage', { timeout: 60_000 });
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    // Not counted: the sign-on pages (the server's, not the app) and the service worker's own script (about 56 KB gzip),
    // which the browser fetches for itself.
    await step('first visit');
    for (let i = 1; i <= 2; i++) {
      await page.reload();
      await step(`repeat visit ${i}`);
    }
    await page.goto('/vessel');
    await step('the vessel page opened');
  } finally {
    await browser.close();
    await link.close();
    await app.close();
  }
  return rows;
}
