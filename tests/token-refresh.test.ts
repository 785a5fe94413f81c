// The token against the real server: twenty 401s at once cause ONE refresh, and a refresh that says Fail (the
// sign-on session ended) clears the token and makes "signed out" visible to the window.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { QuayDb } from '../src/device/db.ts';
import { ApiClient } from '../src/device/net/api-client.ts';
import { requestJson } from '../src/device/net/http.ts';
import { checkLoggedUser, checkLogout } from '../src/device/net/checks.ts';
import { TokenStore } from '../src/device/net/token.ts';
import { createSyncService } from '../worker/sync/service.ts';
import { memoryLocks } from '../src/device/locks.ts';
import { signOnHttp } from './helpers/http-session.ts';
import { startTestServer, type TestServer } from './helpers/server.ts';
import { createTokens } from '../server/auth/tokens.ts';

const USER_PATH = '/api/v2/app/common/logged-user';
let s: TestServer;
let url: string;
const seen: { path: string; status: number; token: string | null }[] = [];

/** A browser's cookie jar for one user: POST /sso/login, then every request carries quay_sid. */
const signOn = (usrId: string) =>
  signOnHttp(url, usrId, {
    via: async ({ target, headers }, send) => {
      const res = await send();
      seen.push({ path: target.pathname, status: res.status, token: headers.get('x-auth-token') });
      return res;
    },
  });

const freshDb = () => new QuayDb({ indexedDB: new IDBFactory(), IDBKeyRange });

beforeAll(async () => {
  s = await startTestServer();
  url = await s.listen();
});
afterAll(() => s.close());

describe('token', () => {
  it('refreshes once, single-flight, when 20 calls get 401 at once, and all 20 succeed with the new token', async () => {
    await signOn('vessel');
    const db = freshDb();
    await db.setMeta('token', 'not-a-valid-token');
    const tokens = new TokenStore(db);
    const client = new ApiClient(tokens);
    seen.length = 0;
    const users = await Promise.all(
      Array.from({ length: 20 }, () => client.json(USER_PATH, checkLoggedUser)),
    );
    expect(users.every((u) => u.usrId === 'vessel')).toBe(true);
    const refreshes = seen.filter((r) => r.path === '/IBP_REFRESH.do');
    expect(refreshes).toHaveLength(1);
    const fresh = await db.getMeta('token');
    expect(fresh).toBeTruthy();
    expect(fresh).not.toBe('not-a-valid-token');
    const answered = seen.filter((r) => r.path === USER_PATH && r.status === 200);
    expect(answered).toHaveLength(20);
    expect(answered.every((r) => r.token === fresh)).toBe(true);
    expect(seen.filter((r) => r.path === USER_PATH && r.status === 401)).toHaveLength(20);
  });

  it('renews a token past half its life on the answer of a call that goes anyway, and the client keeps it', async () => {
    await signOn('vessel');
    const db = freshDb();
    const tokens = new TokenStore(db);
    const first = await tokens.refresh();
    if (!first) throw new Error('no token');
    const claims = JSON.parse(Buffer.from(first.split('.')[1] ?? '', 'base64url').toString()) as {
      sid: string;
    };
    const secret = s.app.ctx.config.tokenSecret ?? s.app.ctx.secrets.tokenSecret;
    // A token with 60 s left of a 900 s life: the next call's answer carries a new one.
    const ageing = await createTokens(secret, 60).sign({ usrId: 'vessel', sid: claims.sid });
    await db.setMeta('token', ageing);
    const client = new ApiClient(new TokenStore(db));
    seen.length = 0;
    expect((await client.json(USER_PATH, checkLoggedUser)).usrId).toBe('vessel');
    const renewed = await db.getMeta('token');
    expect(renewed).toBeTruthy();
    expect(renewed).not.toBe(ageing);
    expect(seen.map((r) => r.path)).toEqual([USER_PATH]);
    // A fresh token is not renewed again: no header on the next answer.
    const direct = await s.call('GET', USER_PATH, { token: renewed ?? '' });
    expect(direct.headers['x-auth-token']).toBeUndefined();
    const old = await s.call('GET', USER_PATH, { token: ageing });
    expect(old.headers['x-auth-token']).toBeTruthy();
  });

  it('renews a token that ran out before the call: no 401 round trip on the wire', async () => {
    await signOn('vessel');
    const db = freshDb();
    const tokens = new TokenStore(db);
    const first = await tokens.refresh();
    const claims = JSON.parse(Buffer.from((first ?? '').split('.')[1] ?? '', 'base64url').toString()) as {
      sid: string;
    };
    const secret = s.app.ctx.config.tokenSecret ?? s.app.ctx.secrets.tokenSecret;
    await db.setMeta('token', await createTokens(secret, -30).sign({ usrId: 'vessel', sid: claims.sid }));
    const client = new ApiClient(new TokenStore(db));
    seen.length = 0;
    expect((await client.json(USER_PATH, checkLoggedUser)).usrId).toBe('vessel');
    expect(seen.map((r) => `${r.path} ${r.status}`)).toEqual(['/IBP_REFRESH.do 200', `${USER_PATH} 200`]);
  });

  it('keeps no renewed token that names another user', async () => {
    await signOn('vessel');
    const db = freshDb();
    const tokens = new TokenStore(db);
    const mine = await tokens.refresh();
    const secret = s.app.ctx.config.tokenSecret ?? s.app.ctx.secrets.tokenSecret;
    await tokens.accept(await createTokens(secret, 900).sign({ usrId: 'staff', sid: 'x' }));
    expect(await db.getMeta('token')).toBe(mine);
  });

  it('clears the token and shows signed-out when the refresh fails (session ended)', async () => {
    await signOn('vessel');
    const db = freshDb();
    const tokens = new TokenStore(db);
    expect(await tokens.refresh()).toBeTruthy();
    // The session ends elsewhere (another tab signed out): the stored token is now refused and cannot be renewed.
    await requestJson('/IBP_REFRESH.do?f_cmd=11', checkLogout, { token: (await tokens.stored()) ?? '' });
    const sync = createSyncService({ db, tokens, locks: memoryLocks(), isOnline: () => true });
    sync.start();
    await sync.whenLeading();
    const status = await sync.getStatus();
    expect(status.signedOut).toBe(true);
    expect(status.lastError?.name).toBe('AuthenticationError');
    expect(status.nextAttemptAt).toBeNull();
    expect(await db.getMeta('token')).toBeUndefined();
    // No retry loop: asking again does nothing while signed out.
    const before = seen.length;
    await sync.syncNow();
    expect(seen.length).toBe(before);
    sync.stop();
  });
});
