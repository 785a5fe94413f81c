// /api/v2/app/common routes of product.md#the-calls on the real server: good input, bad input, wrong role and no token for each.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/server.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

const C = '/api/v2/app/common';
const get = (url: string, as: string) => s.call('GET', `${C}${url}`, { as });
const one = async <T>(sql: string, params: unknown[] = []): Promise<T> => {
  const rows = await s.db.query<T>(sql, params);
  if (!rows[0]) throw new Error(`no row for ${sql}`);
  return rows[0];
};
const ofcIdOf = async (usrId: string) =>
  (await one<{ ofc_id: string }>('SELECT ofc_id FROM users WHERE usr_id = $1', [usrId])).ofc_id;
const otherVessel = async (notVslCd: string) =>
  (
    await one<{ vsl_cd: string }>('SELECT vsl_cd FROM vessels WHERE vsl_cd <> $1 ORDER BY vsl_cd LIMIT 1', [
      notVslCd,
    ])
  ).vsl_cd;

describe('no token', () => {
  it.each([
    ['GET', '/logged-user'],
    ['PUT', '/history/application-history'],
    ['GET', '/programs'],
    ['GET', '/widgets'],
    ['GET', '/keyword-search?kw=SIN'],
    ['GET', '/event'],
    ['POST', '/event/remark'],
    ['GET', '/my-port'],
    ['GET', '/tree/trade-lane?relTpCd=REL_USR_LANE'],
    ['GET', '/tree/cnt-port?relTpCd=REL_USR_PORT'],
    ['GET', '/my-setting'],
    ['PUT', '/my-setting'],
    ['GET', '/lunar?sunDate=2024-02-10'],
    ['GET', '/code/NAV_STS'],
  ])('%s %s answers 401', async (method, path) => {
    const res = await s.call(method, `${C}${path}`, { body: method === 'GET' ? undefined : {} });
    expect(res.statusCode).toBe(401);
    expect(res.json().name).toBe('AuthenticationError');
  });
});

describe('logged-user', () => {
  it.each([
    ['agent', '3'],
    ['vessel', '4'],
    ['operator', '5'],
    ['viewer', '6'],
    ['staff', '2'],
  ])('%s is usrTpCd %s with the product.md#what-the-app-holds user fields', async (usrId, tp) => {
    const res = await get('/logged-user', usrId);
    expect(res.statusCode).toBe(200);
    const u = res.json();
    expect(u).toMatchObject({ usrId, usrTpCd: tp });
    expect(Object.keys(u).sort()).toEqual([
      'email',
      'extUsrId',
      'ofcId',
      'usrId',
      'usrNm',
      'usrRoleCd',
      'usrTpCd',
    ]);
  });

  it('gives a vessel user its vessel code as ofcId and a bad token 401', async () => {
    const u = (await get('/logged-user', 'vessel')).json();
    expect(u.ofcId).toMatch(/^[A-Z0-9]{4}$/);
    const res = await s.call('GET', `${C}/logged-user`, { token: 'not.a.token' });
    expect(res.statusCode).toBe(401);
  });
});

describe('history/application-history', () => {
  const body = {
    urlVal: '/vessel/ABCD',
    appTpCd: 'MOB',
    httpMethTpCd: 'GE',
    prmtVal: 'widgetPath=IBM_W2030',
  };

  it('records a page view', async () => {
    const res = await s.call('PUT', `${C}/history/application-history`, { as: 'staff', body });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, msg: expect.any(String) });
    const row = await one<{ n: number }>(
      `SELECT count(*)::int AS n FROM app_history WHERE usr_id = 'staff' AND url_val = '/vessel/ABCD' AND prmt_val = 'widgetPath=IBM_W2030'`,
    );
    expect(row.n).toBe(1);
  });

  it.each([
    [{ ...body, appTpCd: 'WEB' }, 'appTpCd'],
    [{ ...body, httpMethTpCd: 'PO' }, 'httpMethTpCd'],
    [{ appTpCd: 'MOB', httpMethTpCd: 'GE' }, 'urlVal'],
    [{ ...body, urlVal: '' }, 'urlVal'],
    [{ ...body, urlVal: 'x'.repeat(2001) }, 'urlVal'],
    [{ ...body, extra: 1 }, 'extra'],
    [{ ...body, prmtVal: 'a\u0000' }, 'prmtVal'],
  ])('refuses %j naming %s', async (bad, field) => {
    const res = await s.call('PUT', `${C}/history/application-history`, { as: 'staff', body: bad });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(field);
  });
});

