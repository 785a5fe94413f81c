// /api/v2/app/port/live, /port/status and /service/rotation on the real server: seeded data, bad and unknown codes,
// no token, ETag and 304, and the role rule (a vessel user sees other vessels as public schedule facts only).
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortCall, PortLive, PortStatus } from '../src/core/contract/port.ts';
import type { ServiceRotation } from '../src/core/contract/service.ts';
import { startTestServer, type TestServer } from './helpers/server.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

const A = '/api/v2/app';
const LIVE = `${A}/port/live`;
const STATUS = `${A}/port/status`;
const ROTATION = `${A}/service/rotation`;
const HOUR = 3_600_000;

async function ok<T>(url: string, as = 'agent'): Promise<T> {
  const res = await s.call('GET', url, { as });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
}
const ms = (iso: string | null) => (iso ? Date.parse(iso) : NaN);

describe('GET /port/live', () => {
  it("lists the agent's first port's calls from the seeded schedule: expected, alongside and departed", async () => {
    const live = await ok<PortLive>(`${LIVE}?portCd=SGSIN`);
    expect(live.port).toMatchObject({
      portCd: 'SGSIN',
      portNm: 'Singapore',
      cntCd: 'SG',
      tz: 'Asia/Singapore',
    });
    const calls = [...live.expected, ...live.alongside, ...live.departed];
    expect(calls.length).toBeGreaterThan(3);
    // The same calls the database has at SGSIN in the window, vessel names included.
    const names = await s.db.query<{ vsl_nm: string }>(
      `SELECT DISTINCT v.vsl_nm FROM port_calls c JOIN vessels v USING (vsl_cd)
        WHERE c.port_cd = 'SGSIN' AND c.ata IS NOT NULL AND c.atd IS NULL`,
    );
    expect(live.alongside.map((c) => c.vslNm).sort()).toEqual(names.map((n) => n.vsl_nm).sort());
    const now = Date.now();
    for (const c of live.expected) {
      expect(c.ata).toBeNull();
      expect(ms(c.eta)).toBeLessThan(now + 7 * 24 * HOUR + HOUR);
    }
    for (const c of live.alongside) {
      expect(c.ata).not.toBeNull();
      expect(c.atd).toBeNull();
      expect(typeof c.delayHrs).toBe('number');
    }
    for (const c of live.departed) expect(ms(c.atd)).toBeGreaterThan(now - 49 * HOUR);
    const sorted = (list: PortCall[], key: (c: PortCall) => number) =>
      list.every((c, i) => i === 0 || key(list[i - 1] as PortCall) <= key(c));
    expect(sorted(live.expected, (c) => ms(c.eta))).toBe(true);
    expect(sorted(live.departed, (c) => -ms(c.atd))).toBe(true);
    const one = calls[0] as PortCall;
    expect(one.vslCd).toMatch(/^[A-Z0-9]{4}$/);
    expect(one.crrBgColrVal).toMatch(/^#/);
    expect(one.skdVoyNo).toMatch(/^\d{4}$/);
    expect(one.ydNm).toMatch(/\S/);
  });

  it('answers 400 for a malformed port code, 404 for an unknown one, 401 without a token', async () => {
    for (const bad of ['sgsin', 'SG', 'SGSIN1', '', '12345']) {
      const res = await s.call('GET', `${LIVE}?portCd=${bad}`, { as: 'agent' });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().name).toBe('ValidationError');
    }
    expect((await s.call('GET', LIVE, { as: 'agent' })).statusCode).toBe(400);
    const unknown = await s.call('GET', `${LIVE}?portCd=ZZQQQ`, { as: 'agent' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toContain('ZZQQQ');
    const anon = await s.call('GET', `${LIVE}?portCd=SGSIN`);
    expect(anon.statusCode).toBe(401);
  });

  it('answers If-None-Match with 304 while nothing changed, and 200 once a call moves', async () => {
    const first = await s.call('GET', `${LIVE}?portCd=SGSIN`, { as: 'agent' });
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await s.call('GET', `${LIVE}?portCd=SGSIN`, {
      as: 'agent',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    const live = first.json<PortLive>();
    const moved = live.expected[0] ?? live.alongside[0];
    if (!moved) throw new Error('SGSIN has no call to move');
    await s.db.query(
      `UPDATE port_calls SET etd = etd + interval '1 hour' WHERE vsl_cd = $1 AND skd_voy_no = $2 AND call_seq = $3`,
      [moved.vslCd, moved.skdVoyNo, moved.callSeq],
    );
    const after = await s.call('GET', `${LIVE}?portCd=SGSIN`, {
      as: 'agent',
      headers: { 'if-none-match': etag },
    });
    expect(after.statusCode).toBe(200);
  });

  it("carries the port's current status (open or restricted, since when, why), and a new status is a new answer", async () => {
    const live = await ok<PortLive>(`${LIVE}?portCd=NLRTM`, 'viewer');
    const st = await ok<PortStatus>(`${STATUS}?portCd=NLRTM`, 'viewer');
    expect(live.status).toEqual(st.current);
    expect(live.status).toMatchObject({ stsNm: 'Restricted', stsReasNm: 'Strong wind' });
    const first = await s.call('GET', `${LIVE}?portCd=NLRTM`, { as: 'agent' });
    const [kept] = await s.db.query<{ sts_nm: string; sts_reas_nm: string }>(
      'SELECT sts_nm, sts_reas_nm FROM port_status WHERE port_cd = $1',
      ['NLRTM'],
    );
    await s.db.query(`UPDATE port_status SET sts_nm = 'Open', sts_reas_nm = '' WHERE port_cd = 'NLRTM'`);
    try {
      const after = await s.call('GET', `${LIVE}?portCd=NLRTM`, {
        as: 'agent',
        headers: { 'if-none-match': first.headers.etag as string },
      });
      expect(after.statusCode).toBe(200);
      expect(after.json<PortLive>().status).toMatchObject({ stsNm: 'Open', stsReasNm: '' });
      await s.db.query('DELETE FROM port_status WHERE port_cd = $1', ['NLRTM']);
      expect((await ok<PortLive>(`${LIVE}?portCd=NLRTM`)).status).toBeNull();
    } finally {
      await s.db.query(
        `INSERT INTO port_status (port_cd, sts_nm, sts_frm_dt, sts_reas_nm) VALUES ('NLRTM', $1, $2, $3)
         ON CONFLICT (port_cd) DO UPDATE SET sts_nm = $1, sts_frm_dt = $2, sts_reas_nm = $3`,
        [kept?.sts_nm, st.current?.stsFrmDt, kept?.sts_reas_nm],
      );
    }
  });
});

describe('GET /port/status', () => {
  it("gives a restricted port's status, since when and why, with its changes newest first", async () => {
    const st = await ok<PortStatus>(`${STATUS}?portCd=NLRTM`, 'operator');
    expect(st.port.portNm).toBe('Rotterdam');
    expect(st.current).toMatchObject({ stsNm: 'Restricted', stsReasNm: 'Strong wind' });
    expect(st.history[0]).toEqual(st.current);
    expect(st.history.length).toBeGreaterThanOrEqual(2);
    for (let i = 1; i < st.history.length; i++)
      expect(ms(st.history[i - 1]?.stsFrmDt ?? null)).toBeGreaterThanOrEqual(
        ms(st.history[i]?.stsFrmDt ?? null),
      );
  });

  it('answers 400, 404, 401 and 304 like the live page', async () => {
    expect((await s.call('GET', `${STATUS}?portCd=nl-rt`, { as: 'agent' })).statusCode).toBe(400);
    expect((await s.call('GET', `${STATUS}?portCd=QQZZZ`, { as: 'agent' })).statusCode).toBe(404);
    expect((await s.call('GET', `${STATUS}?portCd=NLRTM`)).statusCode).toBe(401);
    const first = await s.call('GET', `${STATUS}?portCd=NLRTM`, { as: 'agent' });
    const again = await s.call('GET', `${STATUS}?portCd=NLRTM`, {
      as: 'agent',
      headers: { 'if-none-match': first.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
  });
});

describe('GET /service/rotation', () => {
  it("gives a lane's rotation in order and its vessels with their next call", async () => {
    const svc = await ok<ServiceRotation>(`${ROTATION}?laneCd=AEX`, 'operator');
    expect(svc).toMatchObject({ laneCd: 'AEX', laneNm: 'Asia-North Europe Express' });
    expect(svc.rotation.map((p) => p.portCd)).toEqual([
      'CNTAO',
      'CNSHA',
      'CNNGB',
      'CNYTN',
      'SGSIN',
      'NLRTM',
      'DEHAM',
      'GBFXT',
      'SGSIN',
    ]);
    expect(svc.rotation.map((p) => p.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const names = svc.vessels.map((v) => v.vslNm);
    expect(names).toContain('QUAY HORIZON');
    expect(names).toContain('QUAY MERIDIAN');
    for (const v of svc.vessels) {
      expect(v.nextCall?.portCd).toMatch(/^[A-Z]{5}$/);
      expect(v.motion).not.toBeNull();
    }
  });

  it('answers 400, 404, 401 and 304', async () => {
    expect((await s.call('GET', `${ROTATION}?laneCd=a-x`, { as: 'agent' })).statusCode).toBe(400);
    expect((await s.call('GET', `${ROTATION}?laneCd=ZZZZ`, { as: 'agent' })).statusCode).toBe(404);
    expect((await s.call('GET', `${ROTATION}?laneCd=AEX`)).statusCode).toBe(401);
    const first = await s.call('GET', `${ROTATION}?laneCd=AEX`, { as: 'agent' });
    const again = await s.call('GET', `${ROTATION}?laneCd=AEX`, {
      as: 'agent',
      headers: { 'if-none-match': first.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
  });
});

describe('role rule: a vessel user sees other vessels as public schedule facts only', () => {
  it('service: its own vessel with its AIS state, the others without', async () => {
    const own = 'AHDS'; // vessel2's vessel
    const lane = (
      await s.db.query<{ lane_cd: string }>('SELECT lane_cd FROM vessels WHERE vsl_cd = $1', [own])
    )[0]?.lane_cd;
    const svc = await ok<ServiceRotation>(`${ROTATION}?laneCd=${lane}`, 'vessel2');
    const mine = svc.vessels.find((v) => v.vslCd === own);
    const others = svc.vessels.filter((v) => v.vslCd !== own);
    expect(mine?.motion).not.toBeNull();
    expect(others.length).toBeGreaterThan(0);
    for (const v of others) {
      expect(v.motion).toBeNull();
      expect(v.nextCall?.eta).toBeTruthy(); // schedule facts stay
    }
    // An operator sees everyone's.
    const op = await ok<ServiceRotation>(`${ROTATION}?laneCd=${lane}`, 'operator');
    expect(op.vessels.every((v) => v.motion !== null)).toBe(true);
  });

  it("port live: other vessels' calls keep their schedule but lose their AIS state", async () => {
    const asAgent = await ok<PortLive>(`${LIVE}?portCd=SGSIN`, 'agent');
    const asVessel = await ok<PortLive>(`${LIVE}?portCd=SGSIN`, 'vessel');
    const all = (l: PortLive) => [...l.expected, ...l.alongside, ...l.departed];
    expect(all(asVessel).map((c) => [c.vslCd, c.eta])).toEqual(all(asAgent).map((c) => [c.vslCd, c.eta]));
    expect(all(asAgent).some((c) => c.motion !== null)).toBe(true);
    for (const c of all(asVessel)) if (c.vslCd !== 'QHZN') expect(c.motion).toBeNull();
  });
});

describe('contract', () => {
  it('publishes the three calls in the OpenAPI document with the role rule in their summaries', async () => {
    const doc = (await s.app.inject('/api/docs/openapi.json')).json<{
      paths: Record<string, { get?: { summary?: string } }>;
    }>();
    for (const path of ['/port/live', '/port/status', '/service/rotation']) {
      const key = Object.keys(doc.paths).find((p) => p.endsWith(path));
      expect(key, path).toBeDefined();
      expect(doc.paths[key as string]?.get?.summary).toContain('Any signed-on user');
    }
    expect(
      doc.paths[Object.keys(doc.paths).find((p) => p.endsWith('/port/live')) as string]?.get?.summary,
    ).toContain('a vessel user (type 4)');
  });
});

describe('sizes', () => {
  it('prints the gzip size of each answer for the busiest port', async () => {
    const busiest = (
      await s.db.query<{ port_cd: string }>(
        `SELECT port_cd FROM port_calls WHERE eta > now() - interval '3 days' AND eta < now() + interval '7 days'
          GROUP BY port_cd ORDER BY count(*) DESC, port_cd LIMIT 1`,
      )
    )[0]?.port_cd;
    const sizes: Record<string, string> = {};
    for (const url of [
      `${LIVE}?portCd=${busiest}`,
      `${STATUS}?portCd=${busiest}`,
      `${ROTATION}?laneCd=AEX`,
    ]) {
      const res = await s.call('GET', url, { as: 'operator' });
      expect(res.statusCode).toBe(200);
      sizes[url] = `${res.body.length} B raw, ${gzipSync(res.body).length} B gzip`;
    }
    console.info('answer sizes', sizes);
  });
});
