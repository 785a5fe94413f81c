// Disabling a user (product.md#user-administration): its sessions end at once, its token is refused, its live STOMP
// socket closes, its devices' push subscriptions go, and it cannot sign on until it is enabled again. Against the
// real server in process, a push service of our own on loopback and a bare STOMP client.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/server.ts';
import { pushesAfterNotifying, startPushSink, type PushSink } from './helpers/push-sink.ts';
import { frame, Peer } from './helpers/stomp-peer.ts';
import {
  ADMIN_AUDIT,
  ADMIN_USER_DISABLE,
  ADMIN_USER_ENABLE,
  ADMIN_USERS,
  adminPath,
} from '../src/core/contract/api.ts';
import type { AdminUser, AuditList } from '../src/core/contract/admin-users.ts';
import { disableUser } from '../server/admin/users.ts';
import { sweepEndedSessions } from '../server/live/session-sweep.ts';

const N = '/api/v2/app/notification';
const PASSWORD = 'bridge-watch-42';

let s: TestServer;
let wsUrl = '';
let sink: PushSink;

beforeAll(async () => {
  sink = await startPushSink();
  s = await startTestServer({ pushLoopback: true });
  wsUrl = `${(await s.listen()).replace(/^http/, 'ws')}/ws`;
});
afterAll(async () => {
  await s?.close();
  await sink?.close();
});

const asStaff = (method: string, url: string, body?: unknown) =>
  s.call(method, url, { as: 'staff', ...(body === undefined ? {} : { body }) });

/** A fresh session of the user through the sign-on form: its token, or null when none is given. */
async function signOn(usrId: string): Promise<string | null> {
  const login = await s.app.inject({
    method: 'POST',
    url: '/sso/login',
    payload: { usrId, password: PASSWORD },
  });
  const sid = login.cookies.find((c) => c.name === 'quay_sid')?.value;
  if (!sid) return null;
  const refresh = await s.app.inject({ method: 'GET', url: '/IBP_REFRESH.do', cookies: { quay_sid: sid } });
  return refresh.json<{ token?: string }>().token ?? null;
}

async function liveSocket(token: string): Promise<Peer> {
  const peer = await Peer.open(wsUrl);
  peer.send(frame('CONNECT', { 'accept-version': '1.2', host: 'localhost', 'X-AUTH-TOKEN': token }));
  const reply = await peer.next((f) => f.command === 'CONNECTED' || f.command === 'ERROR');
  expect(reply.command, reply.headers.message).toBe('CONNECTED');
  return peer;
}

