// `npm start` builds the production app when dist/ is missing or was built from other sources or settings, and keeps
// it otherwise: decided by contents and build settings, not file times (a checkout touches every file).
import { mkdtemp, mkdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BUILD_KEY_FILE, buildCommand, buildKey, needsBuild } from '../server/build-if-needed.ts';

let root = '';
const dist = () => join(root, 'dist');
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'quay-build-'));
  await mkdir(join(root, 'src'), { recursive: true });
  await writeFile(join(root, 'src', 'main.ts'), 'export const a = 1;\n');
  await writeFile(join(root, 'index.html'), '<!doctype html>');
});
afterEach(() => rm(root, { recursive: true, force: true }));

/** dist/ as a build of the sources as they are now, with these settings, leaves it. */
async function built(env: NodeJS.ProcessEnv): Promise<void> {
  await mkdir(dist(), { recursive: true });
  await writeFile(join(dist(), 'index.html'), '<!doctype html><div id="root"></div>');
  await writeFile(join(dist(), BUILD_KEY_FILE), `${buildKey(root, env)}\n`);
}

describe('npm start: build when needed', () => {
  it('builds when dist/ is missing or carries no key (built by hand)', async () => {
    expect(needsBuild(root, dist(), {})).toBe(true);
    await built({});
    await rm(join(dist(), BUILD_KEY_FILE));
    expect(needsBuild(root, dist(), {})).toBe(true);
  });

  it('keeps a build of the same sources and settings, whatever their file times', async () => {
    await built({ VITE_APP_ENV: 'development' });
    const later = new Date(Date.now() + 3_600_000);
    await utimes(join(root, 'src', 'main.ts'), later, later);
    expect(needsBuild(root, dist(), { VITE_APP_ENV: 'development', NODE_ENV: 'development' })).toBe(false);
  });

  it('builds again when a source changes, or a build setting (a VITE_ variable)', async () => {
    await built({});
    await writeFile(join(root, 'src', 'main.ts'), 'export const a = 2;\n');
    expect(needsBuild(root, dist(), {})).toBe(true);
    await built({});
    expect(needsBuild(root, dist(), { VITE_STOMP_HEARTBEAT_MS: '120000' })).toBe(true);
  });

  it('builds the production app whatever NODE_ENV says', () => {
    const { args, env } = buildCommand(root, { NODE_ENV: 'development', VITE_APP_ENV: 'local' });
    expect(env.NODE_ENV).toBe('production');
    expect(env.VITE_APP_ENV).toBe('local');
    expect(args.slice(1, 4)).toEqual(['build', '--mode', 'production']);
  });
});
