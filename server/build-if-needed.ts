// `npm start` builds the app when dist/ is missing or older than its sources, so one command runs everything.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const SOURCES = ['src', 'worker', 'sw', 'public', 'index.html', 'vite.config.ts', 'package-lock.json'];

function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules') continue;
    max = Math.max(max, newest(join(path, entry)));
  }
  return max;
}

export function needsBuild(root: string, distDir: string): boolean {
  const built = join(distDir, 'index.html');
  if (!existsSync(built)) return true;
  const builtAt = statSync(built).mtimeMs;
  return SOURCES.some((s) => newest(join(root, s)) > builtAt);
}

export function buildIfNeeded(root: string, distDir: string, log: (msg: string) => void): void {
  if (!needsBuild(root, distDir)) return;
  log('building the app (dist/ is missing or older than its sources)...');
  const res = spawnSync(
    process.execPath,
    [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  if (res.status !== 0) throw new Error(`vite build failed with exit code ${res.status}`);
}
