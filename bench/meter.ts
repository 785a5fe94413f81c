// The data meter against the link (`npm run bench -- meter`): Chromium goes through bench/link.ts, which counts every
// TCP payload byte each way and estimates its packets; the app's own meter (IndexedDB `dataUsage`, written by the
// worker and the service worker) counts what it believes it moved, at the HTTP level and on the wire. Printed side by
// side for a first visit, repeat visits, a page opening and a quiet spell with the live connection held, and beside a
// packet capture of the link's port when tcpdump may run (budgets.md#how-the-wire-is-counted).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from '../e2e/chromium.ts';
import { boot } from '../server/boot.ts';
import { testConfig } from '../server/config.ts';
import { startCapture, type Capture } from './capture.ts';
import type { Row } from './common.ts';
import { startLink, type Link } from './link.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** No delay: this compares bytes, not time. */
const OPEN_LINK = { name: 'loopback', rttMs: 0, downKbit: 1e7, upKbit: 1e7 };

/** A quiet spell with the app open: keep-alive probes (45 s) come where no heart-beat went. */
const IDLE_MS = 3 * 60_000;

interface Metered {
  up: number;
  down: number;
  http: { up: number; down: number };
}

/** The meter's stored total of today, on the wire and at the HTTP level, after the worker stored what it holds
 * (worker and service worker flush every 5 s: wait past it). */
async function metered(page: Page): Promise<Metered> {
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
            const row = req.result as Partial<Metered> | undefined;
            open.result.close();
            const up = row?.up ?? 0;
            const down = row?.down ?? 0;
            resolve({ up, down, http: row?.http ?? { up, down } });
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
  // DIST_DIR names another build than dist/, as for the server.
  const distDir = process.env.DIST_DIR ?? join(ROOT, 'dist');
  if (!existsSync(join(distDir, 'index.html')) || !executablePath)
    return [{ what: 'data meter', value: 'not measured', budget: 'needs dist/ and Chromium' }];
  const app = await boot(testConfig({ logLevel: 'silent', distDir }));
  const serverUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  const link = await startLink(Number(new URL(serverUrl).port), OPEN_LINK);
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  const context = await browser.newContext({ baseURL: link.url, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  // Before the browser opens: every connection's handshake is on the capture.
  let captureNote = '';
  const capture: Capture | null = await startCapture(Number(new URL(link.url).port)).catch((e: Error) => {
    captureNote = e.message;
    return null;
  });
  const rows: Row[] = [];
  /** The wire rows, finished once the capture is read: each with its window of the capture. */
  const onWire: { row: Row; meter: number; from: number; to: number }[] = [];
  let before: Metered = { up: 0, down: 0, http: { up: 0, down: 0 } };
  let from = Date.now();
  const pct = (a: number, b: number) => (b ? `${Math.round((a / b) * 100)}%` : '-');
  const step = async (what: string, settle = true) => {
    if (settle) await quiet(link);
    const now = await metered(page);
    const to = Date.now();
    const wire = link.takeBytes();
    const http = { up: now.http.up - before.http.up, down: now.http.down - before.http.down };
    const meter = now.up - before.up + (now.down - before.down);
    before = now;
    rows.push({
      what: `data meter, ${what}: HTTP level, meter / link payload, up and down (B)`,
      value: `${http.up}/${wire.up} ${http.down}/${wire.down}`,
      budget: `up ${pct(http.up, wire.up)}, down ${pct(http.down, wire.down)} of the link's; ${wire.requests.length} requests: ${wire.requests.slice(0, 6).join(', ').replaceAll('/api/v2/app', '')}`,
    });
    const row = {
      what: `data meter, ${what}: on the wire, meter / link's estimate / capture (B)`,
      value: `${meter}/${wire.ipBytes}`,
      budget: `${pct(meter, wire.ipBytes)} of the link's estimate (40 B a packet, no keep-alives)`,
    };
    rows.push(row);
    onWire.push({ row, meter, from, to });
    from = to;
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
    await new Promise((r) => setTimeout(r, IDLE_MS));
    await step(`${IDLE_MS / 60_000} quiet minutes`, false);
  } finally {
    await browser.close();
    await link.close();
    await app.close();
  }
  const captured = await capture?.stop().catch((e: Error) => {
    captureNote = e.message;
    return null;
  });
  for (const { row, meter, from, to } of onWire) {
    const w = captured?.window(from, to);
    row.value += w ? `/${w.bytes}` : '/-';
    row.budget += w
      ? `; ${pct(meter, w.bytes)} of the capture (${w.packets} packets, ${w.probes} keep-alive probes, ${w.connections} connections)`
      : `; not captured: ${captureNote || 'no capture'}`;
  }
  return rows;
}
