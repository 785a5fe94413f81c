// Notification routes of product.md#the-calls with good input, bad input, wrong role and no token, on the real server.
import { createECDH, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/server.ts';

let s: TestServer;
beforeAll(async () => {
  // Subscriptions here are only saved: push.example.test never answers (the .test domain does not resolve).
  s = await startTestServer({ pushServices: ['push.example.test'] });
});
afterAll(() => s.close());

const N = '/api/v2/app/notification';
type Item = {
  notSeq: number;
  notId: string;
  notReadYn: 'Y' | 'N';
  ackUsrId: string | null;
  vslCd: string | null;
  usrId: string;
};
const list = async (as: string): Promise<Item[]> =>
  (await s.call('GET', `${N}/user/list`, { as })).json().notiList;
const badge = async (as: string): Promise<number> =>
  (await s.call('GET', `${N}/user/badge`, { as })).json()[0].notCnt;

describe('no token', () => {
  it.each([
    ['GET', '/user/list'],
    ['GET', '/user/detail?notSeq=1'],
    ['GET', '/detail?notSeq=1'],
    ['GET', '/user/badge'],
    ['GET', '/settings'],
    ['POST', '/settings'],
    ['POST', '/user/read'],
    ['POST', '/vessel/ack'],
    ['PUT', '/ack/1'],
    ['POST', '/user/subscription'],
    ['POST', '/user/logged-user'],
  ])('%s %s answers 401', async (method, path) => {
    const res = await s.call(method, `${N}${path}`, { body: method === 'GET' ? undefined : {} });
    expect(res.statusCode).toBe(401);
    expect(res.json().name).toBe('AuthenticationError');
  });
});

describe('list, detail and badge', () => {
  it("lists the caller's notifications newest first, with the fields of product.md#what-the-app-holds", async () => {
    const items = await list('vessel');
    expect(items.length).toBeGreaterThanOrEqual(20);
    const seqs = items.map((i) => i.notSeq);
    expect([...seqs].sort((a, b) => b - a)).toEqual(seqs);
    expect(Object.keys(items[0] ?? {}).sort()).toEqual(
      [
        'ackUsrId',
        'creDt',
        'notId',
        'notNm',
        'notReadYn',
        'notSeq',
        'portCd',
        'usrId',
        'vslCd',
        'vslNm',
      ].sort(),
    );
    expect(items.every((i) => i.usrId === 'vessel')).toBe(true);
    expect(new Set(items.map((i) => i.notId))).toEqual(
      new Set(['N001', 'N002', 'N003', 'N004', 'N005', 'N006', 'N007', 'N008', 'N009', 'N020', 'N101']),
    );
  });

  it('pages with limit and afterSeq, and validates them', async () => {
    const all = await list('vessel');
    const page = (await s.call('GET', `${N}/user/list?limit=5`, { as: 'vessel' })).json().notiList;
    expect(page).toEqual(all.slice(0, 5));
    const newer = (await s.call('GET', `${N}/user/list?afterSeq=${all[3]?.notSeq}`, { as: 'vessel' })).json()
      .notiList;
    expect(newer).toEqual(all.slice(0, 3));
    expect((await s.call('GET', `${N}/user/list?limit=0`, { as: 'vessel' })).statusCode).toBe(400);
    expect((await s.call('GET', `${N}/user/list?afterSeq=x`, { as: 'vessel' })).json().message).toContain(
      'afterSeq',
    );
  });

  it('gives the detail of a visible notification and refuses others', async () => {
    const mine = (await list('vessel'))[0];
    const res = (await s.call('GET', `${N}/user/detail?notSeq=${mine?.notSeq}`, { as: 'vessel' })).json();
    expect(res.notiDetailResponse).toMatchObject({
      success: true,
      list: [{ notSeq: mine?.notSeq, notId: mine?.notId }],
    });
    const detail = res.notiDetailResponse.list[0];
    for (const key of [
      'vslNm',
      'portCd',
      'skdVoyNo',
      'skdDirCd',
      'etaDt',
      'etbDt',
      'etdDt',
      'etaDelayHrs',
      'prevEtaDt',
      'vslSlanCd',
      'ydNm',
      'algsdNm',
      'reqSpd',
      'stsNm',
      'stsFrmDt',
      'stsReasNm',
      'notMsg',
      'creUsrId',
      'creUtcDt',
    ]) {
      expect(detail).toHaveProperty(key);
    }
    const other = (await s.call('GET', `${N}/user/detail?notSeq=${mine?.notSeq}`, { as: 'agent' })).json();
    expect(other.notiDetailResponse).toMatchObject({ success: false, list: [] });
    expect(other.notiDetailResponse.msg).toContain(String(mine?.notSeq));
    expect((await s.call('GET', `${N}/detail?notSeq=${mine?.notSeq}`, { as: 'agent' })).statusCode).toBe(404);
    expect((await s.call('GET', `${N}/detail?notSeq=${mine?.notSeq}`, { as: 'vessel' })).json().notSeq).toBe(
      mine?.notSeq,
    );
    expect((await s.call('GET', `${N}/user/detail`, { as: 'vessel' })).json().message).toContain('notSeq');
    expect((await s.call('GET', `${N}/user/detail?notSeq=-4`, { as: 'vessel' })).statusCode).toBe(400);
  });

  it('shapes N003 delays and N009 port status as product.md#what-the-app-holds says', async () => {
    const items = await list('vessel');
    const n003 = items.find((i) => i.notId === 'N003');
    const d3 = (await s.call('GET', `${N}/detail?notSeq=${n003?.notSeq}`, { as: 'vessel' })).json();
    expect(typeof d3.etaDelayHrs).toBe('number');
    const n009 = items.find((i) => i.notId === 'N009');
    const d9 = (await s.call('GET', `${N}/detail?notSeq=${n009?.notSeq}`, { as: 'vessel' })).json();
    expect(d9).toMatchObject({ stsNm: expect.any(String), stsFrmDt: expect.any(String) });
  });

  it('counts unread in the badge and a read moves it down once', async () => {
    const before = await badge('vessel');
    const unread = (await list('vessel')).filter((i) => i.notReadYn === 'N');
    expect(before).toBe(unread.length);
    expect(before).toBeGreaterThan(0);
    const target = unread[0]?.notSeq;
    const read = await s.call('POST', `${N}/user/read`, { as: 'vessel', body: { notSeq: target } });
    expect(read.json()).toEqual({ notiReadSaveResponse: { success: true, msg: 'Read' } });
    expect(await badge('vessel')).toBe(before - 1);
    const again = await s.call('POST', `${N}/user/read`, { as: 'vessel', body: { notSeq: target } });
    expect(again.json().notiReadSaveResponse.msg).toBe('Already read');
    expect(await badge('vessel')).toBe(before - 1);
  });

  it("does not let a user read-mark another user's notification", async () => {
    const theirs = (await list('agent'))[0];
    const res = await s.call('POST', `${N}/user/read`, { as: 'vessel', body: { notSeq: theirs?.notSeq } });
    expect(res.statusCode).toBe(404);
  });
});

describe('acknowledgement (Got it)', () => {
  it('lets a vessel user acknowledge its own vessel once; the second is a no-op that says so', async () => {
    const open = (await list('vessel')).find((i) => !i.ackUsrId && i.notId !== 'N101');
    expect(open).toBeTruthy();
    const first = await s.call('POST', `${N}/vessel/ack`, {
      as: 'vessel',
      body: { notSeq: open?.notSeq, vslCd: open?.vslCd },
    });
    expect(first.json()).toEqual({ success: true, msg: 'Schedule Got it!' });
    const after = (await list('vessel')).find((i) => i.notSeq === open?.notSeq);
    expect(after?.ackUsrId).toBe('vessel');
    const second = await s.call('POST', `${N}/vessel/ack`, { as: 'vessel', body: { notSeq: open?.notSeq } });
    expect(second.json()).toMatchObject({
      success: false,
      msg: expect.stringContaining('Already acknowledged'),
    });
    const byPath = await s.call('PUT', `${N}/ack/${open?.notSeq}`, { as: 'vessel' });
    expect(byPath.json().success).toBe(false);
  });

  it('acknowledges by path too', async () => {
    const open = (await list('vessel')).find((i) => !i.ackUsrId && i.notId !== 'N101');
    const res = await s.call('PUT', `${N}/ack/${open?.notSeq}`, { as: 'vessel' });
    expect(res.json()).toEqual({ success: true, msg: 'Schedule Got it!' });
  });

  it('refuses users who are not vessel users, other vessels, N101 and a missing notSeq', async () => {
    const agentItem = (await list('agent'))[0];
    const byAgent = await s.call('POST', `${N}/vessel/ack`, {
      as: 'agent',
      body: { notSeq: agentItem?.notSeq },
    });
    expect(byAgent.statusCode).toBe(403);
    expect(byAgent.json().name).toBe('ForbiddenError');
    const mine = (await list('vessel'))[0];
    const otherVessel = await s.call('POST', `${N}/vessel/ack`, {
      as: 'vessel',
      body: { notSeq: mine?.notSeq, vslCd: 'ZZZZ' },
    });
    expect(otherVessel.statusCode).toBe(403);
    const v2 = (await list('vessel2')).find((i) => !i.ackUsrId);
    expect(
      (await s.call('POST', `${N}/vessel/ack`, { as: 'vessel', body: { notSeq: v2?.notSeq } })).statusCode,
    ).toBe(404);
    const n101 = (await list('vessel')).find((i) => i.notId === 'N101');
    const r101 = await s.call('POST', `${N}/vessel/ack`, { as: 'vessel', body: { notSeq: n101?.notSeq } });
    expect(r101.statusCode).toBe(400);
    const missing = await s.call('POST', `${N}/vessel/ack`, { as: 'vessel', body: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain('notSeq');
  });

  it('replays an acknowledgement with the same Idempotency-Key as the first answer', async () => {
    const open = (await list('vessel')).find((i) => !i.ackUsrId && i.notId !== 'N101');
    const headers = { 'idempotency-key': `ack-${open?.notSeq}-${Date.now()}` };
    const first = await s.call('POST', `${N}/vessel/ack`, {
      as: 'vessel',
      headers,
      body: { notSeq: open?.notSeq },
    });
    const replay = await s.call('POST', `${N}/vessel/ack`, {
      as: 'vessel',
      headers,
      body: { notSeq: open?.notSeq },
    });
    expect(first.json().success).toBe(true);
    expect(replay.json()).toEqual(first.json());
  });
});

describe('settings', () => {
  it("lists one switch per type and saves the caller's own", async () => {
    const before = (await s.call('GET', `${N}/settings`, { as: 'agent' })).json().settingList;
    expect(before.map((x: { notId: string }) => x.notId)).toEqual(
      expect.arrayContaining(['N001', 'N004', 'N009', 'N020']),
    );
    const save = await s.call('POST', `${N}/settings`, {
      as: 'agent',
      body: { notId: 'N004', notUseYn: 'N', usrId: 'agent' },
    });
    expect(save.json()).toEqual({ notiSettingSaveResponse: { success: true, msg: 'Saved' } });
    const after = (await s.call('GET', `${N}/settings`, { as: 'agent' })).json().settingList;
    expect(after.find((x: { notId: string }) => x.notId === 'N004').notUseYn).toBe('N');
    const staffs = (await s.call('GET', `${N}/settings`, { as: 'staff' })).json().settingList;
    expect(staffs.find((x: { notId: string }) => x.notId === 'N004').notUseYn).not.toBe(undefined);
  });

  it("refuses to save another user's settings and bad values", async () => {
    const res = await s.call('POST', `${N}/settings`, {
      as: 'agent',
      body: { notId: 'N004', notUseYn: 'Y', usrId: 'staff' },
    });
    expect(res.statusCode).toBe(403);
    const bad = await s.call('POST', `${N}/settings`, {
      as: 'agent',
      body: { notId: 'N004', notUseYn: 'maybe' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('notUseYn');
  });
});

describe('devices and push subscription', () => {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const keys = { p256dh: ecdh.getPublicKey('base64url'), auth: randomBytes(16).toString('base64url') };
  const sub = { endpoint: 'https://push.example.test/abc', keys };

  it('saves a subscription, switches it off, and moves a device to another user only from its own browser', async () => {
    const on = await s.call('POST', `${N}/user/subscription`, {
      as: 'vessel',
      body: { notDevId: 'dev-1', notSbscrYn: 'Y', subscription: sub },
    });
    expect(on.json()).toEqual({ success: true, msg: 'Subscribed' });
    const off = await s.call('POST', `${N}/user/subscription`, {
      as: 'vessel',
      body: { notDevId: 'dev-1', notSbscrYn: 'N' },
    });
    expect(off.json().msg).toBe('Unsubscribed');
    const rows = await s.db.query<{ not_sbscr_yn: string; subscription: unknown }>(
      `SELECT not_sbscr_yn, subscription FROM user_devices WHERE not_dev_id = 'dev-1'`,
    );
    expect(rows[0]).toEqual({ not_sbscr_yn: 'N', subscription: sub });
    const owner = async () =>
      (await s.db.query<{ usr_id: string }>(`SELECT usr_id FROM user_devices WHERE not_dev_id = 'dev-1'`))[0];
    // A device is its user's: another user naming its id moves nothing, with or without a subscription of its own.
    const taken = await s.call('POST', `${N}/user/logged-user`, { as: 'agent', body: { notDevId: 'dev-1' } });
    expect(taken.statusCode).toBe(403);
    expect(taken.json().message).toBe('This device is registered to another user');
    const other = { ...sub, endpoint: 'https://push.example.test/attacker' };
    const hijack = await s.call('POST', `${N}/user/subscription`, {
      as: 'agent',
      body: { notDevId: 'dev-1', notSbscrYn: 'Y', subscription: other },
    });
    expect(hijack.statusCode).toBe(403);
    expect(await owner()).toEqual({ usr_id: 'vessel' });
    // The same browser (it holds the subscription) moves it to whoever signs on there: a shared device.
    const shared = await s.call('POST', `${N}/user/subscription`, {
      as: 'agent',
      body: { notDevId: 'dev-1', notSbscrYn: 'Y', subscription: sub },
    });
    expect(shared.json().success).toBe(true);
    expect(await owner()).toEqual({ usr_id: 'agent' });
    const moved = await s.call('POST', `${N}/user/logged-user`, { as: 'agent', body: { notDevId: 'dev-1' } });
    expect(moved.json().success).toBe(true);
    expect(await owner()).toEqual({ usr_id: 'agent' });
  });

  it('validates the subscription body', async () => {
    const noSub = await s.call('POST', `${N}/user/subscription`, {
      as: 'vessel',
      body: { notDevId: 'dev-2', notSbscrYn: 'Y' },
    });
    expect(noSub.statusCode).toBe(400);
    expect(noSub.json().message).toContain('subscription');
    const badYn = await s.call('POST', `${N}/user/subscription`, {
      as: 'vessel',
      body: { notDevId: 'dev-2', notSbscrYn: 'X' },
    });
    expect(badYn.json().message).toContain('notSbscrYn');
    const noDev = await s.call('POST', `${N}/user/logged-user`, { as: 'vessel', body: {} });
    expect(noDev.json().message).toContain('notDevId');
  });
});
