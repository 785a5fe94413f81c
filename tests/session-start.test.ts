// Starting a session in the worker against the real server: the cookie decides the user, the user is fetched once
// (the sync pass right after does not ask again), a device with no link opens with its stored user, a repeat visit
// opens from the device and its sync finds an ended session, and another user signing on does not inherit the
// previous user's data or unsent changes, nor get its token used for the stored user.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { QuayDb } from '../src/device/db.ts';
import { ApiClient } from '../src/device/net/api-client.ts';
import { configureHttp } from '../src/device/net/http.ts';
import { TokenStore } from '../src/device/net/token.ts';
import { checkLoggedUser } from '../src/device/net/checks.ts';
import { memoryLocks } from '../src/device/locks.ts';
import { startSession, type SessionDeps } from '../worker/auth/session.ts';
import { createCommands } from '../worker/commands/commands.ts';
import { createSyncService } from '../worker/sync/service.ts';
import { startTestServer, type TestServer } from './helpers/server.ts';
import { signOnSid } from './helpers/http-session.ts';

let s: TestServer;
let url: string;
const link = { up: true, sid: '' as string | null, paths: [] as string[] };

beforeAll(async () => {
  s = await startTestServer();
  url = await s.listen();
  configureHttp({
    base: url,
    fetch: async (input, init) => {
      if (!link.up) throw new TypeError('fetch failed');
      const headers = new Headers(init?.headers);
      if (link.sid) headers.set('cookie', `quay_sid=${link.sid}`);
      const res = await fetch(input, { ...init, headers });
      link.paths.push(`${new URL(String(input)).pathname} ${res.status}`);
      return res;
    },
  });
});
afterAll(() => s.close());

function device(): SessionDeps {
  const db = new QuayDb({ indexedDB: new IDBFactory(), IDBKeyRange });
  const tokens = new TokenStore(db);
  return { db, tokens, client: new ApiClient(tokens) };
}

/** A device signed on as `usrId` from the server (its session cookie on the link, which is up). */
async function signedOnDevice(usrId: string): Promise<SessionDeps> {
  link.up = true;
  link.sid = await signOnSid(url, usrId);
  const d = device();
  await startSession(d);
  return d;
}

describe('startSession', () => {
  it('is signed-out without a sign-on cookie, and keeps nothing', async () => {
    link.up = true;
    link.sid = null;
    const d = device();
    expect(await startSession(d)).toEqual({ status: 'signed-out' });
    expect(await d.db.getMeta('token')).toBeUndefined();
  });

  it('stores the user once: the first sync pass does not fetch it again', async () => {
    link.up = true;
    link.sid = await signOnSid(url, 'vessel');
    const d = device();
    const start = await startSession(d);
    expect(start).toMatchObject({ status: 'signed-on', offline: false, user: { usrId: 'vessel' } });
    expect((await d.db.syncState.get('user'))?.etag).toBeTruthy();
    link.paths = [];
    const sync = createSyncService({ ...d, locks: memoryLocks(), isOnline: () => true });
    sync.start();
    await sync.whenLeading();
    sync.stop();
    expect(link.paths.filter((p) => p.includes('/common/logged-user'))).toEqual([]);
    expect(link.paths).toContain('/api/v2/app/sync/pull 200');
  });

  it('opens with the stored user and token when the link is down, and fails when it has none', async () => {
    link.up = true;
    link.sid = await signOnSid(url, 'agent');
    const d = device();
    const online = await startSession(d);
    expect(online.status).toBe('signed-on');
    link.up = false;
    expect(await startSession(d)).toEqual({
      status: 'signed-on',
      offline: true,
      user: expect.objectContaining({ usrId: 'agent' }) as unknown,
      token: await d.tokens.stored(),
    });
    await expect(startSession(device())).rejects.toThrow();
  });

  it('forgets the previous user when another signs on: data cleared, unsent changes reported, not sent', async () => {
    const d = await signedOnDevice('vessel');
    const sync = createSyncService({ ...d, locks: memoryLocks(), isOnline: () => true });
    sync.start();
    await sync.whenLeading();
    sync.stop();
    expect(await d.db.notifications.count()).toBeGreaterThan(0);
    const cmd = createCommands({ db: d.db, client: d.client, triggerDrain: () => undefined });
    const setting = await d.db.notificationSettings.toCollection().first();
    if (!setting) throw new Error('no settings synced');
    await cmd.saveSetting(setting.notId, setting.notUseYn === 'Y' ? 'N' : 'Y');
    expect(await d.db.outbox.count()).toBe(1);

    link.sid = await signOnSid(url, 'operator');
    const start = await startSession(d);
    expect(start).toMatchObject({ status: 'signed-on', user: { usrId: 'operator' } });
    expect(await d.db.outbox.count()).toBe(0);
    expect(await d.db.notifications.count()).toBe(0);
    expect(await d.db.notificationSettings.count()).toBe(0);
    expect(await d.db.syncState.toArray()).toEqual([expect.objectContaining({ dataset: 'user' })]);
    expect(await d.db.getMeta('outboxFailures')).toEqual([
      expect.objectContaining({ kind: 'setting', message: expect.stringContaining('vessel') as unknown }),
    ]);
  });

  it('opens a repeat visit from the device with no request; the sync pass after it finds an ended session', async () => {
    const d = await signedOnDevice('vessel');
    link.paths = [];
    const again = await startSession(d, { fresh: false });
    expect(again).toMatchObject({ status: 'signed-on', offline: false, user: { usrId: 'vessel' } });
    expect(link.paths).toEqual([]);
    // The session ends on the server (signed out elsewhere): the next pass is refused, the refresh says Fail.
    await fetch(`${url}/IBP_REFRESH.do?f_cmd=11`, {
      headers: { 'X-AUTH-TOKEN': (await d.tokens.stored()) ?? '' },
    });
    const sync = createSyncService({ ...d, locks: memoryLocks(), isOnline: () => true });
    sync.start();
    await sync.whenLeading();
    sync.stop();
    expect((await sync.getStatus()).signedOut).toBe(true);
    expect(await d.tokens.stored()).toBeUndefined();
  });

  it('after a fresh sign-on asks the server even with a stored user', async () => {
    const d = await signedOnDevice('vessel');
    link.sid = await signOnSid(url, 'agent');
    expect(await startSession(d, { fresh: true })).toMatchObject({ user: { usrId: 'agent' } });
    expect(await d.db.getMeta('user')).toMatchObject({ usrId: 'agent' });
  });

  it("signs out rather than take another user's token when the session changed hands under a stored user", async () => {
    const d = await signedOnDevice('vessel');
    // Another user signs on in this browser, and the stored token runs out: the refresh would give the agent's.
    link.sid = await signOnSid(url, 'agent');
    await d.tokens.clear();
    await d.db.setMeta('token', 'expired-token');
    const signedOut: string[] = [];
    const client = new ApiClient(new TokenStore(d.db), () => void signedOut.push('out'));
    await expect(client.json('/api/v2/app/common/logged-user', checkLoggedUser)).rejects.toMatchObject({
      name: 'AuthenticationError',
    });
    expect(signedOut).toEqual(['out']);
    expect(await d.db.getMeta('token')).toBeUndefined();
    expect(await d.db.getMeta('user')).toMatchObject({ usrId: 'vessel' });
  });
});
