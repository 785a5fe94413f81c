// package.json's `engines` is true: every package the lock file installs runs on the oldest Node the project says it
// supports, so `npm ci` on that Node installs nothing that declares it needs a newer one. Optional packages npm skips
// on an engine it does not match (a native speed-up of rollup's) are not installed there, and so not counted.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');
const read = (name: string): unknown => JSON.parse(readFileSync(join(ROOT, name), 'utf8'));

interface LockEntry {
  version?: string;
  optional?: boolean;
  engines?: { node?: string } | string[];
}

const pkg = read('package.json') as { engines: { node: string } };
const lock = read('package-lock.json') as { packages: Record<string, LockEntry> };
const oldest = semver.minVersion(pkg.engines.node)?.version ?? '';

describe('the Node the project says it runs on', () => {
  it('is a version range with a least version', () => {
    expect(oldest).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('satisfies every installed package that names the Node it needs', () => {
    const tooNew = Object.entries(lock.packages)
      .filter(([path, e]) => path !== '' && !e.optional)
      .map(([path, e]) => ({ path, node: Array.isArray(e.engines) ? undefined : e.engines?.node }))
      .filter((e): e is { path: string; node: string } => !!e.node)
      .filter((e) => !semver.satisfies(oldest, e.node))
      .map((e) => `${e.path.replace(/^.*node_modules\//, '')} needs Node ${e.node}`);
    expect(tooNew).toEqual([]);
  });

  it('is the one the README gives', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    expect(readme).toContain(`Node ${semver.major(oldest)}.${semver.minor(oldest)}`);
  });
});