describe('disable and enable', () => {
  it('ends the sessions, refuses the token, closes the socket and drops the push subscriptions', async () => {
    const made = await asStaff('POST', adminPath(ADMIN_USERS), {
      usrId: 'mate.qhzn',
      usrNm: 'Chief Mate',
      usrTpCd: '4',
      vslCd: 'QHZN',
      password: PASSWORD,
    });
    expect(made.statusCode, made.body).toBe(201);
    const token = await signOn('mate.qhzn');
    if (!token) throw new Error('the new user could not sign on');
    const sub = await s.call('POST', `${N}/user/subscription`, {
      token,
      body: { notDevId: 'mate-phone', notSbscrYn: 'Y', subscription: sink.subscriptionAt('/mate-phone') },
    });
    expect(sub.statusCode, sub.body).toBe(200);
    expect(await pushesAfterNotifying(s, sink, 'mate.qhzn', '/mate-phone')).toBe(1);
    const peer = await liveSocket(token);
    const badge = `${N}/user/badge`;
    expect((await s.call('GET', badge, { token })).statusCode).toBe(200);

    const off = await asStaff('POST', adminPath(ADMIN_USER_DISABLE, { usrId: 'mate.qhzn' }));
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json<AdminUser>()).toMatchObject({ liveSessions: 0 });
    expect(off.json<AdminUser>().disabledAt).not.toBeNull();

    expect((await s.call('GET', badge, { token })).statusCode).toBe(401);
    const err = await peer.command('ERROR');
    expect(err.headers.message).toMatch(/^401 .*Signed out/);
    expect((await peer.closed).code).not.toBe(1006);
    expect(await s.db.query(`SELECT 1 FROM user_devices WHERE usr_id = 'mate.qhzn'`)).toEqual([]);
    expect(await pushesAfterNotifying(s, sink, 'mate.qhzn', '/mate-phone')).toBe(0);
    expect(await signOn('mate.qhzn')).toBeNull();

    const audit = await asStaff('GET', `${adminPath(ADMIN_AUDIT)}?usrId=mate.qhzn&limit=1`);
    expect(audit.json<AuditList>().entries[0]).toMatchObject({
      actor: 'staff',
      action: 'user.disabled',
      detail: { before: { disabledAt: null }, sessionsEnded: 1, pushSubscriptionsRemoved: 1 },
    });
    // Again: nothing more happens, and no entry.
    expect((await asStaff('POST', adminPath(ADMIN_USER_DISABLE, { usrId: 'mate.qhzn' }))).statusCode).toBe(
      200,
    );
    const again = await asStaff('GET', `${adminPath(ADMIN_AUDIT)}?usrId=mate.qhzn`);
    expect(again.json<AuditList>().entries.map((e) => e.action)).toEqual([
      'user.disabled',
      'user.password-set',
      'user.created',
    ]);
  });

  it('lists the disabled user among the disabled only, and enabling lets it sign on again', async () => {
    const disabled = await asStaff('GET', `${adminPath(ADMIN_USERS)}?state=disabled`);
    expect(disabled.json<{ users: AdminUser[] }>().users.map((u) => u.usrId)).toEqual(['mate.qhzn']);
    const active = await asStaff('GET', `${adminPath(ADMIN_USERS)}?q=mate.qhzn`);
    expect(active.json<{ users: AdminUser[] }>().users).toEqual([]);

    const on = await asStaff('POST', adminPath(ADMIN_USER_ENABLE, { usrId: 'mate.qhzn' }));
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json<AdminUser>().disabledAt).toBeNull();
    const token = await signOn('mate.qhzn');
    expect(token).not.toBeNull();
    expect((await s.call('GET', `${N}/user/badge`, { token: token ?? '' })).statusCode).toBe(200);
    const audit = await asStaff('GET', `${adminPath(ADMIN_AUDIT)}?usrId=mate.qhzn&limit=1`);
    const page = audit.json<AuditList>();
    expect(page.entries[0]).toMatchObject({
      action: 'user.enabled',
      detail: { after: { disabledAt: null } },
    });
    expect(page.nextBefore).toBe(page.entries[0]?.auditSeq);
  });

  it('closes the socket at the next session sweep when the server did not hear of the disable', async () => {
    const made = await asStaff('POST', adminPath(ADMIN_USERS), {
      usrId: 'bosun.qhzn',
      usrNm: 'Bosun',
      usrTpCd: '4',
      vslCd: 'QHZN',
      password: PASSWORD,
    });
    expect(made.statusCode, made.body).toBe(201);
    const token = await signOn('bosun.qhzn');
    if (!token) throw new Error('the new user could not sign on');
    const peer = await liveSocket(token);
    // As `npm run admin` does without RabbitMQ: outside this server's domain transactions, so no event reaches it.
    await disableUser(s.db, { actor: 'cli', usrId: null }, 'bosun.qhzn');
    const sweep = sweepEndedSessions({
      check: () => s.app.ctx.live.checkSockets(),
      onError: () => undefined,
    });
    try {
      expect(peer.ws.readyState).toBe(peer.ws.OPEN);
      expect(await sweep.run()).toBe(1);
    } finally {
      sweep.stop();
    }
    const err = await peer.command('ERROR');
    expect(err.headers.message).toMatch(/^401 .*Signed out/);
  });
});
