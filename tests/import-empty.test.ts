// A Quay that starts empty (DEMO=off, integration.md#starting-empty-and-importing): no demo world, users or
// simulator, the app's own code tables, the ADMIN_USER account that signs on; and a later DEMO=on start that leaves
// an import's ports alone instead of seeding over them.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boot, prepareStorage } from '../server/boot.ts';
import { loadConfig, testConfig } from '../server/config.ts';
import type { App } from '../server/context.ts';
import { openDb } from '../server/db/db.ts';
import { importFile } from '../server/import/run.ts';

const ADMIN = { usrId: 'harbourmaster', password: 'long-enough-1' };

describe('DEMO=off', () => {
  let app: App;
  beforeAll(async () => {
    // Its own in-memory database, prepared by boot as `npm start` prepares one (not the seeded template).
    app = await boot(testConfig({ demo: false, admin: ADMIN, databaseUrl: null, dataDir: null }));
    await app.ready();
  });
  afterAll(async () => app?.close());

  const count = async (table: string) =>
    Number((await app.ctx.db.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`))[0]?.n);

  it('starts with no vessels, no ports and no user but the admin', async () => {
    expect(await count('vessels')).toBe(0);
    expect(await count('ports')).toBe(0);
    expect(await app.ctx.db.query('SELECT usr_id FROM users')).toEqual([{ usr_id: ADMIN.usrId }]);
  });

  it("keeps the app's own menu and code tables", async () => {
    expect(await count('programs')).toBeGreaterThan(0);
    expect(await count('codes')).toBeGreaterThan(0);
    expect(await count('notification_types')).toBeGreaterThan(0);
  });

  it('lets the admin sign on as staff, and no demo user', async () => {
    const signOn = (usrId: string, password: string) =>
      app.inject({ method: 'POST', url: '/sso/login', payload: { usrId, password } });
    const admin = await signOn(ADMIN.usrId, ADMIN.password);
    expect(admin.statusCode).toBe(303);
    const sid = admin.cookies.find((c) => c.name === 'quay_sid')?.value ?? '';
    const refresh = await app.inject({ method: 'GET', url: '/IBP_REFRESH.do', cookies: { quay_sid: sid } });
    expect(refresh.json()).toMatchObject({ Result: 'Ok' });
    expect((await signOn('staff', 'demo')).statusCode).not.toBe(303);
  });

  it('is read from the environment, with no simulator', () => {
    const env = { DATA_DIR: ':memory:', DEMO: 'off', ADMIN_USER: 'hm', ADMIN_PASSWORD: 'long-enough-1' };
    expect(loadConfig(env)).toMatchObject({ demo: false, simulator: false, admin: { usrId: 'hm' } });
    expect(loadConfig({ DATA_DIR: ':memory:' })).toMatchObject({ demo: true, simulator: true, admin: null });
    expect(() => loadConfig({ ...env, SIMULATOR: 'on' })).toThrow(/SIMULATOR moves the demo world/);
    expect(() => loadConfig({ DEMO: 'no' })).toThrow(/DEMO must be on or off/);
    expect(() => loadConfig({ ADMIN_USER: 'hm' })).toThrow(/ADMIN_USER and ADMIN_PASSWORD go together/);
    expect(() => loadConfig({ ADMIN_USER: 'hm', ADMIN_PASSWORD: 'short' })).toThrow(/at least 8/);
  });
});

describe('DEMO=on over an imported database', () => {
  it('warns and seeds no demo world over the imported ports', async () => {
    const db = await openDb({});
    try {
      await prepareStorage(db, { demo: false, admin: null });
      await importFile(db, join(import.meta.dirname, 'fixtures', 'unlocode-ports.csv'));
      const warnings: string[] = [];
      await prepareStorage(db, { demo: true, admin: null }, (m) => warnings.push(m));
      expect(warnings).toEqual([expect.stringMatching(/holds ports or users of its own/)]);
      expect(await db.query("SELECT port_nm FROM ports WHERE port_cd = 'SEGOT'")).toEqual([
        { port_nm: 'Göteborg' },
      ]);
      expect(await db.query('SELECT 1 FROM vessels')).toEqual([]);
    } finally {
      await db.close();
    }
    // A fresh database migrated twice over: seconds alone, far more beside a busy CI job.
  }, 120_000);
});
