// POST /api/v2/app/sync/pull on the real server: a first pull in pages, nothing new in a few dozen bytes, every kind
// of change (read, "Got it", settings, followed vessels, chat) in the next pull, changes committed during a pull in
// the next one once, a week offline caught up in bounded pages, and cursors of others, forged or of another epoch.
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/server.ts';
import { SYNC_PULL_PATH, type PullResponse } from '../src/core/contract/sync.ts';
import { FIRST_PULL_DETAILS, pullFor, type SyncUser } from '../server/sync/pull.ts';
import { recordChange } from '../server/sync/changes.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

const N = '/api/v2/app/notification';
const DAY = 86_400_000;

async function pullRaw(as: string, cursor: string | null, limit?: number) {
  return s.call('POST', SYNC_PULL_PATH, { as, body: { cursor, ...(limit ? { limit } : {}) } });
}

async function pull(as: string, cursor: string | null, limit?: number): Promise<PullResponse> {
  const res = await pullRaw(as, cursor, limit);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PullResponse>();
}

/** Pulls until no more pages: every page, in order. */
async function pullAll(as: string, cursor: string | null, limit?: number): Promise<PullResponse[]> {
  const pages: PullResponse[] = [];
  let at = cursor;
  for (let i = 0; i < 200; i++) {
    const page = await pull(as, at, limit);
    pages.push(page);
    at = page.cursor;
    if (!page.more) return pages;
  }
  throw new Error('the pull never ended');
}

const cursorOf = async (as: string): Promise<string> => {
  const pages = await pullAll(as, null, 1000);
  return pages[pages.length - 1]?.cursor ?? '';
};

const seqsOf = (pages: PullResponse[]): number[] =>
  pages.flatMap((p) => p.notifications ?? []).map((n) => n.notSeq);

