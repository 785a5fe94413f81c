// The feeds' state (integration.md#the-state-of-the-feeds): what the leading instance saves of each schedule source
// and AIS feed, answered to staff only, and shown in /healthz's details.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFeedStates, saveFeedState, type FeedState } from '../server/instance/feed-state.ts';
import { startTestServer, type TestServer } from './helpers/server.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

const FEEDS = '/api/v2/app/admin/feeds';

const failing: FeedState = {
  kind: 'schedule',
  source: 'https://carrier.example/v3/service-schedules',
  lastSuccessAt: '2026-11-27T08:00:00.000Z',
  lastErrorAt: '2026-11-27T09:00:00.000Z',
  lastError: `HTTP 503 from the provider: ${'x'.repeat(2000)}`,
  nextTryAt: '2026-11-27T09:04:00.000Z',
  counters: { pages: 3, calls: 120, changes: 4 },
};

describe('the feeds’ state', () => {
  it('says nothing of feeds in /healthz while there are none', async () => {
    expect((await s.app.inject('/healthz')).json()).toEqual({ status: 'ok' });
  });

  it('keeps the last state of each feed, its error cut short', async () => {
    await saveFeedState(s.db, failing);
    await saveFeedState(s.db, { ...failing, counters: { pages: 4, calls: 121, changes: 4 } });
    await saveFeedState(s.db, {
      kind: 'ais',
      source: '127.0.0.1:5631',
      lastSuccessAt: '2026-11-27T09:01:00.000Z',
      lastErrorAt: null,
      lastError: null,
      nextTryAt: null,
      counters: { sentences: 5000, bad: 3 },
    });
    const feeds = await readFeedStates(s.db);
    expect(feeds.map((f) => [f.kind, f.source, f.counters])).toEqual([
      ['schedule', failing.source, { pages: 4, calls: 121, changes: 4 }],
      ['ais', '127.0.0.1:5631', { sentences: 5000, bad: 3 }],
    ]);
    expect(feeds[0]?.lastError).toHaveLength(500);
    expect(feeds[0]?.nextTryAt).toBe(failing.nextTryAt);
  });

  it('answers them to staff, and refuses every other user', async () => {
    const res = await s.call('GET', FEEDS, { as: 'staff' });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ feeds: FeedState[] }>().feeds.map((f) => f.source)).toEqual([
      failing.source,
      '127.0.0.1:5631',
    ]);
    for (const as of ['agent', 'vessel', 'operator', 'viewer'])
      expect((await s.call('GET', FEEDS, { as })).statusCode, as).toBe(403);
    expect((await s.call('GET', FEEDS)).statusCode).toBe(401);
  });

  it('shows them in /healthz’s details, the instance still ready', async () => {
    const res = await s.app.inject('/healthz');
    expect(res.statusCode).toBe(200);
    const body = res.json<{ status: string; feeds: FeedState[] }>();
    expect(body.status).toBe('ok');
    expect(body.feeds.map((f) => [f.kind, f.lastSuccessAt])).toEqual([
      ['schedule', failing.lastSuccessAt],
      ['ais', '2026-11-27T09:01:00.000Z'],
    ]);
  });
});
