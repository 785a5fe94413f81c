// `npm start` builds the app when dist/ is missing or was built from other sources or settings, so one command runs
// everything. The build is always the production app (with its service worker), whatever NODE_ENV says: a
// development bundle has none, and nothing would work offline. What it was built from is a key kept beside it: a
// hash of the sources' contents (file times change with a checkout, contents are what matter) and of the build
// settings (the VITE_ variables the app reads at build time).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const SOURCES = ['src', 'worker', 'sw', 'public', 'index.html', 'vite.config.ts', 'package-lock.json'];
/** Beside the build: the key it was made from. */
export const BUILD_KEY_FILE = 'build-key.txt';

function files(path: string): string[] {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path)
    .filter((entry) => entry !== 'node_modules')
    .sort()
    .flatMap((entry) => files(join(path, entry)));
}

/** The build settings the environment gives: every VITE_ variable, and the mode (always production). */
function buildSettings(env: NodeJS.ProcessEnv): Record<string, string> {
  const settings: Record<string, string> = { mode: 'production' };
  for (const name of Object.keys(env).sort()) if (name.startsWith('VITE_')) settings[name] = env[name] ?? '';
  return settings;
}

/** What a build of these sources with these settings is: a hash of both. */
export function buildKey(root: string, env: NodeJS.ProcessEnv): string {
  const hash = createHash('sha256');
  for (const file of SOURCES.flatMap((s) => files(join(root, s)))) {
    hash.update(file.slice(root.length));
    hash.update('\0');
    hash.update(readFileSync(file));
    hash.update('\0');
  }
  hash.update(JSON.stringify(buildSettings(env)));
  return hash.digest('hex');
}

export function needsBuild(root: string, distDir: string, env: NodeJS.ProcessEnv = process.env): boolean {
  if (!existsSync(join(distDir, 'index.html'))) return true;
  const keyFile = join(distDir, BUILD_KEY_FILE);
  if (!existsSync(keyFile)) return true;
  return readFileSync(keyFile, 'utf8').trim() !== buildKey(root, env);
}

/** The production build's command: Vite in production mode, NODE_ENV production whatever the caller's was. */
export function buildCommand(
  root: string,
  env: NodeJS.ProcessEnv,
): { args: string[]; env: NodeJS.ProcessEnv } {
  return {
    args: [
      join(root, 'node_modules/vite/bin/vite.js'),
      'build',
      '--mode',
      'production',
      '--logLevel',
      'warn',
    ],
    env: { ...env, NODE_ENV: 'production' },
  };
}

export function buildIfNeeded(
  root: string,
  distDir: string,
  log: (msg: string) => void,
  env: NodeJS.ProcessEnv = process.env,
): void {
  if (!needsBuild(root, distDir, env)) return;
  log('building the app (dist/ is missing, or was built from other sources or settings)...');
  const key = buildKey(root, env);
  const command = buildCommand(root, env);
  const res = spawnSync(process.execPath, command.args, { cwd: root, stdio: 'inherit', env: command.env });
  if (res.status !== 0) throw new Error(`vite build failed with exit code ${res.status}`);
  writeFileSync(join(distDir, BUILD_KEY_FILE), `${key}\n`);
}
