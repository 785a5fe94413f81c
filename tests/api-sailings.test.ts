// Port to port on the real server (product.md#port-to-port, product.md#who-may-do-what): GET /port/sailings against the database's own
// calls, its refusals in plain words, who may ask, and GET /port/schedules, the compact set the device searches at sea.
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sailings, ScheduleSet } from '../src/core/contract/sailings.ts';
import { findSailings } from '../src/core/sailings.ts';
import { startTestServer, type TestServer } from './helpers/server.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

const SAILINGS = '/api/v2/app/port/sailings';
const SCHEDULES = '/api/v2/app/port/schedules';
const DAY = 86_400_000;

async function ok<T>(url: string, as = 'staff'): Promise<T> {
  const res = await s.call('GET', url, { as });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
}

/** Two ports some voyage calls at in that order, the first within the next 4 weeks, from the database. */
async function aPair(): Promise<{ from: string; to: string }> {
  const rows = await s.db.query<{ a: string; b: string }>(
    `SELECT x.port_cd AS a, y.port_cd AS b FROM port_calls x
       JOIN port_calls y ON y.vsl_cd = x.vsl_cd AND y.skd_voy_no = x.skd_voy_no AND y.skd_dir_cd = x.skd_dir_cd
        AND y.call_seq > x.call_seq AND y.skip_yn = 'N' AND y.port_cd <> x.port_cd
      WHERE x.atd IS NULL AND x.skip_yn = 'N' AND x.etd > now() + interval '2 hours'
        AND x.etd < now() + interval '27 days'
      ORDER BY x.etd LIMIT 1`,
  );
  const r = rows[0];
  if (!r) throw new Error('the seed has no voyage ahead');
  return { from: r.a, to: r.b };
}

