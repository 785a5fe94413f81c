// Bundle figures: the window's JavaScript for the first page and the sync worker's, gzip-compressed as served, and
// what the service worker precaches on a first install (with sw.js itself), as served (the build's .br files).
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Row } from './common.ts';

const gz = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;

/** budgets.md#current-budgets: compressed as served. */
export const WINDOW_BUDGET = 140 * 1024;
export const WORKER_BUDGET = 100 * 1024;

export interface BundleSizes {
  firstPageFiles: number;
  windowBytes: number;
  workerFiles: number;
  workerBytes: number;
  swBytes: number;
}

/** A chunk and every chunk it imports statically (`import … from "./x.js"`), as file names under assets/. */
function withImports(assetsDir: string, file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file) || !existsSync(join(assetsDir, file))) return seen;
  seen.add(file);
  const code = readFileSync(join(assetsDir, file), 'utf8');
  for (const m of code.matchAll(/(?:^|[;}\s])import\s*(?:[\w$*{}\s,]+from\s*)?["']\.\/([^"']+\.js)["']/g))
    withImports(assetsDir, m[1] ?? '', seen);
  return seen;
}

/**
 * The first page's JavaScript is what index.html loads: its module script and the module preloads. The sync worker's
 * is its chunk and the chunks it imports (shared with the window: they download once, and count in both).
 */
export function measureBundle(dist = 'dist'): BundleSizes | null {
  if (!existsSync(join(dist, 'index.html'))) return null;
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const firstPage = [
    ...html.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="\/?([^"]+\.js)"/g),
  ].map((m) => m[1] ?? '');
  const windowBytes = firstPage.reduce((sum, f) => sum + gz(join(dist, f)), 0);
  const assetsDir = join(dist, 'assets');
  const assets = existsSync(assetsDir) ? readdirSync(assetsDir) : [];
  const entry = assets.find((f) => /^sync-worker-.*\.js$/.test(f));
  const workerFiles = entry ? [...withImports(assetsDir, entry)] : [];
  const workerBytes = workerFiles.reduce((sum, f) => sum + gz(join(assetsDir, f)), 0);
  const swBytes = existsSync(join(dist, 'sw.js')) ? gz(join(dist, 'sw.js')) : 0;
  return {
    firstPageFiles: firstPage.length,
    windowBytes,
    workerFiles: workerFiles.length,
    workerBytes,
    swBytes,
  };
}

/**
 * What the service worker precaches, sw.js included, as served: the first install's largest part (the rest is the
 * sign-on, the first pull and every request's headers, about 52 KB over plain HTTP/1.1). Both limits keep the install
 * within its 300 KB: each file costs about 900 B of HTTP/1.1 headers besides its body (docs/sync.md#the-first-install).
 */
export const PRECACHE_BUDGET = 245 * 1024;
export const PRECACHE_FILES_BUDGET = 20;

/** The precache list written into sw.js, and its bytes as served: the .br beside a file when the build made one. */
export function measurePrecache(dist = 'dist'): { files: number; raw: number; served: number } | null {
  const sw = join(dist, 'sw.js');
  if (!existsSync(sw)) return null;
  const urls = [...readFileSync(sw, 'utf8').matchAll(/"url":"([^"]+)"/g)].map((m) => m[1] ?? '');
  let raw = 0;
  let served = 0;
  for (const url of [...urls, 'sw.js']) {
    const file = join(dist, url);
    if (!existsSync(file)) continue;
    const body = readFileSync(file);
    raw += body.byteLength;
    served += existsSync(`${file}.br`)
      ? readFileSync(`${file}.br`).byteLength
      : /\.(png|jpe?g|webp|woff2?)$/.test(file)
        ? body.byteLength
        : gzipSync(body).byteLength;
  }
  return { files: urls.length + 1, raw, served };
}

export const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

export function bundleBench(dist = 'dist'): Row[] {
  const m = measureBundle(dist);
  if (!m) return [{ what: 'bundle sizes', value: 'dist/ missing: run npm run build', budget: '-' }];
  const precache = measurePrecache(dist);
  return [
    {
      what: `window JS for the first page (${m.firstPageFiles} files), gzip`,
      value: kb(m.windowBytes),
      budget: `<= ${kb(WINDOW_BUDGET)}`,
    },
    {
      what: `sync worker JS (${m.workerFiles} files), gzip`,
      value: kb(m.workerBytes),
      budget: `<= ${kb(WORKER_BUDGET)}`,
    },
    { what: 'service worker JS, gzip', value: kb(m.swBytes), budget: '-' },
    ...(precache
      ? [
          {
            what: `first install's precache with sw.js (${precache.files} files, ${kb(precache.raw)}), as served`,
            value: kb(precache.served),
            budget: `<= ${PRECACHE_FILES_BUDGET} files, ${kb(PRECACHE_BUDGET)} (the install, API included: <= 300 KB, npm run bench -- day)`,
          },
        ]
      : []),
  ];
}
