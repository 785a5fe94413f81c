// `npm run bench -- lighthouse`: Lighthouse's performance and accessibility scores, layout shift and blocking time of
// each role's home, on a phone (mobile settings) and at a desk (the desktop preset, product.md#desk-layout), signed on
// and opened again with its data on the device (as every opening after the first is). Lighthouse drives the same
// Chromium through its debugging port; the runs of each home alternate with the other homes' within each round, since
// the machine is shared. Figures only: budgets are a score of 0.95, accessibility 1.0 and a layout shift under 0.05.
// Options: --rounds=3, --forms=mobile,desktop; DIST_DIR names the build (dist/ by default).
import { mkdtemp, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { CHROMIUM_ARGS, chromiumPath } from '../e2e/chromium.ts';
import { boot } from '../server/boot.ts';
import { testConfig } from '../server/config.ts';
import { freePort, pct, type Row } from './common.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const HOMES = [
  { usrId: 'vessel', home: '/voyage' },
  { usrId: 'agent', home: '/port/live' },
  { usrId: 'operator', home: '/myvessel' },
  { usrId: 'viewer', home: '/myvessel' },
  { usrId: 'staff', home: '/myvessel' },
] as const;

const rounds = Number(process.argv.find((a) => a.startsWith('--rounds='))?.slice(9) ?? 3);
const FORMS = (process.argv.find((a) => a.startsWith('--forms='))?.slice(8) ?? 'mobile,desktop')
  .split(',')
  .filter((f): f is 'mobile' | 'desktop' => f === 'mobile' || f === 'desktop');

interface Run {
  score: number;
  a11y: number;
  cls: number;
  tbtMs: number;
  lcpMs: number;
}

export async function lighthouseBench(): Promise<Row[]> {
  const distDir = process.env.DIST_DIR ?? join(ROOT, 'dist');
  if (!existsSync(join(distDir, 'index.html'))) throw new Error('Build the app first: npx vite build');
  const app = await boot(testConfig({ logLevel: 'silent', distDir }));
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  const profiles: string[] = [];
  const runs = new Map<string, Run[]>();
  try {
    // One browser per role, each signed on once, each with its own debugging port for Lighthouse.
    const phones = [];
    for (const h of HOMES) {
      const port = await freePort();
      const profile = await mkdtemp(join(tmpdir(), 'quay-lh-'));
      profiles.push(profile);
      const executablePath = chromiumPath();
      const context = await chromium.launchPersistentContext(profile, {
        ...(executablePath ? { executablePath } : {}),
        args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`],
        viewport: { width: 390, height: 844 },
        locale: 'en-GB',
        timezoneId: 'UTC',
      });
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto(`${url}/sso/login`);
      await page.getByLabel('User ID').fill(h.usrId);
      await page.getByLabel('Password').fill('demo');
      await page.getByRole('button', { name: 'Sign on' }).click();
      await page.getByRole('navigation', { name: 'App bar' }).waitFor();
      await page.goto(`${url}${h.home}`);
      await page.waitForTimeout(4000);
      phones.push({ ...h, port, context });
    }
    for (let round = 0; round < rounds; round++)
      for (const form of FORMS)
        for (const p of phones) {
          const flags = {
            port: p.port,
            output: 'json' as const,
            logLevel: 'error' as const,
            disableStorageReset: true,
            onlyCategories: ['performance', 'accessibility'],
          };
          // The desktop preset: a 1350-px screen, desktop throttling and user agent.
          const result =
            form === 'desktop'
              ? await lighthouse(`${url}${p.home}`, flags, desktopConfig)
              : await lighthouse(`${url}${p.home}`, { ...flags, formFactor: 'mobile' });
          if (!result) throw new Error(`Lighthouse gave no result for ${p.home}`);
          const a = result.lhr.audits;
          const key = `${form}, ${p.usrId} ${p.home}`;
          runs.set(key, [
            ...(runs.get(key) ?? []),
            {
              score: result.lhr.categories.performance?.score ?? 0,
              a11y: result.lhr.categories.accessibility?.score ?? 0,
              cls: a['cumulative-layout-shift']?.numericValue ?? NaN,
              tbtMs: a['total-blocking-time']?.numericValue ?? NaN,
              lcpMs: a['largest-contentful-paint']?.numericValue ?? NaN,
            },
          ]);
        }
    for (const p of phones) await p.context.close();
  } finally {
    await app.close();
    for (const profile of profiles) await rm(profile, { recursive: true, force: true });
  }
  const rows: Row[] = [];
  for (const [key, rs] of runs) {
    const median = (f: (r: Run) => number) => pct(rs.map(f), 50);
    rows.push({
      what: `Lighthouse ${key}: score (median of ${rs.length}; lowest)`,
      value: `${median((r) => r.score).toFixed(2)} (${Math.min(...rs.map((r) => r.score)).toFixed(2)})`,
      budget: '>= 0.95',
    });
    rows.push({
      what: `  ${key}: accessibility score (lowest)`,
      value: Math.min(...rs.map((r) => r.a11y)).toFixed(2),
      budget: '1.00',
    });
    rows.push({
      what: `  ${key}: layout shift, blocking time, largest paint (medians)`,
      value: `${median((r) => r.cls).toFixed(3)} · ${median((r) => r.tbtMs).toFixed(0)} ms · ${median((r) => r.lcpMs).toFixed(0)} ms`,
      budget: 'CLS < 0.05',
    });
  }
  return rows;
}
