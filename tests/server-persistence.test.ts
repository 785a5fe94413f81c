// Data survives a restart with the same data folder (PGlite), or the same database (DATABASE_URL); migrations run once.
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { boot } from '../server/boot.ts';
import { testConfig, type Config } from '../server/config.ts';
import { openDb } from '../server/db/db.ts';
import { adminUrl } from './helpers/postgres.ts';

let dir: string;
let config: Config;
let dropDb: () => Promise<void> = async () => undefined;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'quay-persist-'));
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = `quay_p_${randomBytes(5).toString('hex')}`;
    const admin = await openDb({ databaseUrl: adminUrl(url) });
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('pgTemplate')}`);
    const u = new URL(url);
    u.pathname = `/${name}`;
    config = testConfig({ dataDir: dir, databaseUrl: u.toString() });
    dropDb = async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.close();
    };
  } else {
    config = testConfig({ dataDir: dir });
  }
});

afterAll(async () => {
  await dropDb();
  await rm(dir, { recursive: true, force: true });
});

async function signOnToken(
  app: Awaited<ReturnType<typeof boot>>,
  usrId: string,
): Promise<{ token: string; sid: string }> {
  const login = await app.inject({ method: 'POST', url: '/sso/login', payload: { usrId, password: 'demo' } });
  const sid = login.cookies.find((c) => c.name === 'quay_sid')?.value ?? '';
  const { token } = (await app.inject({ url: '/IBP_REFRESH.do', cookies: { quay_sid: sid } })).json();
  return { token, sid };
}

describe('restart persistence', () => {
  it('keeps data, sessions and keys across a restart with the same data folder', async () => {
    const first = await boot(config);
    const { token, sid } = await signOnToken(first, 'staff');
    const save = await first.inject({
      method: 'POST',
      url: '/api/v2/app/notification/settings',
      headers: { 'x-auth-token': token, 'idempotency-key': 'persist-1' },
      payload: { notId: 'N007', notUseYn: 'N' },
    });
    expect(save.statusCode).toBe(200);
    await first.close();
    if (!config.databaseUrl) expect((await stat(join(dir, 'pglite'))).isDirectory()).toBe(true);

    const second = await boot(config);
    try {
      // The same token still verifies: the signing key was kept in the data folder.
      const list = await second.inject({
        url: '/api/v2/app/notification/settings',
        headers: { 'x-auth-token': token },
      });
      expect(list.statusCode).toBe(200);
      const n007 = list.json().settingList.find((x: { notId: string }) => x.notId === 'N007');
      expect(n007.notUseYn).toBe('N');
      // The session cookie still gives a token, and the idempotency key is remembered.
      expect(
        (await second.inject({ url: '/IBP_REFRESH.do', cookies: { quay_sid: sid } })).json().Result,
      ).toBe('Ok');
      const replay = await second.inject({
        method: 'POST',
        url: '/api/v2/app/notification/settings',
        headers: { 'x-auth-token': token, 'idempotency-key': 'persist-1' },
        payload: { notId: 'N007', notUseYn: 'N' },
      });
      expect(replay.headers['idempotent-replayed']).toBe('true');
      const migrations = await second.ctx.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM schema_migrations',
      );
      expect(migrations[0]?.n).toBeGreaterThanOrEqual(1);
      const users = await second.ctx.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM users WHERE usr_id = 'vessel'`,
      );
      expect(users[0]?.n).toBe(1);
    } finally {
      await second.close();
    }
  }, 120_000); // two boots, the first with an empty data folder (initdb and seed): slow on a busy machine
});
