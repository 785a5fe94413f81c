// The app in Chromium at a phone viewport, over an emulated FleetBroadband link (bench/link.ts): how long a repeat
// visit takes to show the role's home with data, online, offline and with the link silently down (budgets.md#current-budgets:
// under 1 s, and no slower offline than online); what it transfers; and what the first visit costs.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from '../e2e/chromium.ts';
import { boot } from '../server/boot.ts';
import { testConfig } from '../server/config.ts';
import { pct, type Row } from './common.ts';
import { FLEET_BROADBAND, startLink, type Link } from './link.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** Each role's home (product.md#screens-and-routes): the page a repeat visit opens. */
const USERS = [
  { usrId: 'vessel', home: '/voyage' },
  { usrId: 'agent', home: '/port/live' },
  { usrId: 'operator', home: '/myvessel' },
] as const;
const VISITS = 5;
/** Bytes stop moving for this long: the visit's sync is over. */
const QUIET_MS = 3_000;

/**
 * Runs in every page before the app: notes (performance.now(), from the navigation's start) when a page's data is
 * first on screen, i.e. when a "Data age" status says "As of …" (src/ui/DataAge.tsx).
 */
function markDataShown(): void {
  const w = window as unknown as { __quayDataShownAt?: number };
  const observer = new MutationObserver(() => {
    for (const el of document.querySelectorAll('[aria-label="Data age"]')) {
      if (!el.textContent?.startsWith('As of')) continue;
      w.__quayDataShownAt = performance.now();
      observer.disconnect();
      return;
    }
  });
  observer.observe(document, { subtree: true, childList: true, characterData: true });
}

/** A phone-sized browser context on baseURL (UTC, en-GB, touch) whose pages note when data is first shown. */
export async function openPhone(
  browser: Browser,
  baseURL: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    locale: 'en-GB',
    timezoneId: 'UTC',
  });
  await context.addInitScript(markDataShown);
  return { context, page: await context.newPage() };
}

export const dataShownAt = (page: Page) =>
  page
    .waitForFunction(
      () => (window as unknown as { __quayDataShownAt?: number }).__quayDataShownAt,
      undefined,
      {
        timeout: 60_000,
      },
    )
    .then((h) => h.jsonValue() as Promise<number>);

async function quiet(link: Link, maxMs = 30_000): Promise<void> {
  const deadline = performance.now() + maxMs;
  while (link.quietForMs() < QUIET_MS && performance.now() < deadline)
    await new Promise((r) => setTimeout(r, 250));
}

const ms = (xs: number[]) => `${pct(xs, 50).toFixed(0)} ms`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function measureUser(browser: Browser, link: Link, usrId: string, home: string): Promise<Row[]> {
  const { context, page } = await openPhone(browser, link.url);
  try {
    // First visit: the sign-on page, then the app, its precache and the user's data over the link.
    link.takeBytes();
    const opened = performance.now();
    await page.goto('/');
    await page.getByLabel('User ID').fill(usrId);
    await page.getByLabel('Password').fill('demo');
    const signedOn = performance.now();
    await page.getByRole('button', { name: 'Sign on' }).click();
    await page.waitForURL((url) => url.pathname === home, { timeout: 60_000 });
    await dataShownAt(page);
    const firstData = performance.now() - signedOn;
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await quiet(link);
    const firstAll = performance.now() - opened - QUIET_MS;
    const first = link.takeBytes();

    const online: number[] = [];
    const onlineBytes: number[] = [];
    let requests: string[] = [];
    for (let i = 0; i < VISITS; i++) {
      await page.goto('/', { waitUntil: 'commit' });
      online.push(await dataShownAt(page));
      // The visit's own sync runs after its data is on screen: let it start, then finish.
      await new Promise((r) => setTimeout(r, QUIET_MS));
      await quiet(link);
      const b = link.takeBytes();
      onlineBytes.push(b.up + b.down);
      requests = b.requests;
    }
    await context.setOffline(true);
    const offline: number[] = [];
    for (let i = 0; i < VISITS; i++) {
      await page.goto('/', { waitUntil: 'commit' });
      offline.push(await dataShownAt(page));
    }
    await context.setOffline(false);
    await quiet(link);
    link.setState('silent');
    const silent: number[] = [];
    for (let i = 0; i < VISITS; i++) {
      await page.goto('/', { waitUntil: 'commit' });
      silent.push(await dataShownAt(page));
    }
    link.setState('up');

    const label = `${usrId} (${home})`;
    return [
      {
        what: `first visit, ${label}: Sign on to data on screen; all settled, with the app's precache`,
        value: `${(firstData / 1000).toFixed(1)} s; ${(firstAll / 1000).toFixed(0)} s`,
        budget: `${kb(first.down)} down, ${kb(first.up)} up`,
      },
      {
        what: `repeat visit online, ${label}: data on screen, p50 of ${VISITS}`,
        value: ms(online),
        budget: 'under 1 s',
      },
      {
        what: `repeat visit offline, ${label}: data on screen, p50 of ${VISITS}`,
        value: ms(offline),
        budget: 'no slower than online',
      },
      {
        what: `repeat visit, link silently down, ${label}: data on screen, p50 of ${VISITS}`,
        value: ms(silent),
        budget: 'no slower than online',
      },
      {
        what: `repeat visit online, ${label}: all it transfers (page, sync), p50 of ${VISITS}`,
        value: `${pct(onlineBytes, 50)} B`,
        // The 2 KB budget is a resync with nothing new (bench/sync.ts); an opening also connects the chat socket.
        budget: '- (opening: the sync pass and the chat socket)',
      },
      {
        what: `repeat visit online, ${label}: the last one's requests`,
        value: String(requests.length),
        budget: requests.map((r) => r.replace('/api/v2/app', '')).join(', '),
      },
    ];
  } finally {
    link.setState('up');
    await context.close();
  }
}

export async function browserBench(): Promise<Row[]> {
  const skip = (why: string): Row[] => [{ what: 'browser figures', value: 'not measured', budget: why }];
  if (!existsSync(join(ROOT, 'dist/index.html'))) return skip('dist/ missing: run npm run build');
  const executablePath = chromiumPath();
  if (!executablePath) return skip('no Chromium: apt-get install -y chromium');

  const app = await boot(testConfig({ logLevel: 'silent' }));
  const serverUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  const link = await startLink(Number(new URL(serverUrl).port), FLEET_BROADBAND);
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  const rows: Row[] = [
    {
      what: `link: ${FLEET_BROADBAND.name}, ${FLEET_BROADBAND.rttMs} ms round trip, ${FLEET_BROADBAND.downKbit}/${FLEET_BROADBAND.upKbit} kbit/s`,
      value: '',
      budget: '',
    },
  ];
  try {
    for (const { usrId, home } of USERS) rows.push(...(await measureUser(browser, link, usrId, home)));
  } finally {
    await browser.close();
    await link.close();
    await app.close();
  }
  return rows;
}
