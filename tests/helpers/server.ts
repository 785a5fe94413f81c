// The real reference server for integration tests: in process, on a copy of the seeded template database, or with
// `demo: false` on a database of its own prepared as `npm start` prepares one with DEMO=off.
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { boot, prepareStorage } from '../../server/boot.ts';
import { testConfig, type Config } from '../../server/config.ts';
import type { App } from '../../server/context.ts';
import { openDb, type Db } from '../../server/db/db.ts';
import { openPglite } from '../../server/db/pglite.ts';
import { adminUrl } from './postgres.ts';

export interface TestServer {
  app: App;
  /** The server's Db (app.ctx.db): its transactions record domain events, and the subscribers hear of them. */
  db: Db;
  /** When the template was seeded: the world's "now". */
  seedNow: Date;
  /** Signs on through the sign-on form (the demo users' password, or ADMIN_PASSWORD for ADMIN_USER) for a token. */
  token(usrId: string): Promise<string>;
  /** One call with a user's token (or none), through Fastify's inject: no sockets. */
  call(method: string, url: string, opts?: CallOptions): Promise<LightMyRequestResponse>;
  /** Listens on a random loopback port, for clients that need a real socket; returns the base URL. */
  listen(): Promise<string>;
  close(): Promise<void>;
}

interface CallOptions {
  as?: string;
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

/** The ADMIN_USER of a server started with `demo: false` when the test names none. */
export const TEST_ADMIN = { usrId: 'harbourmaster', password: 'long-enough-1' } as const;

/** A copy of the seeded template; `empty`: a database with nothing in it, not even the migrations. */
async function copyDatabase(empty = false): Promise<{ db: Db; drop: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = `quay_t_${randomBytes(6).toString('hex')}`;
    const admin = await openDb({ databaseUrl: adminUrl(url) });
    await admin.query(`CREATE DATABASE ${name}${empty ? '' : ` TEMPLATE ${inject('pgTemplate')}`}`);
    const u = new URL(url);
    u.pathname = `/${name}`;
    const db = await openDb({ databaseUrl: u.toString() });
    return {
      db,
      drop: async () => {
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.close();
      },
    };
  }
  if (empty) return { db: await openPglite(), drop: async () => undefined };
  const dump = await readFile(inject('templateFile'));
  const db = await openPglite(undefined, new Blob([dump]));
  return { db, drop: async () => undefined };
}

/**
 * The server, in process. With `demo: false` (DEMO=off) it starts on a fresh database that boot's preparation
 * migrates and fills with the app's own tables and the ADMIN_USER (TEST_ADMIN unless `admin` names one): no demo
 * world, no demo users, no simulator; its ports come from an import (integration.md#starting-empty-and-importing).
 */
export async function startTestServer(overrides: Partial<Config> = {}): Promise<TestServer> {
  const empty = overrides.demo === false;
  const config = testConfig(empty ? { admin: TEST_ADMIN, ...overrides } : overrides);
  const { db, drop } = await copyDatabase(empty);
  if (empty) await prepareStorage(db, config);
  const app = await boot(config, db);
  await app.ready();
  const tokens = new Map<string, string>();
  const passwordOf = (usrId: string) => (usrId === config.admin?.usrId ? config.admin.password : 'demo');

  const token = async (usrId: string): Promise<string> => {
    const cached = tokens.get(usrId);
    if (cached) return cached;
    const login = await app.inject({
      method: 'POST',
      url: '/sso/login',
      payload: { usrId, password: passwordOf(usrId) },
    });
    if (login.statusCode !== 303) throw new Error(`sign-on of ${usrId} failed: ${login.statusCode}`);
    const cookie = login.cookies.find((c) => c.name === 'quay_sid');
    const refresh = await app.inject({
      method: 'GET',
      url: '/IBP_REFRESH.do',
      cookies: { quay_sid: cookie?.value ?? '' },
    });
    const body = refresh.json<{ Result: string; token?: string }>();
    if (body.Result !== 'Ok' || !body.token) throw new Error(`token for ${usrId} failed`);
    tokens.set(usrId, body.token);
    return body.token;
  };

  return {
    app,
    // The server's own Db: a transaction of a test goes through the domain's events as the server's do.
    db: app.ctx.db,
    seedNow: new Date(inject('seedNow')),
    token,
    async call(method, url, opts = {}) {
      const headers: Record<string, string> = { ...opts.headers };
      const tok = opts.token ?? (opts.as ? await token(opts.as) : undefined);
      if (tok) headers['x-auth-token'] = tok;
      return app.inject({
        method: method as 'GET',
        url,
        headers,
        ...(opts.body !== undefined ? { payload: opts.body as object } : {}),
      });
    },
    async listen() {
      return app.listen({ port: 0, host: '127.0.0.1' });
    },
    async close() {
      await app.close();
      await db.close();
      await drop();
    },
  };
}