describe('GET /port/sailings', () => {
  it('lists every voyage that leaves the first port in the window and calls at the second later, by departure', async () => {
    const { from, to } = await aPair();
    const answer = await ok<Sailings>(`${SAILINGS}?fromPortCd=${from}&toPortCd=${to}`);
    expect(answer).toMatchObject({ fromPortCd: from, toPortCd: to });
    expect(Date.parse(answer.to) - Date.parse(answer.from)).toBe(28 * DAY);
    // The database's own voyages that do so (each vessel's voyage once).
    const expected = await s.db.query<{ vsl_cd: string; etd: Date; eta: Date }>(
      `SELECT DISTINCT ON (x.vsl_cd, x.skd_voy_no, x.skd_dir_cd) x.vsl_cd, x.etd, coalesce(y.ata, y.eta) AS eta
         FROM port_calls x JOIN port_calls y ON y.vsl_cd = x.vsl_cd AND y.skd_voy_no = x.skd_voy_no
          AND y.skd_dir_cd = x.skd_dir_cd AND y.call_seq > x.call_seq AND y.port_cd = $2 AND y.skip_yn = 'N'
        WHERE x.port_cd = $1 AND x.atd IS NULL AND x.skip_yn = 'N' AND x.etd >= $3 AND x.etd < $4
        ORDER BY x.vsl_cd, x.skd_voy_no, x.skd_dir_cd, x.call_seq, y.call_seq`,
      [from, to, new Date(answer.from), new Date(answer.to)],
    );
    expect(answer.sailings.map((x) => x.vslCd).sort()).toEqual(expected.map((e) => e.vsl_cd).sort());
    expect(answer.sailings.length).toBeGreaterThan(0);
    for (const x of answer.sailings) {
      const e = expected.find((r) => r.vsl_cd === x.vslCd);
      expect(Date.parse(x.etd)).toBe(e?.etd.getTime());
      expect(Date.parse(x.eta)).toBe(e?.eta.getTime());
      expect(x.transitDays).toBeCloseTo((Date.parse(x.eta) - Date.parse(x.etd)) / DAY, 1);
      expect(x.voyNo).toMatch(/^\d{4}[EWNS]$/);
      expect(x.crrBgColrVal).toMatch(/^#/);
    }
    const etds = answer.sailings.map((x) => x.etd);
    expect(etds).toEqual([...etds].sort());
    // The other way round is another search: the same voyages do not call there in that order.
    const back = await ok<Sailings>(`${SAILINGS}?fromPortCd=${to}&toPortCd=${from}`);
    for (const x of back.sailings)
      expect(answer.sailings.some((y) => y.vslCd === x.vslCd && y.voyNo === x.voyNo)).toBe(false);
  });

  it('looks as many weeks ahead as asked', async () => {
    const { from, to } = await aPair();
    const one = await ok<Sailings>(`${SAILINGS}?fromPortCd=${from}&toPortCd=${to}&weeks=1`);
    const eight = await ok<Sailings>(`${SAILINGS}?fromPortCd=${from}&toPortCd=${to}&weeks=8`);
    expect(Date.parse(one.to) - Date.parse(one.from)).toBe(7 * DAY);
    for (const x of one.sailings) expect(Date.parse(x.etd)).toBeLessThan(Date.parse(one.to));
    expect(eight.sailings.length).toBeGreaterThanOrEqual(one.sailings.length);
  });

  it('refuses in plain words: the same port twice, an unknown port, a bad code or week count, no token', async () => {
    const same = await s.call('GET', `${SAILINGS}?fromPortCd=SGSIN&toPortCd=SGSIN`, { as: 'staff' });
    expect(same.statusCode).toBe(400);
    expect(same.json().message).toBe('Pick two different ports: from and to are the same.');
    const unknown = await s.call('GET', `${SAILINGS}?fromPortCd=SGSIN&toPortCd=ZZQQQ`, { as: 'staff' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toContain('ZZQQQ');
    for (const q of [
      'fromPortCd=sgsin&toPortCd=NLRTM',
      'fromPortCd=SGSIN',
      'fromPortCd=SGSIN&toPortCd=NLRTM&weeks=9',
    ])
      expect((await s.call('GET', `${SAILINGS}?${q}`, { as: 'staff' })).statusCode, q).toBe(400);
    expect((await s.call('GET', `${SAILINGS}?fromPortCd=SGSIN&toPortCd=NLRTM`)).statusCode).toBe(401);
    expect((await s.call('GET', SCHEDULES)).statusCode).toBe(401);
  });

  it('answers every user type who may see schedules, vessel users and types 5 and 6 included (product.md#who-may-do-what)', async () => {
    const { from, to } = await aPair();
    const staff = await ok<Sailings>(`${SAILINGS}?fromPortCd=${from}&toPortCd=${to}`);
    for (const who of ['vessel', 'agent', 'operator', 'viewer'])
      expect((await ok<Sailings>(`${SAILINGS}?fromPortCd=${from}&toPortCd=${to}`, who)).sailings).toEqual(
        staff.sailings,
      );
  });
});

describe('the OpenAPI document', () => {
  it('lists both calls with their query and answer', async () => {
    const doc = (await s.call('GET', '/api/docs/openapi.json')).json<{
      paths: Record<
        string,
        { get?: { parameters?: { name: string }[]; responses: Record<string, unknown> } }
      >;
    }>();
    const search = doc.paths[SAILINGS]?.get;
    expect(search?.parameters?.map((p) => p.name).sort()).toEqual(['fromPortCd', 'toPortCd', 'weeks']);
    expect(JSON.stringify(search?.responses['200'])).toContain('transitDays');
    expect(JSON.stringify(doc.paths[SCHEDULES]?.get?.responses['200'])).toContain('voyages');
  });
});

describe('GET /port/schedules', () => {
  it('is every voyage ahead, compact, and the device finds in it what the server answers', async () => {
    const set = await ok<ScheduleSet>(SCHEDULES, 'viewer');
    const voyages = set.services.flatMap((x) => x.voyages);
    const [{ n }] = (await s.db.query<{ n: number }>(
      `SELECT count(DISTINCT (vsl_cd, skd_voy_no, skd_dir_cd))::int AS n FROM port_calls
        WHERE atd IS NULL AND skip_yn = 'N' AND etd >= $1`,
      [new Date(set.base)],
    )) as [{ n: number }];
    expect(voyages.length).toBe(n);
    for (const v of voyages)
      for (const [i, c] of v.calls.entries()) {
        expect(c[2]).toBeGreaterThanOrEqual(c[1]);
        if (i > 0) expect(c[1]).toBeGreaterThanOrEqual((v.calls[i - 1] as [string, number, number])[2]);
      }
    const { from, to } = await aPair();
    const server = await ok<Sailings>(`${SAILINGS}?fromPortCd=${from}&toPortCd=${to}`);
    expect(findSailings(set, from, to, Date.parse(server.from), 4)).toEqual(server.sailings);
    const body = JSON.stringify(set);
    console.log(
      `schedule set: ${voyages.length} voyages, ${body.length} B JSON, ${brotliCompressSync(body).length} B brotli`,
    );
    expect(brotliCompressSync(body).length).toBeLessThan(12_000);
  });
});
