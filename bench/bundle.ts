// Bundle figures: the window's JavaScript for the first page and the sync worker's, gzip-compressed as served.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Row } from './server.ts';

const gz = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

export function bundleBench(dist = 'dist'): Row[] {
  if (!existsSync(join(dist, 'index.html')))
    return [{ what: 'bundle sizes', value: 'dist/ missing: run npm run build', budget: '-' }];
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const firstPage = [
    ...html.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="\/?([^"]+\.js)"/g),
  ].map((m) => m[1] ?? '');
  const windowBytes = firstPage.reduce((sum, f) => sum + gz(join(dist, f)), 0);
  const assets = existsSync(join(dist, 'assets')) ? readdirSync(join(dist, 'assets')) : [];
  const workerFiles = assets.filter(
    (f) => /^index-.*\.js$/.test(f) === false && /worker/i.test(f) && f.endsWith('.js'),
  );
  const workerBytes = workerFiles.reduce((sum, f) => sum + gz(join(dist, 'assets', f)), 0);
  const sw = existsSync(join(dist, 'sw.js')) ? gz(join(dist, 'sw.js')) : 0;
  return [
    {
      what: `window JS for the first page (${firstPage.length} files), gzip`,
      value: kb(windowBytes),
      budget: '<= 160 KB',
    },
    {
      what: `sync worker JS (${workerFiles.length} files), gzip`,
      value: kb(workerBytes),
      budget: '<= 100 KB',
    },
    { what: 'service worker JS, gzip', value: kb(sw), budget: '-' },
  ];
}
