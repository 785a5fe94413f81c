// GET /vessel/past-calls and the port's time zone on the voyage's calls (product.md#past-calls), on the real server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/server.ts';
import type { CascadeResponse, PastCallsResponse } from '../src/core/contract/vessel.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

const V = '/api/v2/app/vessel';
const get = async <T>(url: string, as = 'staff'): Promise<T> => {
  const res = await s.call('GET', `${V}${url}`, { as });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('past calls', () => {
  it('gives the newest calls left before the current voyage, newest first, at most 10', async () => {
    const voyage = await get<CascadeResponse>('/cascade?vslCd=QHZN');
    const past = await get<PastCallsResponse>('/past-calls?vslCd=QHZN');
    expect(past.vslCd).toBe('QHZN');
    expect(past.calls.length).toBeGreaterThan(0);
    expect(past.calls.length).toBeLessThanOrEqual(10);
    for (const c of past.calls) {
      expect(`${c.skdVoyNo}${c.skdDirCd}`).not.toBe(`${voyage.skdVoyNo ?? ''}${voyage.skdDirCd ?? ''}`);
      expect(c.tz).toMatch(/^[A-Za-z_]+\/[A-Za-z_/]+$/);
    }
    const left = past.calls.map((c) => Date.parse(c.atd));
    expect(left).toEqual([...left].sort((a, b) => b - a));
  });

  it('keeps to the newest 10 when the vessel left more', async () => {
    const voyage = await get<CascadeResponse>('/cascade?vslCd=QHZN');
    const rows = await s.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM port_calls WHERE vsl_cd = 'QHZN' AND atd IS NOT NULL AND skip_yn = 'N'
          AND NOT (skd_voy_no = $1 AND skd_dir_cd = $2)`,
      [voyage.skdVoyNo, voyage.skdDirCd],
    );
    const past = await get<PastCallsResponse>('/past-calls?vslCd=QHZN');
    expect(past.calls.length).toBe(Math.min(10, rows[0]?.n ?? 0));
  });

  it('follows the vessel reads: a vessel user only its own vessel, bad codes 400 and 404', async () => {
    expect((await s.call('GET', `${V}/past-calls?vslCd=OJAD`, { as: 'vessel' })).statusCode).toBe(403);
    expect((await s.call('GET', `${V}/past-calls?vslCd=ZZZZ`, { as: 'staff' })).statusCode).toBe(404);
    const bad = await s.call('GET', `${V}/past-calls?vslCd=a;b`, { as: 'staff' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('vslCd');
  });
});

describe('the voyage carries each port time zone', () => {
  it('names the IANA zone of every call', async () => {
    const voyage = await get<CascadeResponse>('/cascade?vslCd=QHZN');
    expect(voyage.calls.length).toBeGreaterThan(0);
    const rotterdam = voyage.calls.find((c) => c.portCd === 'NLRTM');
    for (const c of voyage.calls) expect(c.tz).toBeTruthy();
    if (rotterdam) expect(rotterdam.tz).toBe('Europe/Amsterdam');
  });
});
