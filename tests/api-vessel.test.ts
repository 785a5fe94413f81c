// /api/v2/app/vessel routes of product.md#the-calls on the real server: good input, bad input, wrong role and no token for each.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/server.ts';

let s: TestServer;
let own = ''; // the vessel of the demo vessel user
let other = ''; // another vessel
beforeAll(async () => {
  s = await startTestServer();
  own = (await one<{ ofc_id: string }>(`SELECT ofc_id FROM users WHERE usr_id = 'vessel'`)).ofc_id;
  other = (
    await one<{ vsl_cd: string }>('SELECT vsl_cd FROM vessels WHERE vsl_cd <> $1 ORDER BY vsl_cd LIMIT 1', [
      own,
    ])
  ).vsl_cd;
});
afterAll(() => s.close());

const V = '/api/v2/app/vessel';
const get = (url: string, as: string) => s.call('GET', `${V}${url}`, { as });
const post = (url: string, as: string, body: unknown, headers?: Record<string, string>) =>
  s.call('POST', `${V}${url}`, { as, body, ...(headers ? { headers } : {}) });
const ok = async (url: string, as = 'staff') => {
  const res = await get(url, as);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
async function one<T>(sql: string, params: unknown[] = []): Promise<T> {
  const rows = await s.db.query<T>(sql, params);
  if (!rows[0]) throw new Error(`no row for ${sql}`);
  return rows[0];
}
/** The staff demo user writes as a shore operator (NAV role, not a read-only type). */
const OPERATOR = 'staff';

/** Every vessel GET, with {v} for the vessel code: all follow the same access rules. */
const READS = [
  '/current?vslCd={v}',
  '/cascade?vslCd={v}',
  '/ais?vslCd={v}',
  '/ais-history?vslCd={v}',
  '/next-port?vslCd={v}',
  '/past-calls?vslCd={v}',
  '/latest-report?vslCd={v}',
  '/daily/sheet?vslCd={v}',
  '/calc-foc?vslCd={v}',
  '/cii/week?vslCd={v}',
  '/handover-memo?vslCd={v}',
  '/cascade-memo/{v}',
  '/widget-memo?vslCd={v}',
  '/next-dock/{v}',
  '/typhoon-storm/{v}',
  '/pic?vslCd={v}',
  '/osr?vslCd={v}',
  '/event?vslCd={v}',
  '/daily/event?vslCd={v}',
];
const at = (url: string, vslCd: string) => url.replace('{v}', vslCd);

describe('no token', () => {
  it.each([
    ...READS.map((u) => ['GET', at(u, 'ABCD')]),
    ['GET', '/widget-flag'],
    ['GET', '/info/fleet'],
    ['GET', '/daily/holiday?cntCd=SG'],
    ['POST', '/handover-memo'],
    ['POST', '/cascade-memo'],
    ['POST', '/widget-memo'],
    ['POST', '/next-dock'],
  ])('%s %s answers 401', async (method, path) => {
    const res = await s.call(method ?? 'GET', `${V}${path}`, { body: method === 'GET' ? undefined : {} });
    expect(res.statusCode).toBe(401);
    expect(res.json().name).toBe('AuthenticationError');
  });
});

describe('access rules shared by every vessel read', () => {
  it.each(READS)(
    'GET %s: own vessel 200, another vessel 403 for a vessel user, any vessel for types 5 and 6',
    async (url) => {
      expect((await get(at(url, own), 'vessel')).statusCode).toBe(200);
      const denied = await get(at(url, other), 'vessel');
      expect(denied.statusCode).toBe(403);
      expect(denied.json().name).toBe('ForbiddenError');
      expect((await get(at(url, other), 'operator')).statusCode).toBe(200);
      expect((await get(at(url, other), 'viewer')).statusCode).toBe(200);
    },
  );

  it.each(READS)('GET %s: unknown vessel 404, malformed code 400, both naming vslCd', async (url) => {
    const unknown = await get(at(url, 'ZZ99'), 'staff');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toContain('vslCd');
    const bad = await get(at(url, 'abc'), 'staff');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('vslCd');
  });
});

describe('current, cascade, ais and next-port', () => {
  it('gives identity, carrier colours, newest position, voyage and ports', async () => {
    const c = await ok(`/current?vslCd=${own}`, 'vessel');
    const v = await one<{ vsl_nm: string; lane_cd: string; teu: number }>(
      'SELECT vsl_nm, lane_cd, teu FROM vessels WHERE vsl_cd = $1',
      [own],
    );
    expect(c).toMatchObject({
      vslCd: own,
      vslNm: v.vsl_nm,
      laneCd: v.lane_cd,
      teu: v.teu,
      crrBgColrVal: expect.stringMatching(/^#/),
    });
    expect(c.vslSlanCd).toMatch(/^[A-Z0-9]{2,5}$/);
    const pos = await s.db.query<{ pos_dt: Date; lat: number }>(
      'SELECT pos_dt, lat FROM vessel_positions WHERE vsl_cd = $1 ORDER BY pos_dt DESC LIMIT 1',
      [own],
    );
    if (pos[0]) expect(c).toMatchObject({ posDt: pos[0].pos_dt.toISOString(), lat: pos[0].lat });
    if (c.nextPort)
      expect(c.nextPort).toMatchObject({ portCd: expect.any(String), eta: expect.any(String), atd: null });
    if (c.prevPort) expect(c.prevPort.atd).toEqual(expect.any(String));
  });

  it('lists the current voyage in call order with the current call marked once', async () => {
    const c = await ok(`/cascade?vslCd=${own}`, 'vessel');
    expect(c.vslCd).toBe(own);
    const voy = await s.db.query<{ skd_voy_no: string }>(
      'SELECT skd_voy_no FROM voyages WHERE vsl_cd = $1 AND is_current',
      [own],
    );
    if (!voy[0]) return expect(c.calls).toEqual([]);
    expect(c.skdVoyNo).toBe(voy[0].skd_voy_no);
    const seqs = c.calls.map((x: { callSeq: number }) => x.callSeq);
    expect([...seqs].sort((a, b) => a - b)).toEqual(seqs);
    expect(c.calls.filter((x: { isCurrent: boolean }) => x.isCurrent).length).toBeLessThanOrEqual(1);
    // Each call carries its port's position, for the map.
    const ports = await s.db.query<{ port_cd: string; lat: number; lon: number }>(
      'SELECT port_cd, lat, lon FROM ports',
    );
    for (const call of c.calls as { portCd: string; lat?: number; lon?: number }[]) {
      const p = ports.find((x) => x.port_cd === call.portCd);
      expect(call).toMatchObject({ lat: p?.lat, lon: p?.lon });
    }
    const again = await ok(`/cascade?vslCd=${own}&skdVoyNo=${c.skdVoyNo}&skdDirCd=${c.skdDirCd}`, 'vessel');
    expect(again).toEqual(c);
    const missing = await get(`/cascade?vslCd=${own}&skdVoyNo=9999&skdDirCd=E`, 'vessel');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toContain('skdVoyNo');
    expect((await get(`/cascade?vslCd=${own}&skdDirCd=X`, 'vessel')).json().message).toContain('skdDirCd');
  });

  it('gives the newest AIS fix and the track of the last hours, oldest first', async () => {
    const fix = await ok(`/ais?vslCd=${own}`, 'vessel');
    if (fix === null) return;
    expect(fix).toMatchObject({ vslCd: own, posDt: expect.any(String), navSts: expect.any(String) });
    const h = await ok(`/ais-history?vslCd=${own}&hours=168`, 'vessel');
    const times = h.track.map((p: { posDt: string }) => p.posDt);
    expect([...times].sort()).toEqual(times);
    expect(times.at(-1)).toBe(fix.posDt);
    const short = await ok(`/ais-history?vslCd=${own}&hours=1`, 'vessel');
    expect(short.hours).toBe(1);
    expect(short.track.length).toBeLessThanOrEqual(h.track.length);
    expect((await ok(`/ais-history?vslCd=${own}`, 'vessel')).hours).toBe(48);
  });

  it.each(['hours=0', 'hours=169', 'hours=x'])('refuses ais-history %s naming hours', async (q) => {
    const res = await get(`/ais-history?vslCd=${own}&${q}`, 'vessel');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('hours');
  });

  it('gives the next port with distance to go and required speed', async () => {
    const n = await ok(`/next-port?vslCd=${own}`, 'vessel');
    if (n === null) return;
    expect(n).toMatchObject({
      vslCd: own,
      portCd: expect.any(String),
      eta: expect.any(String),
      lat: expect.any(Number),
    });
    if (n.ata === null && n.distNm !== null) {
      expect(n.distNm).toBeGreaterThanOrEqual(0);
      expect(n.distNm).toBeLessThan(12_500);
      if (n.reqSpd !== null) expect(n.reqSpd).toBeCloseTo(n.distNm / n.hrsToEta, 0);
    }
  });

  it("measures each call's delay against its proforma ETA, before arrival too", async () => {
    const HOUR = 3_600_000;
    const hour = Math.floor(Date.now() / HOUR) * HOUR;
    const expected = (c: { pfEta: string | null; eta: string; ata: string | null; skipYn?: string }) => {
      if (c.skipYn === 'Y' || c.pfEta === null) return null;
      const arrival = c.ata ? Date.parse(c.ata) : Math.max(Date.parse(c.eta), hour);
      // + 0: JSON has no -0, so a delay that rounds to -0 comes as 0.
      return Math.round(((Date.parse(c.pfEta) - arrival) / HOUR) * 10) / 10 + 0;
    };
    // The demo vessel is at sea: its next port has a delay before the vessel gets there.
    const cur = await ok(`/current?vslCd=${own}`, 'vessel');
    expect(cur.nextPort).toMatchObject({ ata: null, pfEta: expect.any(String) });
    expect(cur.nextPort.etaDelayHrs).toEqual(expect.any(Number));
    expect(cur.nextPort.etaDelayHrs).toBe(expected(cur.nextPort));
    const cascade = await ok(`/cascade?vslCd=${own}`, 'vessel');
    for (const c of cascade.calls) expect(c.etaDelayHrs, c.portCd).toBe(expected(c));

    // Set the times of a vessel no other test reads: 5 h ahead of the proforma before arrival; 3 h behind once
    // arrived; no proforma, no delay; an omitted call has none either.
    const vsl = (await one<{ vsl_cd: string }>('SELECT max(vsl_cd) AS vsl_cd FROM vessels')).vsl_cd;
    const calls = await s.db.query<{ skd_voy_no: string; call_seq: number }>(
      `SELECT c.skd_voy_no, c.call_seq FROM port_calls c JOIN voyages v USING (vsl_cd, skd_voy_no, skd_dir_cd)
        WHERE c.vsl_cd = $1 AND v.is_current ORDER BY c.call_seq`,
      [vsl],
    );
    expect(calls.length).toBeGreaterThanOrEqual(4);
    const set = (i: number, cols: string, params: unknown[]) =>
      s.db.query(`UPDATE port_calls SET ${cols} WHERE vsl_cd = $1 AND skd_voy_no = $2 AND call_seq = $3`, [
        vsl,
        calls[i]?.skd_voy_no,
        calls[i]?.call_seq,
        ...params,
      ]);
    const future = hour + 48 * HOUR;
    await set(0, `ata = $4, atb = $4, atd = $5, eta = $4, pf_eta = $6, skip_yn = 'N'`, [
      new Date(future - 100 * HOUR),
      new Date(future - 90 * HOUR),
      new Date(future - 103 * HOUR),
    ]);
    await set(1, `ata = NULL, atb = NULL, atd = NULL, eta = $4, pf_eta = $5, skip_yn = 'N'`, [
      new Date(future),
      new Date(future + 5 * HOUR),
    ]);
    await set(2, `ata = NULL, atb = NULL, atd = NULL, pf_eta = NULL, skip_yn = 'N'`, []);
    await set(3, `ata = NULL, atb = NULL, atd = NULL, skip_yn = 'Y'`, []);
    const got = (await ok(`/cascade?vslCd=${vsl}`)).calls as {
      callSeq: number;
      etaDelayHrs: number | null;
    }[];
    const delayOf = (i: number) => got.find((c) => c.callSeq === calls[i]?.call_seq)?.etaDelayHrs;
    expect([0, 1, 2, 3].map(delayOf)).toEqual([-3, 5, null, null]);
  });

  it('gives the fleet; a vessel user only its own vessel', async () => {
    const fleet = (await ok('/info/fleet', 'operator')).vessels as { vslCd: string }[];
    const n = await one<{ n: number }>('SELECT count(*)::int AS n FROM vessels');
    expect(fleet.length).toBe(n.n);
    expect(fleet.map((v) => v.vslCd)).toEqual([...fleet.map((v) => v.vslCd)].sort());
    expect((await ok('/info/fleet', 'vessel')).vessels.map((v: { vslCd: string }) => v.vslCd)).toEqual([own]);
  });

  it("gives each vessel's service, next port and its delay, and the caller's list in the order it was saved", async () => {
    const codes = (
      await s.db.query<{ vsl_cd: string }>('SELECT vsl_cd FROM vessels ORDER BY vsl_cd DESC LIMIT 3')
    ).map((r) => r.vsl_cd);
    const put = await s.call('PUT', '/api/v2/app/common/my-setting', {
      as: 'operator',
      body: { vslCds: codes },
    });
    expect(put.statusCode, put.body).toBe(200);
    type Fleet = {
      vslCd: string;
      laneCd: string;
      laneNm: string;
      nextPortCd: string | null;
      nextPortNm: string | null;
      nextDelayHrs: number | null;
      followed: boolean;
      sortNo: number | null;
    };
    const fleet = (await ok('/info/fleet', 'operator')).vessels as Fleet[];
    const mine = fleet.filter((v) => v.followed).sort((a, b) => (a.sortNo ?? 0) - (b.sortNo ?? 0));
    expect(mine.map((v) => [v.vslCd, v.sortNo])).toEqual(codes.map((c, i) => [c, i]));
    expect(fleet.filter((v) => !v.followed).every((v) => v.sortNo === null)).toBe(true);
    for (const vslCd of [own, ...codes]) {
      const f = fleet.find((v) => v.vslCd === vslCd) as Fleet;
      const lane = await one<{ lane_nm: string }>('SELECT lane_nm FROM lanes WHERE lane_cd = $1', [f.laneCd]);
      expect(f.laneNm).toBe(lane.lane_nm);
      const cur = await ok(`/current?vslCd=${vslCd}`);
      expect(f.nextPortCd).toBe(cur.nextPort?.portCd ?? null);
      expect(f.nextPortNm).toBe(cur.nextPort?.portNm ?? null);
      expect(f.nextDelayHrs).toBe(cur.nextPort?.etaDelayHrs ?? null);
    }
  });
});

describe('reports, fuel and CII', () => {
  it('gives the latest report and the daily sheet newest first', async () => {
    const latest = await ok(`/latest-report?vslCd=${own}`, 'vessel');
    const sheet = await ok(`/daily/sheet?vslCd=${own}&days=30`, 'vessel');
    const times = sheet.reportList.map((r: { rptDt: string }) => r.rptDt);
    expect([...times].sort().reverse()).toEqual(times);
    if (latest && sheet.reportList[0]) expect(sheet.reportList[0]).toEqual(latest);
    expect((await ok(`/daily/sheet?vslCd=${own}`, 'vessel')).days).toBe(7);
  });

  it('sums fuel and distance over a period', async () => {
    await s.db.query(
      `INSERT INTO vessel_reports (vsl_cd, rpt_dt, rpt_tp_cd, lat, lon, avg_spd, dist_nm, foc_mt, rob_fo_mt, rob_do_mt)
       VALUES ($1, '2031-01-01T12:00:00Z', 'NOON', 1, 103, 20, 480, 100, 3000, 200),
              ($1, '2031-01-02T12:00:00Z', 'NOON', 2, 104, 10, 240, 50, 2900, 199)`,
      [other],
    );
    const f = await ok(`/calc-foc?vslCd=${other}&fromDt=2031-01-01&toDt=2031-01-03T00:00:00Z`);
    expect(f).toMatchObject({
      vslCd: other,
      focMt: 150,
      distNm: 720,
      avgSpd: 15,
      fromDt: '2031-01-01T00:00:00.000Z',
    });
    expect(f.reports.map((r: { rptDt: string }) => r.rptDt)).toEqual([
      '2031-01-01T12:00:00.000Z',
      '2031-01-02T12:00:00.000Z',
    ]);
    const empty = await ok(`/calc-foc?vslCd=${other}&fromDt=2031-02-01&toDt=2031-02-02`);
    expect(empty).toMatchObject({ focMt: 0, distNm: 0, avgSpd: null, reports: [] });
  });

  it.each([
    ['fromDt=2031-01-03&toDt=2031-01-01', 'fromDt'],
    ['fromDt=2020-01-01&toDt=2031-01-01', 'fromDt'],
    ['fromDt=soon', 'fromDt'],
    ['toDt=2031-13-01', 'toDt'],
  ])('refuses calc-foc %s naming %s', async (q, field) => {
    const res = await get(`/calc-foc?vslCd=${own}&${q}`, 'staff');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(field);
  });

  it('refuses daily/sheet days out of 1..30', async () => {
    for (const d of ['0', '31'])
      expect((await get(`/daily/sheet?vslCd=${own}&days=${d}`, 'staff')).json().message).toContain('days');
  });

  it('rates 8 ISO weeks of CII, oldest first', async () => {
    const c = await ok(`/cii/week?vslCd=${own}`, 'vessel');
    expect(c.weekList).toHaveLength(8);
    const weeks = c.weekList.map((w: { week: string }) => w.week);
    expect([...weeks].sort()).toEqual(weeks);
    expect(weeks[7]).toMatch(/^\d{4}-W\d{2}$/);
    for (const w of c.weekList) {
      expect(w.co2Mt).toBeCloseTo(w.focMt * 3.114, 1);
      if (w.ciiAttained === null) expect(w.rating).toBeNull();
      else expect(w.rating).toMatch(/^[A-E]$/);
    }
    expect(c.dwt).toBe(
      (await one<{ teu: number }>('SELECT teu FROM vessels WHERE vsl_cd = $1', [own])).teu * 12,
    );
  });
});

describe('memos', () => {
  it('saves a handover memo by the vessel user and by an operator, newest first', async () => {
    const a = await post('/handover-memo', 'vessel', {
      vslCd: own,
      memo: 'Chief officer handover: ballast plan in folder',
    });
    expect(a.statusCode, a.body).toBe(200);
    expect(a.json()).toMatchObject({ success: true, memoSeq: expect.any(Number) });
    const b = await post('/handover-memo', OPERATOR, { vslCd: own, memo: 'Shore: bunker ETA 14:00' });
    expect(b.statusCode, b.body).toBe(200);
    const list = (await ok(`/handover-memo?vslCd=${own}`, 'vessel')).memoList as {
      memoSeq: number;
      memo: string;
      creUsrId: string;
    }[];
    expect(list.slice(0, 2).map((m) => m.memoSeq)).toEqual([b.json().memoSeq, a.json().memoSeq]);
    expect(list[1]).toMatchObject({
      memo: 'Chief officer handover: ballast plan in folder',
      creUsrId: 'vessel',
    });
  });

  it('refuses handover memos from read-only users, agents and other vessels', async () => {
    for (const as of ['operator', 'viewer', 'agent']) {
      const res = await post('/handover-memo', as, { vslCd: own, memo: 'x' });
      expect(res.statusCode, as).toBe(403);
    }
    expect((await post('/handover-memo', 'vessel', { vslCd: other, memo: 'x' })).statusCode).toBe(403);
    expect((await post('/handover-memo', OPERATOR, { vslCd: 'ZZ99', memo: 'x' })).statusCode).toBe(404);
  });

  it('saves cascade memos by agents, operators and the vessel, once per Idempotency-Key', async () => {
    const key = `cascade-${Date.now()}`;
    const first = await post(
      '/cascade-memo',
      'agent',
      { vslCd: own, memo: 'Berth window moved to 06:00' },
      { 'idempotency-key': key },
    );
    expect(first.statusCode, first.body).toBe(200);
    const again = await post(
      '/cascade-memo',
      'agent',
      { vslCd: own, memo: 'Berth window moved to 06:00' },
      { 'idempotency-key': key },
    );
    expect(again.json()).toEqual(first.json());
    const list = (await ok(`/cascade-memo/${own}`, 'viewer')).memoList as { memo: string }[];
    expect(list.filter((m) => m.memo === 'Berth window moved to 06:00')).toHaveLength(1);
    expect((await post('/cascade-memo', 'vessel', { vslCd: own, memo: 'ok' })).statusCode).toBe(200);
    expect((await post('/cascade-memo', OPERATOR, { vslCd: other, memo: 'ok' })).statusCode).toBe(200);
    expect((await post('/cascade-memo', 'viewer', { vslCd: own, memo: 'x' })).statusCode).toBe(403);
    expect((await post('/cascade-memo', 'vessel2', { vslCd: own, memo: 'x' })).statusCode).toBe(403);
  });

  it('saves widget memos for a known widget', async () => {
    const w = await one<{ wdgt_id: string }>('SELECT wdgt_id FROM widgets ORDER BY sort_no LIMIT 1');
    const res = await post('/widget-memo', 'vessel', { vslCd: own, wdgtId: w.wdgt_id, memo: 'Widget note' });
    expect(res.statusCode, res.body).toBe(200);
    const list = (await ok(`/widget-memo?vslCd=${own}&wdgtId=${w.wdgt_id}`, 'vessel')).memoList;
    expect(list[0]).toMatchObject({ wdgtId: w.wdgt_id, memo: 'Widget note' });
    const unknown = await post('/widget-memo', 'vessel', { vslCd: own, wdgtId: 'NO_SUCH', memo: 'x' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toContain('wdgtId');
    expect(
      (await post('/widget-memo', 'operator', { vslCd: own, wdgtId: w.wdgt_id, memo: 'x' })).statusCode,
    ).toBe(403);
  });

  it.each([
    ['/handover-memo', { vslCd: 'ABCD', memo: '' }, 'memo'],
    ['/handover-memo', { vslCd: 'ABCD', memo: 'x'.repeat(4001) }, 'memo'],
    ['/handover-memo', { vslCd: 'abcd', memo: 'x' }, 'vslCd'],
    ['/handover-memo', { memo: 'x' }, 'vslCd'],
    ['/cascade-memo', { vslCd: 'ABCD', memo: 'x', extra: true }, 'extra'],
    ['/cascade-memo', { vslCd: 'ABCD', memo: '   ' }, 'memo'],
    ['/widget-memo', { vslCd: 'ABCD', memo: 'x' }, 'wdgtId'],
    ['/handover-memo', { vslCd: 'ABCD', memo: 'a\u0000b' }, 'memo'],
    ['/widget-memo', { vslCd: 'ABCD', wdgtId: 'bad id', memo: 'x' }, 'wdgtId'],
  ])('POST %s refuses %j naming %s', async (url, body, field) => {
    const res = await post(url, OPERATOR, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(field);
  });

  it("gives the caller's widget flags", async () => {
    const list = (await ok('/widget-flag', 'vessel')).widgetFlagList as { wdgtId: string; useYn: string }[];
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((w) => w.useYn === 'Y' || w.useYn === 'N')).toBe(true);
  });
});

describe('next-dock', () => {
  const body = () => ({
    vslCd: other,
    yardNm: 'Sembcorp Tuas',
    portCd: '',
    fmDt: '2031-03-01T00:00:00Z',
    toDt: '2031-03-20T00:00:00Z',
    remark: 'Class renewal',
  });
  let portCd = '';
  beforeAll(async () => {
    portCd = (await one<{ port_cd: string }>('SELECT port_cd FROM ports ORDER BY port_cd LIMIT 1')).port_cd;
  });

  it('is null until an operator sets it, then the plan', async () => {
    await s.db.query('DELETE FROM next_docks WHERE vsl_cd = $1', [other]);
    expect(await ok(`/next-dock/${other}`)).toBeNull();
    const res = await post('/next-dock', OPERATOR, { ...body(), portCd });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().nextDock).toMatchObject({
      vslCd: other,
      yardNm: 'Sembcorp Tuas',
      portCd,
      fmDt: '2031-03-01T00:00:00.000Z',
    });
    expect(await ok(`/next-dock/${other}`, 'viewer')).toMatchObject({
      yardNm: 'Sembcorp Tuas',
      remark: 'Class renewal',
      updUsrId: OPERATOR,
    });
  });

  it('is for operators only', async () => {
    for (const as of ['agent', 'operator', 'viewer'])
      expect((await post('/next-dock', as, { ...body(), portCd })).statusCode, as).toBe(403);
    expect((await post('/next-dock', 'vessel', { ...body(), vslCd: own, portCd })).statusCode).toBe(403);
  });

  it.each([
    [{ toDt: '2031-02-01T00:00:00Z' }, 400, 'fmDt'],
    [{ fmDt: 'tomorrow' }, 400, 'fmDt'],
    [{ portCd: 'ZZZZZ' }, 400, 'portCd'],
    [{ portCd: 'zz' }, 400, 'portCd'],
    [{ yardNm: '' }, 400, 'yardNm'],
    [{ fmDt: '0000-01-01T00:00:00Z' }, 400, 'fmDt'],
    [{ remark: 'x'.repeat(1001) }, 400, 'remark'],
    [{ vslCd: 'ZZ99' }, 404, 'vslCd'],
  ])('refuses %j with %i naming %s', async (patch, status, field) => {
    const res = await post('/next-dock', OPERATOR, { ...body(), portCd, ...patch });
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toContain(field);
  });
});

describe('typhoon-storm, pic, osr, events and holidays', () => {
  it('gives storms nearest first with distance and threat', async () => {
    const fix = await s.db.query<{ lat: number; lon: number }>(
      'SELECT lat, lon FROM vessel_positions WHERE vsl_cd = $1 ORDER BY pos_dt DESC LIMIT 1',
      [own],
    );
    if (fix[0]) {
      await s.db.query(
        `INSERT INTO storms (storm_id, storm_nm, category, obs_dt, lat, lon, wind_kts, radius_nm, track)
         VALUES ('T-NEAR', 'NEARBY', 'TY', now(), $1, $2, 90, 100, '[{"dt":"2031-01-01T00:00:00Z","lat":10,"lon":120,"windKts":80}]')`,
        [fix[0].lat + 1, fix[0].lon],
      );
    }
    const t = await ok(`/typhoon-storm/${own}`, 'vessel');
    const dists = t.stormList.map((x: { distNm: number | null }) => x.distNm ?? Infinity);
    expect([...dists].sort((a, b) => a - b)).toEqual(dists);
    if (fix[0]) {
      const near = t.stormList.find((x: { stormId: string }) => x.stormId === 'T-NEAR');
      expect(near).toMatchObject({ threat: true, track: [{ lat: 10, lon: 120 }] });
      expect(near.distNm).toBeCloseTo(60, 0);
    }
  });

  it("gives the vessel's own users first, then operators following it", async () => {
    await s.call('PUT', '/api/v2/app/common/my-setting', { as: OPERATOR, body: { vslCds: [own] } });
    const p = (await ok(`/pic?vslCd=${own}`, 'viewer')).picList as { usrId: string; role: string }[];
    expect(p).toContainEqual(expect.objectContaining({ usrId: 'vessel', role: 'vessel' }));
    expect(p).toContainEqual(expect.objectContaining({ usrId: OPERATOR, role: 'operator' }));
    const roles = p.map((x) => x.role);
    expect(roles).toEqual([...roles].sort((a, b) => (a === b ? 0 : a === 'vessel' ? -1 : 1)));
    expect(p.some((x) => x.usrId === 'vessel2')).toBe(false);
  });

  it('summarises the operational status', async () => {
    const o = await ok(`/osr?vslCd=${own}`, 'vessel');
    expect(o).toMatchObject({
      vslCd: own,
      arrivedCalls: expect.any(Number),
      onTimeCalls: expect.any(Number),
    });
    expect(o.onTimeCalls).toBeLessThanOrEqual(o.arrivedCalls);
    if (o.arrivedCalls > 0) expect(o.onTimeRatio).toBeCloseTo(o.onTimeCalls / o.arrivedCalls, 2);
  });

  it("gives the vessel's events, all or of one day", async () => {
    const e = await one<{ evnt_seq: number }>(
      `INSERT INTO events (vsl_cd, evnt_tp_cd, evnt_nm, evnt_dt) VALUES ($1, 'CREW', 'Crew change', '2031-06-07T23:30:00Z') RETURNING evnt_seq`,
      [own],
    );
    const all = (await ok(`/event?vslCd=${own}`, 'vessel')).eventList as { evntSeq: number; vslCd: string }[];
    expect(all.some((x) => x.evntSeq === e.evnt_seq)).toBe(true);
    expect(all.every((x) => x.vslCd === own)).toBe(true);
    expect(
      (await ok(`/daily/event?vslCd=${own}&date=2031-06-07`, 'vessel')).eventList.map(
        (x: { evntSeq: number }) => x.evntSeq,
      ),
    ).toEqual([e.evnt_seq]);
    expect((await ok(`/daily/event?vslCd=${own}&date=2031-06-08`, 'vessel')).eventList).toEqual([]);
    for (const d of ['2031-06-31', '7 June']) {
      const res = await get(`/daily/event?vslCd=${own}&date=${encodeURIComponent(d)}`, 'vessel');
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain('date');
    }
  });

  it("gives a country's holidays of a year in date order", async () => {
    const port = await one<{ cnt_cd: string }>('SELECT cnt_cd FROM ports ORDER BY port_cd LIMIT 1');
    await s.db.query(
      `INSERT INTO holidays (cnt_cd, hol_dt, hol_nm) VALUES ($1, '2031-12-25', 'Christmas Day'), ($1, '2031-01-01', 'New Year''s Day')
       ON CONFLICT DO NOTHING`,
      [port.cnt_cd],
    );
    const h = await ok(`/daily/holiday?cntCd=${port.cnt_cd}&year=2031`, 'vessel');
    expect(h).toEqual({
      cntCd: port.cnt_cd,
      year: 2031,
      holidayList: [
        { holDt: '2031-01-01', holNm: "New Year's Day" },
        { holDt: '2031-12-25', holNm: 'Christmas Day' },
      ],
    });
    expect((await ok(`/daily/holiday?cntCd=${port.cnt_cd}`, 'viewer')).year).toBe(
      new Date().getUTCFullYear(),
    );
  });

  it.each([
    ['cntCd=QQ', 404, 'cntCd'],
    ['cntCd=sg', 400, 'cntCd'],
    ['', 400, 'cntCd'],
    ['cntCd=SG&year=1800', 400, 'year'],
    ['cntCd=SG&year=twenty', 400, 'year'],
  ])('refuses daily/holiday?%s with %i naming %s', async (q, status, field) => {
    const res = await get(`/daily/holiday?${q}`, 'staff');
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toContain(field);
  });
});

describe('OpenAPI', () => {
  it('documents every vessel route with a summary', async () => {
    const doc = (await s.call('GET', '/api/docs/openapi.json')).json() as {
      paths: Record<string, Record<string, { summary?: string }>>;
    };
    const paths = Object.keys(doc.paths).filter(
      (p) => p.startsWith('/api/v2/app/vessel') || p.startsWith('/api/v2/app/common'),
    );
    expect(paths.length).toBeGreaterThanOrEqual(35);
    for (const p of paths)
      for (const op of Object.values(doc.paths[p] ?? {})) expect(op.summary, p).toBeTruthy();
  });
});