describe('programs', () => {
  it("lists the programs of the caller's role group in sort order, invalid ones marked", async () => {
    for (const usrId of ['staff', 'vessel', 'agent', 'operator']) {
      const res = await get('/programs', usrId);
      expect(res.statusCode).toBe(200);
      const list = res.json() as { pgmNo: string; valid: boolean }[];
      const role = (await get('/logged-user', usrId)).json().usrRoleCd as string;
      const group = role.includes('VSL00')
        ? 'vessel'
        : /NAV0[01]/.test(role)
          ? 'operator'
          : role.includes('AGT00')
            ? 'agent'
            : 'other';
      const expected = await s.db.query<{ pgm_no: string }>(
        `SELECT pgm_no FROM programs WHERE trim(roles) = '*' OR $1 = ANY(string_to_array(replace(roles, ' ', ''), ','))
          ORDER BY sort_no, pgm_no`,
        [group],
      );
      expect(list.map((p) => p.pgmNo)).toEqual(expected.map((r) => r.pgm_no));
      for (const p of list)
        expect(Object.keys(p).sort()).toEqual(['menuIcon', 'menuUrl', 'pgmNm', 'pgmNo', 'pgmUrl', 'valid']);
    }
  });

  it('marks World Status invalid (product.md#screens-and-routes)', async () => {
    const all = (await get('/programs', 'staff')).json() as { pgmNm: string; valid: boolean }[];
    const world = all.find((p) => /world status/i.test(p.pgmNm));
    if (world) expect(world.valid).toBe(false);
    expect(all.some((p) => p.valid)).toBe(true);
  });
});

describe('widgets', () => {
  it("lists the widgets with the caller's flag, Y by default", async () => {
    const before = (await get('/widgets', 'staff')).json() as { wdgtId: string; useYn: string }[];
    expect(before.length).toBeGreaterThan(0);
    const target = before[0]?.wdgtId ?? '';
    await s.db.query(
      `INSERT INTO widget_flags (usr_id, wdgt_id, use_yn) VALUES ('staff', $1, 'N')
       ON CONFLICT (usr_id, wdgt_id) DO UPDATE SET use_yn = 'N'`,
      [target],
    );
    const after = (await get('/widgets', 'staff')).json() as { wdgtId: string; useYn: string }[];
    expect(after.find((w) => w.wdgtId === target)?.useYn).toBe('N');
    expect(after.map((w) => w.wdgtId)).toEqual(before.map((w) => w.wdgtId));
    const others = (await get('/widgets', 'agent')).json() as { wdgtId: string; useYn: string }[];
    expect(others.find((w) => w.wdgtId === target)?.useYn).not.toBe('N');
  });
});

