// A crew change at sea, in the worker against the real server (architecture.md#sign-out): a user with no link signs
// out keeping an unsent change; the next user signs on when the link is back, which tells the server of the first
// user's sign-out (that session ends, the new one stays); the kept change goes only when its user signs on again.
// Also: the server ends a session named by a token that ran out, and says why a refresh finds no session.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { QuayDb } from '../src/device/db.ts';
import { ApiClient } from '../src/device/net/api-client.ts';
import { configureHttp } from '../src/device/net/http.ts';
import { TokenStore } from '../src/device/net/token.ts';
import { memoryLocks } from '../src/device/locks.ts';
import { drain } from '../src/device/outbox/drain.ts';
import { startSession, type SessionDeps } from '../worker/auth/session.ts';
import { signOutHere, type SignOutDeps } from '../worker/auth/sign-out.ts';
import { sendPendingSignOuts } from '../src/device/net/sign-out.ts';
import { createCommands } from '../worker/commands/commands.ts';
import { createSyncService } from '../worker/sync/service.ts';
import { startTestServer, type TestServer } from './helpers/server.ts';
import { signOnSid } from './helpers/http-session.ts';

let s: TestServer;
let url: string;
/** The browser's link and its session cookie; a request made with credentials 'omit' carries no cookie. */
const link = { up: true, sid: null as string | null };

/** What the server says of a session cookie now. */
async function refreshWith(base: string, sid: string): Promise<unknown> {
  const res = await fetch(`${base}/IBP_REFRESH.do`, { headers: { cookie: `quay_sid=${sid}` } });
  return res.json();
}

beforeAll(async () => {
  s = await startTestServer();
  url = await s.listen();
  configureHttp({
    base: url,
    fetch: async (input, init) => {
      if (!link.up) throw new TypeError('fetch failed');
      const headers = new Headers(init?.headers);
      if (link.sid && init?.credentials !== 'omit') headers.set('cookie', `quay_sid=${link.sid}`);
      return fetch(input, { ...init, headers });
    },
  });
});
afterAll(() => s.close());

function signOutDeps(d: SessionDeps): SignOutDeps {
  return {
    db: d.db,
    tokens: d.tokens,
    linkUp: () => link.up,
    drain: () => drain(d.db, d.client, { locks: memoryLocks(), isOnline: () => link.up }),
    stop: () => undefined,
  };
}

describe('a crew change at sea', () => {
  it('keeps the change for its user, ends the session when the link is back, and sends it as that user only', async () => {
    link.up = true;
    const sidA = await signOnSid(url, 'vessel');
    link.sid = sidA;
    const db = new QuayDb({ indexedDB: new IDBFactory(), IDBKeyRange });
    const tokens = new TokenStore(db);
    const d: SessionDeps = { db, tokens, client: new ApiClient(tokens) };
    await startSession(d);
    const sync = createSyncService({ ...d, locks: memoryLocks(), isOnline: () => true });
    sync.start();
    await sync.whenLeading();
    sync.stop();
    // The master gets Web Push on this device: the device goes from the master with the session.
    const deviceId = await db.getMeta('clientId');
    await s.db.query(
      `INSERT INTO user_devices (not_dev_id, usr_id, not_sbscr_yn) VALUES ($1, 'vessel', 'Y')`,
      [deviceId],
    );
    const devices = () => s.db.query('SELECT usr_id FROM user_devices WHERE not_dev_id = $1', [deviceId]);

    // At sea: a change waits, and logout is asked what becomes of it.
    link.up = false;
    const setting = await db.notificationSettings.toCollection().first();
    if (!setting) throw new Error('no settings synced');
    const wanted = setting.notUseYn === 'Y' ? 'N' : 'Y';
    await createCommands({ db, client: d.client, triggerDrain: () => undefined }).saveSetting(
      setting.notId,
      wanted,
    );
    expect(await signOutHere(signOutDeps(d))).toEqual({ status: 'unsent', waiting: 1 });
    expect(await db.getMeta('user')).toBeDefined();

    // Kept: the device is signed out at once, its data gone, the change and the sign-out kept apart.
    expect(await signOutHere(signOutDeps(d), 'keep')).toEqual({ status: 'at-sea' });
    expect(await db.getMeta('user')).toBeUndefined();
    expect(await db.getMeta('token')).toBeUndefined();
    expect(await db.outbox.count()).toBe(0);
    expect(await db.notifications.count()).toBe(0);
    expect(await db.getMeta('keptChanges')).toEqual([
      { usrId: 'vessel', rows: [expect.objectContaining({ kind: 'setting' })] },
    ]);
    expect(await db.getMeta('pendingSignOuts')).toHaveLength(1);
    expect(await refreshWith(url, sidA)).toMatchObject({ Result: 'Ok' });

    // The link is back and another user signs on: the first user's session ends, the new one's does not.
    link.up = true;
    const sidB = await signOnSid(url, 'operator');
    link.sid = sidB;
    expect(await startSession(d)).toMatchObject({ status: 'signed-on', user: { usrId: 'operator' } });
    await sendPendingSignOuts(db);
    expect(await db.getMeta('pendingSignOuts')).toBeUndefined();
    expect(await refreshWith(url, sidA)).toEqual({ Result: 'Fail', reason: 'ended' });
    expect(await refreshWith(url, sidB)).toMatchObject({ Result: 'Ok' });
    expect(await devices()).toEqual([]);
    // Not sent as the operator.
    expect(await db.outbox.count()).toBe(0);

    // The first user signs on again: the kept change is back in the outbox, and goes as that user.
    link.sid = await signOnSid(url, 'vessel');
    expect(await startSession(d)).toMatchObject({ status: 'signed-on', user: { usrId: 'vessel' } });
    expect(await db.getMeta('keptChanges')).toBeUndefined();
    expect(await db.outbox.count()).toBe(1);
    await drain(db, d.client, { locks: memoryLocks(), isOnline: () => true });
    expect(await db.outbox.count()).toBe(0);
    const token = await tokens.stored();
    const res = await fetch(`${url}/api/v2/app/notification/settings`, {
      headers: { 'x-auth-token': token ?? '' },
    });
    const { settingList } = (await res.json()) as { settingList: { notId: string; notUseYn: string }[] };
    expect(settingList.find((x) => x.notId === setting.notId)?.notUseYn).toBe(wanted);
  });
});

describe('the server at sign-out', () => {
  it('ends the session of a token that ran out, sent with no cookie, and says why a refresh fails', async () => {
    // Tokens that run out as they are made: the sign-out comes, as from sea, after its token's time.
    const old = await startTestServer({ tokenTtlS: -60 });
    const base = await old.listen();
    try {
      const sid = await signOnSid(base, 'agent');
      const refreshed = (await refreshWith(base, sid)) as { token: string };
      const out = await fetch(`${base}/IBP_REFRESH.do?f_cmd=11`, {
        headers: { 'x-auth-token': refreshed.token, 'sec-fetch-site': 'same-origin' },
      });
      expect(out.status).toBe(200);
      expect(await refreshWith(base, sid)).toEqual({ Result: 'Fail', reason: 'ended' });
    } finally {
      await old.close();
    }
  });
});
