// POST /api/v2/app/common/analytics on the real server: stored with the caller's usrId, idempotent with a key, and
// bad bodies (no events, too many, unknown name, extra field, too long) or no token refused with a clear message
// and nothing stored. The dev API lists what was collected; both are in the OpenAPI.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANALYTICS_PATH, type AnalyticsRecord } from '../src/core/contract/analytics.ts';
import { startTestServer, type TestServer } from './helpers/server.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

const at = '2026-01-10T08:00:00.000Z';
const pageView = (path = '/home') => ({ name: 'page_view', at, path });
const userMove = (path = '/home') => ({
  name: 'user_move',
  at,
  path,
  extUsrId: 'E-1',
  usrRoleCd: 'AGT00',
  usrPortCd: 'SGSIN',
  usrVslCd: '',
  usrTpCd: '3',
});

const events = async (usrId: string) =>
  (await s.call('GET', `/api/dev/analytics?usrId=${usrId}`)).json<AnalyticsRecord[]>();

describe('POST /api/v2/app/common/analytics', () => {
  it("stores a batch in order with the caller's usrId and answers the count", async () => {
    const res = await s.call('POST', ANALYTICS_PATH, {
      as: 'agent',
      body: { events: [pageView('/port/SGSIN'), userMove('/port/SGSIN')] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, msg: 'Saved', count: 2 });
    const stored = await events('agent');
    expect(stored.map((e) => [e.usrId, e.name, e.path, e.at])).toEqual([
      ['agent', 'page_view', '/port/SGSIN', at],
      ['agent', 'user_move', '/port/SGSIN', at],
    ]);
    expect(stored[0]?.props).toEqual({});
    expect(stored[1]?.props).toEqual({
      extUsrId: 'E-1',
      usrRoleCd: 'AGT00',
      usrPortCd: 'SGSIN',
      usrVslCd: '',
      usrTpCd: '3',
    });
    expect(stored[0]?.seq).toBeLessThan(stored[1]?.seq ?? 0);
    expect(Date.parse(stored[0]?.receivedAt ?? '')).toBeGreaterThan(0);
  });

  it('takes 50 events, and stores a repeated batch (same Idempotency-Key) once', async () => {
    const body = { events: Array.from({ length: 50 }, (_, i) => pageView(`/v/${i}`)) };
    const headers = { 'idempotency-key': 'analytics:test:1' };
    const first = await s.call('POST', ANALYTICS_PATH, { as: 'operator', body, headers });
    expect(first.json()).toMatchObject({ success: true, count: 50 });
    const again = await s.call('POST', ANALYTICS_PATH, { as: 'operator', body, headers });
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await events('operator')).toHaveLength(50);
  });

  it.each([
    ['no events', { events: [] }, 'body.events'],
    ['51 events', { events: Array.from({ length: 51 }, () => pageView()) }, 'body.events'],
    ['no events list', {}, 'body.events is required'],
    ['an unknown name', { events: [{ ...pageView(), name: 'click' }] }, 'body.events.0.name'],
    [
      'an extra field',
      { events: [{ ...pageView(), usrId: 'vessel' }] },
      'body.events.0.usrId is not allowed',
    ],
    ['an extra top-level field', { events: [pageView()], usrId: 'vessel' }, 'body.usrId is not allowed'],
    ['a path too long', { events: [pageView(`/${'x'.repeat(2000)}`)] }, 'body.events.0.path'],
    ['an empty path', { events: [pageView('')] }, 'body.events.0.path'],
    [
      'a field too long',
      { events: [{ ...userMove(), extUsrId: 'x'.repeat(101) }] },
      'body.events.0.extUsrId',
    ],
    ['a bad time', { events: [{ ...pageView(), at: 'yesterday' }] }, 'body.events.0.at'],
    ['no time', { events: [{ name: 'page_view', path: '/' }] }, 'body.events.0.at is required'],
  ])('refuses %s with 400 and stores nothing', async (_what, body, message) => {
    const res = await s.call('POST', ANALYTICS_PATH, { as: 'viewer', body });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ name: 'ValidationError' });
    expect(res.json().message).toContain(message);
    expect(await events('viewer')).toEqual([]);
  });

  it('refuses a call without a token (401) or with a bad one, and stores nothing', async () => {
    const res = await s.call('POST', ANALYTICS_PATH, { body: { events: [pageView()] } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ name: 'AuthenticationError' });
    const bad = await s.call('POST', ANALYTICS_PATH, { token: 'nope', body: { events: [pageView()] } });
    expect(bad.statusCode).toBe(401);
    const all = await s.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM analytics_event WHERE usr_id NOT IN ('agent', 'operator')`,
    );
    expect(all[0]?.n).toBe(0);
  });
});

describe('dev API and OpenAPI', () => {
  it('GET /api/dev/analytics needs a usrId and lists oldest first', async () => {
    expect((await s.call('GET', '/api/dev/analytics')).statusCode).toBe(400);
    await s.call('POST', ANALYTICS_PATH, { as: 'staff', body: { events: [pageView('/1')] } });
    await s.call('POST', ANALYTICS_PATH, { as: 'staff', body: { events: [pageView('/2'), pageView('/3')] } });
    expect((await events('staff')).map((e) => e.path)).toEqual(['/1', '/2', '/3']);
  });

  it('documents the route and the dev listing', async () => {
    const doc = (await s.call('GET', '/api/docs/openapi.json')).json() as {
      paths: Record<string, Record<string, { summary?: string; security?: unknown[] }>>;
    };
    expect(doc.paths[ANALYTICS_PATH]?.post?.summary).toBeTruthy();
    expect(doc.paths[ANALYTICS_PATH]?.post?.security).toEqual([{ token: [] }]);
    expect(doc.paths['/api/dev/analytics']?.get?.summary).toBeTruthy();
  });
});