describe('keyword-search', () => {
  type Hit = {
    pgmType: string;
    code: string;
    name: string;
    crrCd: string;
    crrBgColrVal: string;
    crrFgColrVal: string;
  };
  const search = async (as: string, q: string) => {
    const res = await get(`/keyword-search?${q}`, as);
    expect(res.statusCode).toBe(200);
    return res.json() as Hit[];
  };

  it('finds a vessel by name, lower case the same as upper case, prefix matches first', async () => {
    const v = await one<{ vsl_cd: string; vsl_nm: string }>(
      `SELECT vsl_cd, vsl_nm FROM vessels ORDER BY vsl_cd LIMIT 1`,
    );
    const kw = v.vsl_nm.slice(0, 4);
    const upper = await search('staff', `kw=${encodeURIComponent(kw.toUpperCase())}`);
    const lower = await search('staff', `kw=${encodeURIComponent(`  ${kw.toLowerCase()} `)}`);
    expect(lower).toEqual(upper);
    expect(upper.some((h) => h.pgmType === 'VSL' && h.code === v.vsl_cd && h.name === v.vsl_nm)).toBe(true);
    expect(upper.length).toBeLessThanOrEqual(50);
    const K = kw.toUpperCase();
    const prefix = upper.map((h) => h.code.toUpperCase().startsWith(K) || h.name.toUpperCase().startsWith(K));
    expect(prefix.indexOf(false) === -1 || prefix.slice(prefix.indexOf(false)).every((p) => !p)).toBe(true);
  });

  it('finds ports with neutral colours and lanes with their carrier', async () => {
    const p = await one<{ port_cd: string }>(`SELECT port_cd FROM ports ORDER BY port_cd LIMIT 1`);
    const hits = await search('staff', `kw=${p.port_cd}`);
    expect(hits[0]).toMatchObject({ pgmType: 'PORT', code: p.port_cd, crrCd: '' });
    const l = await one<{ lane_cd: string; lane_nm: string; crr_cd: string }>(
      `SELECT lane_cd, lane_nm, crr_cd FROM lanes ORDER BY lane_cd LIMIT 1`,
    );
    const lanes = await search('staff', `kw=${encodeURIComponent(l.lane_nm.slice(0, 5))}&type=SVC`);
    expect(lanes.every((h) => h.pgmType === 'SVC')).toBe(true);
    expect(lanes.find((h) => h.code === l.lane_cd)).toMatchObject({
      crrCd: l.crr_cd,
      crrBgColrVal: expect.stringMatching(/^#/),
    });
  });

  it('gives operator and viewer (types 5, 6) vessels only, whatever type asks', async () => {
    const p = await one<{ port_cd: string; port_nm: string }>(
      `SELECT port_cd, port_nm FROM ports ORDER BY port_cd LIMIT 1`,
    );
    for (const as of ['operator', 'viewer']) {
      expect(await search(as, `kw=${p.port_cd}&type=PORT,SVC`)).toEqual([]);
      const any = await search(as, `kw=${encodeURIComponent(p.port_nm.slice(0, 3))}`);
      expect(any.every((h) => h.pgmType === 'VSL')).toBe(true);
    }
    const staff = await search('staff', `kw=${p.port_cd}&type=PORT,SVC`);
    expect(staff.some((h) => h.pgmType === 'PORT')).toBe(true);
  });

  it('gives a vessel user its own vessel as VSL_V', async () => {
    const own = await ofcIdOf('vessel');
    const hits = await search('vessel', `kw=${own}`);
    expect(hits.find((h) => h.code === own)?.pgmType).toBe('VSL_V');
    expect(hits.filter((h) => h.code !== own).every((h) => h.pgmType !== 'VSL_V')).toBe(true);
  });

  it.each([
    ['kw=SI', 'kw'],
    ['kw=%20%20ab%20%20', 'kw'],
    ['', 'kw'],
    [`kw=${'A'.repeat(101)}`, 'kw'],
    ['kw=SIN&type=SHIP', 'type'],
    ['kw=ab%00cd', 'kw'],
  ])('refuses %s naming %s', async (q, field) => {
    const res = await get(`/keyword-search?${q}`, 'staff');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(field);
  });
});

describe('event and event/remark', () => {
  let own = '';
  let other = '';
  let ownEvent = 0;
  let otherEvent = 0;
  beforeAll(async () => {
    own = await ofcIdOf('vessel');
    other = await otherVessel(own);
    const port = await one<{ port_cd: string }>('SELECT port_cd FROM ports ORDER BY port_cd LIMIT 1');
    const ins = async (vslCd: string, nm: string) =>
      (
        await one<{ evnt_seq: number }>(
          `INSERT INTO events (vsl_cd, port_cd, evnt_tp_cd, evnt_nm, evnt_dt, evnt_desc)
           VALUES ($1, $2, 'BUNKER', $3, '2031-05-04T10:00:00Z', 'test event') RETURNING evnt_seq`,
          [vslCd, port.port_cd, nm],
        )
      ).evnt_seq;
    ownEvent = await ins(own, 'Own bunkering');
    otherEvent = await ins(other, 'Other bunkering');
  });
  type Ev = {
    evntSeq: number;
    vslCd: string | null;
    evntDt: string;
    remarkList: { remark: string; usrId: string }[];
  };
  const events = async (as: string, q = '') => {
    const res = await get(`/event${q}`, as);
    expect(res.statusCode).toBe(200);
    return res.json().eventList as Ev[];
  };

  it('lists events newest first; a vessel user sees only its own vessel', async () => {
    const all = await events('staff');
    expect(all.map((e) => e.evntSeq)).toEqual(expect.arrayContaining([ownEvent, otherEvent]));
    const times = all.map((e) => e.evntDt);
    expect([...times].sort().reverse()).toEqual(times);
    const mine = await events('vessel');
    expect(mine.every((e) => e.vslCd === own)).toBe(true);
    expect(mine.some((e) => e.evntSeq === ownEvent)).toBe(true);
  });

  it('filters by vessel and time', async () => {
    const f = await events('staff', `?vslCd=${other}&fromDt=2031-05-04&toDt=2031-05-05T00:00:00Z`);
    expect(f.map((e) => e.evntSeq)).toEqual([otherEvent]);
    expect(await events('staff', `?vslCd=${other}&fromDt=2031-05-05`)).toEqual([]);
  });

  it.each([
    ['?vslCd=abc', 400, 'vslCd'],
    ['?vslCd=ZZZZ', 404, 'vslCd'],
    ['?portCd=XX', 400, 'portCd'],
    ['?fromDt=yesterday', 400, 'fromDt'],
    ['?fromDt=2031-02-30', 400, 'fromDt'],
    ['?fromDt=0001-01-01T00:00:00Z', 400, 'fromDt'],
    ['?fromDt=2031-05-05&toDt=2031-05-04', 400, 'fromDt'],
  ])('GET %s answers %i naming %s', async (q, status, field) => {
    const res = await get(`/event${q}`, 'staff');
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toContain(field);
  });

  it("refuses a vessel user another vessel's events", async () => {
    expect((await get(`/event?vslCd=${other}`, 'vessel')).statusCode).toBe(403);
  });

  it('adds a remark that the list then shows', async () => {
    const res = await s.call('POST', `${C}/event/remark`, {
      as: 'vessel',
      body: { evntSeq: ownEvent, remark: 'Bunker barge alongside 10:20' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, rmkSeq: expect.any(Number) });
    const ev = (await events('vessel')).find((e) => e.evntSeq === ownEvent);
    expect(ev?.remarkList).toEqual([
      expect.objectContaining({ remark: 'Bunker barge alongside 10:20', usrId: 'vessel' }),
    ]);
  });

  it('refuses unknown events, other vessels and read-only users', async () => {
    const post = (as: string, body: unknown) => s.call('POST', `${C}/event/remark`, { as, body });
    const unknown = await post('staff', { evntSeq: 999999, remark: 'x' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toContain('evntSeq');
    expect((await post('vessel', { evntSeq: otherEvent, remark: 'x' })).statusCode).toBe(403);
    expect((await post('operator', { evntSeq: ownEvent, remark: 'x' })).statusCode).toBe(403);
    expect((await post('viewer', { evntSeq: ownEvent, remark: 'x' })).statusCode).toBe(403);
  });

  it.each([
    [{ evntSeq: 1, remark: '' }, 'remark'],
    [{ evntSeq: 1, remark: 'x'.repeat(1001) }, 'remark'],
    [{ evntSeq: 1, remark: '   ' }, 'remark'],
    [{ remark: 'x' }, 'evntSeq'],
    [{ evntSeq: 0, remark: 'x' }, 'evntSeq'],
    [{ evntSeq: 1, remark: 'x', usrId: 'staff' }, 'usrId'],
    [{ evntSeq: 2147483648, remark: 'x' }, 'evntSeq'],
    [{ evntSeq: 1, remark: 'a\u0000b' }, 'remark'],
  ])('refuses %j naming %s', async (body, field) => {
    const res = await s.call('POST', `${C}/event/remark`, { as: 'staff', body });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(field);
  });
});

describe('my-port', () => {
  it('gives an agent its own ports in order', async () => {
    const res = await get('/my-port', 'agent');
    expect(res.statusCode).toBe(200);
    const list = res.json().myPortList as { portCd: string; sortNo: number }[];
    const rows = await s.db.query<{ rel_cd: string }>(
      `SELECT rel_cd FROM user_relations WHERE usr_id = 'agent' AND rel_tp_cd = 'AGT_PORT' ORDER BY sort_no, rel_cd`,
    );
    expect(list.length).toBeGreaterThan(0);
    expect(list.map((p) => p.portCd)).toEqual(rows.map((r) => r.rel_cd));
    expect(list[0]).toEqual({
      portCd: expect.any(String),
      portNm: expect.any(String),
      cntCd: expect.any(String),
      cntNm: expect.any(String),
      sortNo: expect.any(Number),
    });
  });

  it.each(['vessel', 'operator', 'viewer', 'staff'])('refuses %s (not an agent) with 403', async (as) => {
    const res = await get('/my-port', as);
    expect(res.statusCode).toBe(403);
    expect(res.json().name).toBe('ForbiddenError');
  });
});

describe('my-setting and the trees', () => {
  it('replaces the lists sent, in order, and reads them back', async () => {
    const vsl = (
      await s.db.query<{ vsl_cd: string }>('SELECT vsl_cd FROM vessels ORDER BY vsl_cd DESC LIMIT 3')
    ).map((r) => r.vsl_cd);
    const lanes = (
      await s.db.query<{ lane_cd: string }>('SELECT lane_cd FROM lanes ORDER BY lane_cd LIMIT 2')
    ).map((r) => r.lane_cd);
    const ports = (
      await s.db.query<{ port_cd: string }>('SELECT port_cd FROM ports ORDER BY port_cd DESC LIMIT 2')
    ).map((r) => r.port_cd);
    const put = await s.call('PUT', `${C}/my-setting`, {
      as: 'staff',
      body: { vslCds: vsl, laneCds: lanes, portCds: ports },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ success: true, vslCds: vsl, laneCds: lanes, portCds: ports });
    expect((await get('/my-setting', 'staff')).json()).toEqual({
      vslCds: vsl,
      laneCds: lanes,
      portCds: ports,
    });

    const reordered = [...vsl].reverse().slice(0, 2);
    const put2 = await s.call('PUT', `${C}/my-setting`, { as: 'staff', body: { vslCds: reordered } });
    expect(put2.json()).toMatchObject({ vslCds: reordered, laneCds: lanes, portCds: ports });
    const cleared = await s.call('PUT', `${C}/my-setting`, { as: 'staff', body: { portCds: [] } });
    expect(cleared.json()).toMatchObject({ vslCds: reordered, laneCds: lanes, portCds: [] });
  });

  it('answers a repeated Idempotency-Key with the first answer and writes once', async () => {
    const key = `test-my-setting-${Date.now()}`;
    const lane = (await one<{ lane_cd: string }>('SELECT lane_cd FROM lanes ORDER BY lane_cd DESC LIMIT 1'))
      .lane_cd;
    const opts = { as: 'agent', body: { laneCds: [lane] }, headers: { 'idempotency-key': key } };
    const first = await s.call('PUT', `${C}/my-setting`, opts);
    expect(first.statusCode).toBe(200);
    // Change the list in between: a replay must not apply the old body again.
    await s.call('PUT', `${C}/my-setting`, { as: 'agent', body: { laneCds: [] } });
    const again = await s.call('PUT', `${C}/my-setting`, opts);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    const n = await one<{ n: number }>('SELECT count(*)::int AS n FROM mutations WHERE idem_key = $1', [key]);
    expect(n.n).toBe(1);
    expect((await get('/my-setting', 'agent')).json().laneCds).toEqual([]);
  });

  it.each([
    [{ vslCds: ['ZZZZ'] }, 'vslCds', 'ZZZZ'],
    [{ laneCds: ['QQQQ'] }, 'laneCds', 'QQQQ'],
    [{ portCds: ['ZZZZZ'] }, 'portCds', 'ZZZZZ'],
    [{ vslCds: ['abcd'] }, 'vslCds', ''],
    [{ vslCds: 'ABCD' }, 'vslCds', ''],
    [{ portCds: Array.from({ length: 201 }, (_, i) => `XX${String(i).padStart(3, '0')}`) }, 'portCds', ''],
    [{ laneCds: ['AEX', 'AEX'] }, 'laneCds', ''],
    [{ vslCds: [], other: [] }, 'other', ''],
  ])('refuses %j naming %s', async (body, field, code) => {
    const before = (await get('/my-setting', 'vessel2')).json();
    const res = await s.call('PUT', `${C}/my-setting`, { as: 'vessel2', body });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(field);
    expect(res.json().message).toContain(code);
    expect((await get('/my-setting', 'vessel2')).json()).toEqual(before);
  });

  it('checks the saved lanes in the trade-lane tree', async () => {
    const lanes = (
      await s.db.query<{ lane_cd: string }>('SELECT lane_cd FROM lanes ORDER BY lane_cd LIMIT 2')
    ).map((r) => r.lane_cd);
    await s.call('PUT', `${C}/my-setting`, { as: 'viewer', body: { laneCds: lanes } });
    const res = await get('/tree/trade-lane?relTpCd=REL_USR_LANE', 'viewer');
    expect(res.statusCode).toBe(200);
    const trades = res.json().tradeList as {
      tradeCd: string;
      checked: boolean;
      laneList: { laneCd: string; checked: boolean }[];
    }[];
    const all = trades.flatMap((t) => t.laneList);
    const total = await one<{ n: number }>('SELECT count(*)::int AS n FROM lanes');
    expect(all.length).toBe(total.n);
    expect(
      all
        .filter((l) => l.checked)
        .map((l) => l.laneCd)
        .sort(),
    ).toEqual([...lanes].sort());
    for (const t of trades) expect(t.checked).toBe(t.laneList.every((l) => l.checked));
  });

  it('checks the saved ports in the country-port tree', async () => {
    const ports = (
      await s.db.query<{ port_cd: string }>('SELECT port_cd FROM ports ORDER BY port_cd LIMIT 3')
    ).map((r) => r.port_cd);
    await s.call('PUT', `${C}/my-setting`, { as: 'viewer', body: { portCds: ports } });
    const res = await get('/tree/cnt-port?relTpCd=REL_USR_PORT', 'viewer');
    expect(res.statusCode).toBe(200);
    const cnts = res.json().cntList as { cntCd: string; portList: { portCd: string; checked: boolean }[] }[];
    const all = cnts.flatMap((c) => c.portList);
    expect(
      all
        .filter((p) => p.checked)
        .map((p) => p.portCd)
        .sort(),
    ).toEqual([...ports].sort());
    for (const c of cnts) expect(c.portList.every((p) => p.portCd.startsWith(c.cntCd))).toBe(true);
  });

  it.each([
    ['/tree/trade-lane?relTpCd=REL_USR_PORT'],
    ['/tree/trade-lane'],
    ['/tree/cnt-port?relTpCd=REL_USR_LANE'],
    ['/tree/cnt-port?relTpCd=AGT_PORT'],
  ])('GET %s answers 400 naming relTpCd', async (url) => {
    const res = await get(url, 'staff');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('relTpCd');
  });
});

describe('lunar', () => {
  it.each([
    ['2024-02-10', { lunarYear: 2024, lunarMonth: 1, lunarDay: 1, leapMonth: false }],
    ['2023-03-22', { lunarYear: 2023, lunarMonth: 2, lunarDay: 1, leapMonth: true }],
    ['2025-10-06', { lunarYear: 2025, lunarMonth: 8, lunarDay: 15, leapMonth: false }],
  ])('converts %s', async (sunDate, lunar) => {
    const res = await get(`/lunar?sunDate=${sunDate}`, 'staff');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ sunDate, ...lunar });
  });

  it.each(['', '?sunDate=2024-02-30', '?sunDate=20240210', '?sunDate=yesterday', '?sunDate=1800-01-01'])(
    'refuses %s naming sunDate',
    async (q) => {
      const res = await get(`/lunar${q}`, 'staff');
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain('sunDate');
    },
  );
});

describe('code', () => {
  it('lists the codes of a type in order', async () => {
    await s.db.query(
      `INSERT INTO codes (cd_tp, cd, cd_nm, sort_no) VALUES ('TEST_TP', 'B', 'Bravo', 1), ('TEST_TP', 'A', 'Alpha', 2)
       ON CONFLICT DO NOTHING`,
    );
    const res = await get('/code/TEST_TP', 'staff');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      codeList: [
        { cd: 'B', cdNm: 'Bravo', sortNo: 1 },
        { cd: 'A', cdNm: 'Alpha', sortNo: 2 },
      ],
    });
    const seeded = await s.db.query<{ cd_tp: string }>(
      'SELECT DISTINCT cd_tp FROM codes ORDER BY cd_tp LIMIT 1',
    );
    if (seeded[0])
      expect((await get(`/code/${seeded[0].cd_tp}`, 'viewer')).json().codeList.length).toBeGreaterThan(0);
  });

  it('answers 404 for an unknown type and 400 for a malformed one', async () => {
    const unknown = await get('/code/NO_SUCH_TYPE', 'staff');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toContain('NO_SUCH_TYPE');
    const bad = await get('/code/bad-type!', 'staff');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('type');
  });
});
