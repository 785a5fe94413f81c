// `npm run admin` (product.md#user-administration): the same rules and audit log as the API, on the database `npm
// start` uses, here an embedded one in a temp DATA_DIR started with DEMO=off; exit 0 done, 1 refused, 2 bad usage.
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from '../server/db/pglite.ts';
import { createSession } from '../server/auth/sessions.ts';
import type { AuditList } from '../src/core/contract/admin-users.ts';

const ROOT = join(import.meta.dirname, '..');
let dir = '';
let env: Record<string, string> = {};

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'quay-admin-cli-'));
  env = { DATA_DIR: dir, DEMO: 'off', ADMIN_USER: 'chief', ADMIN_PASSWORD: 'chief-password-1' };
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

interface Ran {
  code: number;
  stdout: string;
  stderr: string;
}

function admin(args: string[], stdin?: string): Promise<Ran> {
  const p = promisify(execFile)(process.execPath, ['--import', 'tsx', 'server/admin/cli.ts', ...args], {
    cwd: ROOT,
    // Not the PostgreSQL or RabbitMQ a test run may have: this DATA_DIR's database alone.
    env: { ...process.env, DATABASE_URL: '', AMQP_URL: '', LOG_LEVEL: 'silent', ...env },
  });
  p.child.stdin?.end(stdin ?? '');
  return p.then(
    (r) => ({ code: 0, ...r }),
    (e: Ran) => e,
  );
}

/** The CLI's database, opened between two runs (one process at a time owns an embedded database). */
async function withDb<T>(fn: (db: Awaited<ReturnType<typeof openPglite>>) => Promise<T>): Promise<T> {
  const db = await openPglite(join(dir, 'pglite'));
  try {
    return await fn(db);
  } finally {
    await db.close();
  }
}

describe('npm run admin', () => {
  it('says how to use it, and exits 2 on bad usage without opening the database', async () => {
    const help = await admin(['--help']);
    expect(help).toMatchObject({ code: 0, stdout: expect.stringMatching(/^usage: npm run admin/) });
    expect(await admin([])).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/^usage: npm run admin/),
    });
    expect(await admin(['frob'])).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/unknown command frob/),
    });
    expect(await admin(['list', '--nonsense'])).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/nonsense/),
    });
  }, 60_000);

  it('adds, refuses by the rules, disables with the sessions ending, and keeps the audit log', async () => {
    const added = await admin(
      ['add', 'ops.one', '--name', 'Ops One', '--type', '2', '--roles', 'NAV00', '--password-stdin'],
      'a-long-password\n',
    );
    expect(added.stderr).toBe('');
    expect(added.code).toBe(0);
    expect(added.stdout).toMatch(/^id\s+ops\.one$/m);
    expect(added.stdout).toMatch(/^password\s+yes$/m);

    const refusals: [string[], RegExp][] = [
      [['add', 'ops.one', '--name', 'Again', '--type', '2'], /^admin: usrId ops\.one already exists/],
      [
        ['add', 'agent.x', '--name', 'X', '--type', '3', '--ports', 'ZZZZZ'],
        /^admin: ports: unknown port ZZZZZ/,
      ],
      [['add', 'y.one', '--name', 'Y', '--type', '2', '--roles', 'BOSS'], /^admin: roles/],
      [['disable', 'chief'], /^admin: chief is the last enabled administrator/],
      [['show', 'nobody'], /^admin: usrId nobody was not found/],
    ];
    for (const [args, words] of refusals) {
      const r = await admin(args);
      expect(r.code, r.stderr).toBe(1);
      expect(r.stderr).toMatch(words);
      expect(r.stderr).not.toMatch(/\n\s+at /);
    }

    const sid = await withDb((db) => createSession(db, 'ops.one', 3600));
    const off = await admin(['disable', 'ops.one']);
    expect(off.code, off.stderr).toBe(0);
    expect(off.stdout).toMatch(/^disabled\s+\d{4}-/m);
    expect(off.stderr).toMatch(
      /1 session\(s\) ended; a running server closes the live connections it concerns/,
    );
    const ended = await withDb((db) => db.query('SELECT end_reason FROM sessions WHERE sid = $1', [sid]));
    expect(ended).toEqual([{ end_reason: 'disabled' }]);

    expect((await admin(['enable', 'ops.one'])).code).toBe(0);
    const audit = await admin(['audit', 'ops.one', '--json']);
    const entries = JSON.parse(audit.stdout) as AuditList;
    expect(entries.entries.map((e) => [e.actor, e.action])).toEqual([
      ['cli', 'user.enabled'],
      ['cli', 'user.disabled'],
      ['cli', 'user.password-set'],
      ['cli', 'user.created'],
    ]);
    expect(audit.stdout).not.toMatch(/a-long-password/);
  }, 300_000);
});
