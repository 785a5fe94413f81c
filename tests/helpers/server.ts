// The real reference server for integration tests: in process, on a copy of the seeded template database.
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { boot } from '../../server/boot.ts';
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
  /** Signs on through the sign-on form and turns the session into a token, as the app does. */
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

async function copyDatabase(): Promise<{ db: Db; drop: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = `quay_t_${randomBytes(6).toString('hex')}`;
    const admin = await openDb({ databaseUrl: adminUrl(url) });
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('pgTemplate')}`);
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
  const dump = await readFile(inject('templateFile'));
  const db = await openPglite(undefined, new Blob([dump]));
  return { db, drop: async () => undefined };
}

export async function startTestServer(overrides: Partial<Config> = {}): Promise<TestServer> {
  const { db, drop } = await copyDatabase();
  const app = await boot(testConfig(overrides), db);
  await app.ready();
  const tokens = new Map<string, string>();

  const token = async (usrId: string): Promise<string> => {
    const cached = tokens.get(usrId);
    if (cached) return cached;
    const login = await app.inject({
      method: 'POST',
      url: '/sso/login',
      payload: { usrId, password: 'demo' },
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