const inject = async (usrId: string, count: number, notId = 'N002'): Promise<number[]> => {
  const res = await s.call('POST', '/api/dev/notifications', { body: { usrId, notId, count } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ notSeqs: number[] }>().notSeqs;
};

describe('a first pull', () => {
  it('pages through the user data newest first, with every other dataset, and the details of unread and recent notifications', async () => {
    const list = (await s.call('GET', `${N}/user/list?limit=5000`, { as: 'vessel' })).json<{
      notiList: { notSeq: number }[];
    }>().notiList;
    const pages = await pullAll('vessel', null, 10);
    expect(pages.length).toBe(Math.ceil(list.length / 10));
    const [first, ...rest] = pages;
    expect(first?.reset).toBe(true);
    expect(rest.every((p) => !p.reset && p.settings === undefined)).toBe(true);
    expect(seqsOf(pages)).toEqual(list.map((n) => n.notSeq));
    // Details come with the unread and the last week's notifications, on whichever page they are; not with old
    // ones already read (the seeded history goes back two weeks).
    const items = pages.flatMap((p) => p.notifications ?? []);
    const wanted = items.filter((n) => n.notReadYn === 'N' || Date.parse(n.creDt) >= Date.now() - 7 * DAY);
    expect(pages.flatMap((p) => p.details ?? []).map((d) => d.notSeq)).toEqual(wanted.map((n) => n.notSeq));
    expect(wanted.length).toBeLessThan(items.length);
    expect(first?.settings?.length).toBeGreaterThan(5);
    expect(first?.myVessels).toBeDefined();
    expect(first?.chatRooms?.length).toBeGreaterThan(0);
    expect(first?.user?.usrId).toBe('vessel');
    expect(first?.badge).toBe(
      (await s.call('GET', `${N}/user/badge`, { as: 'vessel' })).json<[{ notCnt: number }]>()[0].notCnt,
    );
    const whole = await pullAll('vessel', null);
    const json = whole.map((p) => JSON.stringify(p)).join('');
    console.log(
      `sync pull: a first pull of the vessel user (${seqsOf(whole).length} notifications) in ${whole.length} page(s), ` +
        `${json.length} B of JSON, ${brotliCompressSync(json).length} B with br`,
    );
    // Every page holds the version of the first one's snapshot; the last one's cursor continues from there.
    expect(new Set(pages.map((p) => p.version)).size).toBe(1);
    expect(pages[pages.length - 1]?.more).toBe(false);
  });

  it('brings at most FIRST_PULL_DETAILS details over all its pages, newest first', async () => {
    const unread = await inject('operator', 150, 'N002');
    const pages = await pullAll('operator', null, 40);
    expect(pages.length).toBeGreaterThan(4);
    const details = pages.flatMap((p) => p.details ?? []).map((d) => d.notSeq);
    // The newest FIRST_PULL_DETAILS of the 150 unread (all recent), on the first three pages, and no more.
    expect(details).toEqual([...unread].reverse().slice(0, FIRST_PULL_DETAILS));
    expect(pages.slice(3).every((p) => p.details === undefined)).toBe(true);
  });

  it('gives an agent its own ports, and a vessel user no chat rooms when its lane is not chat-enabled', async () => {
    const [agent] = await pullAll('agent', null);
    expect(agent?.myPorts?.length).toBeGreaterThan(0);
    const [ship] = await pullAll('vessel2', null);
    expect(ship?.chatRooms).toBeUndefined();
    expect(ship?.myPorts).toBeUndefined();
  });
});

describe('with a cursor', () => {
  it('answers nothing new with the same cursor in a few dozen bytes', async () => {
    const cursor = await cursorOf('vessel');
    const res = await pullRaw('vessel', cursor);
    expect(res.statusCode).toBe(200);
    const body = res.json<PullResponse>();
    expect(body).toEqual({ cursor, more: false, reset: false, version: body.version, catalog: body.catalog });
    const headerBytes = Object.entries(res.headers).reduce(
      (n, [k, v]) => n + k.length + String(v).length + 4,
      0,
    );
    console.log(
      `sync pull, nothing new: ${res.rawPayload.length} B of body, about ${headerBytes} B of headers`,
    );
    expect(res.rawPayload.length).toBeLessThan(200);
    expect(res.rawPayload.length + headerBytes).toBeLessThan(500);
  });

  it('brings a read, a "Got it", a switch, the followed vessels and chat, each in the next pull', async () => {
    let cursor = await cursorOf('vessel');
    const next = async (as = 'vessel'): Promise<PullResponse> => {
      const page = await pull(as, cursor);
      cursor = page.cursor;
      return page;
    };
    const [fresh] = await inject('vessel', 1, 'N001');
    const added = await next();
    expect(added.notifications?.map((n) => n.notSeq)).toEqual([fresh]);
    expect(added.details?.[0]?.notSeq).toBe(fresh);

    await s.call('POST', `${N}/user/read`, { as: 'vessel', body: { notSeq: fresh } });
    const read = await next();
    expect(read.notifications).toMatchObject([{ notSeq: fresh, notReadYn: 'Y' }]);
    expect(read.details).toMatchObject([{ notSeq: fresh, notReadYn: 'Y' }]);
    expect(read.badge).toBe((added.badge ?? 0) - 1);

    const ack = await s.call('POST', `${N}/vessel/ack`, { as: 'vessel', body: { notSeq: fresh } });
    expect(ack.json<{ success: boolean }>().success).toBe(true);
    expect((await next()).notifications).toMatchObject([{ notSeq: fresh, ackUsrId: 'vessel' }]);

    await s.call('POST', `${N}/settings`, { as: 'vessel', body: { notId: 'N004', notUseYn: 'N' } });
    const switched = await next();
    expect(switched.settings?.find((x) => x.notId === 'N004')?.notUseYn).toBe('N');
    expect(switched.notifications).toBeUndefined();

    const vessels = (
      await s.db.query<{ vsl_cd: string }>('SELECT vsl_cd FROM vessels ORDER BY vsl_cd DESC LIMIT 3')
    ).map((r) => r.vsl_cd);
    await s.call('PUT', '/api/v2/app/common/my-setting', { as: 'vessel', body: { vslCds: vessels } });
    expect((await next()).myVessels).toEqual(vessels);

    const own = (await s.db.query<{ ofc_id: string }>(`SELECT ofc_id FROM users WHERE usr_id = 'vessel'`))[0];
    const room = `V-${own?.ofc_id ?? ''}`;
    await s.call('GET', `/api/v2/app/chat/init-sub/vessel/${own?.ofc_id ?? ''}`, { as: 'vessel' });
    await s.call('GET', `/api/v2/app/chat/init-sub/vessel/${own?.ofc_id ?? ''}`, { as: 'staff' });
    await s.call('GET', `/api/v2/app/chat/read-messages/${room}`, { as: 'vessel' });
    await next();
    const sent = await s.call('POST', '/api/v2/app/chat/message', {
      as: 'staff',
      body: { roomId: room, clientMsgId: `pull-${Date.now()}`, msgText: 'berth at 14:00' },
    });
    expect(sent.statusCode).toBe(200);
    const chat = await next();
    expect(chat.chatRooms).toMatchObject([
      { roomId: room, unreadCount: 1, lastMessage: { msgText: 'berth at 14:00' } },
    ]);
    await s.call('GET', `/api/v2/app/chat/read-messages/${room}`, { as: 'vessel' });
    expect((await next()).chatRooms).toMatchObject([{ roomId: room, unreadCount: 0 }]);
    expect((await next()).notifications).toBeUndefined();
  });

  it('brings a change committed during a pull in the next pull, once', async () => {
    const start = await cursorOf('operator');
    const unread = (
      await s.db.query<{ not_seq: number }>(
        `SELECT not_seq FROM notifications WHERE usr_id = 'operator' AND not_read_yn = 'N' ORDER BY not_seq LIMIT 30`,
      )
    ).map((r) => r.not_seq);
    expect(unread.length).toBeGreaterThan(5);
    // Reads and new notifications commit while the pull runs.
    const [during, , added] = await Promise.all([
      pull('operator', start),
      Promise.all(
        unread.map((notSeq) => s.call('POST', `${N}/user/read`, { as: 'operator', body: { notSeq } })),
      ),
      inject('operator', 5),
    ]);
    const rest = await pullAll('operator', during.cursor);
    const seen = [...seqsOf([during]), ...seqsOf(rest)];
    for (const seq of [...unread, ...added])
      expect(
        seen.filter((x) => x === seq),
        `notSeq ${seq}`,
      ).toHaveLength(1);
    expect(seen).toHaveLength(unread.length + added.length);
    const last = rest[rest.length - 1] ?? during;
    expect((await pull('operator', last.cursor)).cursor).toBe(last.cursor);
    console.log(
      `sync pull: ${seqsOf([during]).length} of ${seen.length} changes in the pull that ran alongside, the rest in the next`,
    );
  });

  it('catches up a device that was away a week in bounded pages, every change once', async () => {
    const cursor = await cursorOf('staff');
    const added = [...(await inject('staff', 500)), ...(await inject('staff', 500, 'N003'))];
    const old = (
      await s.db.query<{ not_seq: number }>(
        `SELECT not_seq FROM notifications WHERE usr_id = 'staff' AND not_read_yn = 'N' AND NOT (not_seq = ANY($1::int[])) LIMIT 50`,
        [added],
      )
    ).map((r) => r.not_seq);
    for (const notSeq of old) await s.call('POST', `${N}/user/read`, { as: 'staff', body: { notSeq } });
    // A new notification read again and again is one entity: it comes once.
    for (const notSeq of added.slice(0, 20))
      await s.call('POST', `${N}/user/read`, { as: 'staff', body: { notSeq } });
    await s.call('POST', `${N}/settings`, { as: 'staff', body: { notId: 'N002', notUseYn: 'N' } });

    const pages = await pullAll('staff', cursor, 200);
    const seen = seqsOf(pages);
    expect(new Set(seen).size).toBe(seen.length);
    expect(new Set(seen)).toEqual(new Set([...added, ...old]));
    const entities = added.length + old.length + 1;
    expect(pages.length).toBe(Math.ceil(entities / 200));
    for (const p of pages)
      expect((p.notifications?.length ?? 0) + (p.settings ? 1 : 0)).toBeLessThanOrEqual(200);
    expect(pages.filter((p) => p.settings).length).toBe(1);
    expect(pages.map((p) => p.version)).toEqual([...pages.map((p) => p.version)].sort((a, b) => a - b));
    console.log(`sync pull: a week away (${entities} entities) in ${pages.length} pages of at most 200`);
  });
});

describe('pullFor', () => {
  it("answers inside the caller's transaction too (a batched push's answer)", async () => {
    const cursor = await cursorOf('agent');
    const [row] = await s.db.query<SyncUser>(
      `SELECT usr_id AS "usrId", usr_nm AS "usrNm", usr_tp_cd AS "usrTpCd", usr_role_cd AS "usrRoleCd",
              ofc_id AS "ofcId", ext_usr_id AS "extUsrId", email FROM users WHERE usr_id = 'agent'`,
    );
    if (!row) throw new Error('no agent');
    const { db, sync } = s.app.ctx;
    const answer = await db.tx(async (sql) => {
      await sql.query(
        `INSERT INTO notification_settings (usr_id, not_id, not_use_yn) VALUES ('agent', 'N001', 'N')
         ON CONFLICT (usr_id, not_id) DO UPDATE SET not_use_yn = 'N'`,
      );
      await recordChange(sql, 'agent', 'settings');
      return pullFor(sql, row, cursor, undefined, sync);
    });
    // Read in the transaction: its own change is not committed yet, so the next pull brings it.
    expect(answer.cursor).toBe(cursor);
    const next = await pullFor(db, row, cursor, undefined, sync);
    expect(next.settings?.find((x) => x.notId === 'N001')?.notUseYn).toBe('N');
  });
});

describe('cursors', () => {
  it("refuses another user's cursor, a forged one and garbage with a 400 that says why", async () => {
    const theirs = await cursorOf('staff');
    const res = await pullRaw('vessel', theirs);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toContain('not given to this user');

    const [payload] = theirs.split(/\.(?=[^.]*$)/);
    const forged = await pullRaw('staff', `${payload ?? ''}.AAAAAAAAAAAAAAAA`);
    expect(forged.statusCode).toBe(400);
    expect((await pullRaw('staff', 'garbage')).statusCode).toBe(400);
    expect((await pullRaw('staff', 'a b')).statusCode).toBe(400);
    const extra = await s.call('POST', SYNC_PULL_PATH, { as: 'staff', body: { cursor: null, since: 1 } });
    expect(extra.statusCode).toBe(400);
    expect((await s.call('POST', SYNC_PULL_PATH, { body: { cursor: null } })).statusCode).toBe(401);
  });

  it('starts again (reset) from a cursor of another epoch (a reset database)', async () => {
    const cursor = await cursorOf('viewer');
    await s.db.query(`UPDATE sync_clock SET epoch = 'another' WHERE usr_id = 'viewer'`);
    const page = await pull('viewer', cursor);
    expect(page.reset).toBe(true);
    expect(page.settings).toBeDefined();
  });

  it('makes the list ETag from the change version: 304 while nothing changed, 200 after a change', async () => {
    const url = `${N}/user/list?limit=5000`;
    const first = await s.call('GET', url, { as: 'agent' });
    const etag = String(first.headers.etag);
    const again = await s.call('GET', url, { as: 'agent', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    const other = await s.call('GET', `${N}/user/list?limit=10`, {
      as: 'agent',
      headers: { 'if-none-match': etag },
    });
    expect(other.statusCode).toBe(200);
    await inject('agent', 1);
    const changed = await s.call('GET', url, { as: 'agent', headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
  });
});
