// Application history through the outbox and analytics to a configurable sink (product.md#the-calls), against the real server in
// process: nothing from local hosts, a visit made at sea reaches the server once, repeats coalesce, page views are
// not "changes waiting"; analytics off sends nothing, on sends batches with the user fields, a failed flush keeps
// them and backs off, a lost answer counts once.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { QuayDb } from '../src/device/db.ts';
import { ANALYTICS_PATH, type AnalyticsRecord } from '../src/core/contract/analytics.ts';
import type { ApiClient } from '../src/device/net/api-client.ts';
import { isLocalHost } from '../src/device/net/local-host.ts';
import { coalesce, drain, pendingCount, type DrainOptions } from '../src/device/outbox/drain.ts';
import { memoryLocks } from '../src/device/locks.ts';
import type { OutboxFailure, OutboxRow } from '../src/device/outbox/types.ts';
import { HISTORY_PATH, MAX_WAITING_VISITS, type Commands } from '../worker/commands/commands.ts';
import {
  createAnalytics,
  createRouteChanged,
  FLUSH_BACKOFF,
  FLUSH_EVERY_MS,
  MAX_BUFFERED,
  visitEvents,
  type Analytics,
  type AnalyticsDeps,
  type RouteVisit,
} from '../worker/analytics.ts';
import { openDevice } from './helpers/device.ts';
import { signOnHttp, type Via } from './helpers/http-session.ts';
import { startTestServer, type TestServer } from './helpers/server.ts';
import { isPush, pushedCalls } from './helpers/push-wire.ts';
import { SYNC_PUSH_PATH } from '../src/core/contract/sync.ts';

let s: TestServer;

/** The link, and every request that went over it (method and path). */
const net = {
  offline: false,
  requests: [] as { method: string; path: string }[],
  dropAnswer: null as ((path: string) => boolean) | null,
  replayed: 0,
};

/** The link between the client and the server: down when offline; loses an answer when dropAnswer says so. */
const link: Via = async ({ target, init }, send) => {
  if (net.offline) throw new TypeError('fetch failed');
  net.requests.push({ method: init?.method ?? 'GET', path: target.pathname });
  const res = await send();
  if (res.headers.get('idempotent-replayed') === 'true') net.replayed += 1;
  // A push carries the outbox's calls: each is noted as the call it stands for.
  const carried = isPush(target.pathname) ? await pushedCalls(init, res) : [];
  for (const c of carried) net.requests.push({ method: c.method, path: c.path });
  net.replayed += carried.filter((c) => c.outcome === 'replayed').length;
  if (net.dropAnswer && [target.pathname, ...carried.map((c) => c.path)].some((p) => net.dropAnswer?.(p))) {
    net.dropAnswer = null;
    await res.text();
    throw new TypeError('fetch failed');
  }
  return res;
};

const sent = (path: string) => net.requests.filter((r) => r.path === path);

beforeAll(async () => {
  s = await startTestServer();
  const sid = await signOnHttp(await s.listen(), 'vessel', { via: link });
  expect(sid).not.toBe('');
});
afterAll(() => s.close());

let db: QuayDb;
let client: ApiClient;
let cmd: Commands;
let failures: OutboxFailure[];
let drains: number;
let syncRegistrations: number;
const locks = memoryLocks();
const opts = (extra: Partial<DrainOptions> = {}): DrainOptions => ({
  locks,
  backoff: { baseMs: 0, maxMs: 0 },
  onPermanentFailure: (f) => failures.push(f),
  ...extra,
});

beforeEach(async () => {
  Object.assign(net, { offline: false, requests: [], dropAnswer: null, replayed: 0 });
  failures = [];
  drains = 0;
  syncRegistrations = 0;
  await s.call('DELETE', '/api/dev/faults');
  ({ db, client, cmd } = await openDevice(s, 'vessel', {
    triggerDrain: () => {
      drains += 1;
    },
    registerSync: async () => {
      syncRegistrations += 1;
    },
  }));
});

interface HistoryRow {
  url_val: string;
  app_tp_cd: string;
  http_meth_tp_cd: string;
  prmt_val: string;
}
/** The vessel user's application history on the server, oldest first. */
const serverHistory = () =>
  s.db.query<HistoryRow>(
    `SELECT url_val, app_tp_cd, http_meth_tp_cd, prmt_val FROM app_history WHERE usr_id = 'vessel' ORDER BY id`,
  );

/** This test's applied history mutations in the dev audit (keys start with its clientId). */
async function historyAudit(): Promise<string[]> {
  const clientId = await db.getMeta('clientId');
  const rows = (await s.call('GET', '/api/dev/audit?usrId=vessel&limit=10000')).json<
    { idempotencyKey: string | null; path: string; method: string }[]
  >();
  return rows
    .filter((r) => r.path === HISTORY_PATH && r.method === 'PUT')
    .map((r) => r.idempotencyKey ?? '')
    .filter((k) => k.startsWith(`${clientId}:`));
}

const sea = (path: string, search = '') => ({ path, search, hostname: 'quay.example.com' });

describe('isLocalHost', () => {
  it('knows the local hosts', () => {
    for (const h of [
      'localhost',
      'LOCALHOST',
      'app.localhost',
      'localhost.',
      '127.0.0.1',
      '127.1.2.3',
      '::1',
      '[::1]',
      '0.0.0.0',
    ])
      expect(isLocalHost(h), h).toBe(true);
    for (const h of [
      'quay.example.com',
      'localhost.example.com',
      'mylocalhost',
      '128.0.0.1',
      '10.0.0.1',
      '127.0.0.256',
      '192.168.1.10',
      '[2001:db8::1]',
      '',
    ])
      expect(isLocalHost(h), h).toBe(false);
  });
});

describe('application history through the outbox', () => {
  it('sends nothing from a local host', async () => {
    const before = (await serverHistory()).length;
    for (const hostname of ['localhost', '127.0.0.1', '[::1]', 'dev.localhost', '0.0.0.0'])
      expect(await cmd.recordVisit({ path: '/vessel/QHZN', search: '', hostname })).toEqual({ opId: null });
    expect(await db.outbox.count()).toBe(0);
    expect(drains).toBe(0);
    expect(await drain(db, client, opts())).toMatchObject({ applied: 0, remaining: 0 });
    expect(sent(HISTORY_PATH)).toEqual([]);
    expect((await serverHistory()).length).toBe(before);
  });

  it('keeps a visit made offline and sends it once when the link returns, without Background Sync', async () => {
    const before = (await serverHistory()).length;
    net.offline = true;
    const { opId } = await cmd.recordVisit(sea('/vessel/QHZN', '?tab=schedule&notSeq=12'));
    expect(opId).toMatch(/:\d+$/);
    expect(drains).toBe(1);
    expect(syncRegistrations).toBe(0);
    const [row] = await db.outbox.toArray();
    expect(row).toMatchObject({
      kind: 'history',
      entity: 'history',
      method: 'PUT',
      path: HISTORY_PATH,
      body: { urlVal: '/vessel/QHZN', appTpCd: 'MOB', httpMethTpCd: 'GE', prmtVal: 'tab=schedule&notSeq=12' },
    });

    expect(await drain(db, client, opts())).toMatchObject({ applied: 0, retrying: 1, remaining: 1 });
    expect(await historyAudit()).toEqual([]);

    net.offline = false;
    expect(await drain(db, client, opts({ retryNow: true }))).toMatchObject({ applied: 1, remaining: 0 });
    expect(await drain(db, client, opts())).toMatchObject({ applied: 0, remaining: 0 });
    expect(await historyAudit()).toEqual([opId]);
    expect(sent(HISTORY_PATH)).toHaveLength(1);
    const history = await serverHistory();
    expect(history).toHaveLength(before + 1);
    expect(history.at(-1)).toEqual({
      url_val: '/vessel/QHZN',
      app_tp_cd: 'MOB',
      http_meth_tp_cd: 'GE',
      prmt_val: 'tab=schedule&notSeq=12',
    });
  });

  it('collapses identical consecutive visits into one request, and keeps the order of the others', async () => {
    net.offline = true;
    const a1 = await cmd.recordVisit(sea('/notification', '?page=1'));
    await cmd.recordVisit(sea('/notification', 'page=1'));
    await cmd.recordVisit(sea('/notification', '?page=1'));
    const b = await cmd.recordVisit(sea('/notification', '?page=2'));
    const a2 = await cmd.recordVisit(sea('/notification', '?page=1'));
    expect(await db.outbox.count()).toBe(5);
    net.offline = false;
    const result = await drain(db, client, opts());
    expect(result).toMatchObject({ applied: 3, coalesced: 2, remaining: 0 });
    expect(sent(HISTORY_PATH)).toHaveLength(3);
    // The three in one push, in the order they were made (one entity: the server applies them one after the other).
    expect(sent(SYNC_PUSH_PATH)).toHaveLength(1);
    expect(await historyAudit()).toEqual([a1.opId, b.opId, a2.opId]);
    expect((await serverHistory()).slice(-3).map((h) => h.prmt_val)).toEqual(['page=1', 'page=2', 'page=1']);
  });

  it('does not count page views among the changes waiting', async () => {
    net.offline = true;
    await cmd.recordVisit(sea('/home'));
    await cmd.recordVisit(sea('/vessel/QHZN'));
    expect(await pendingCount(db)).toBe(0);
    await cmd.saveSetting('N007', 'N');
    expect(await pendingCount(db)).toBe(1);
    expect(await db.outbox.count()).toBe(3);
    net.offline = false;
    await drain(db, client, opts());
    expect(await pendingCount(db)).toBe(0);
    expect(await db.outbox.count()).toBe(0);
  });

  it('cuts long values to the server limits, which accepts them', async () => {
    const path = `/${'p'.repeat(2500)}`;
    const search = `?${'q'.repeat(5000)}`;
    await cmd.recordVisit(sea(path, search));
    const [row] = await db.outbox.toArray();
    const body = row?.body as { urlVal: string; prmtVal: string };
    expect(body.urlVal).toHaveLength(2000);
    expect(body.prmtVal).toHaveLength(4000);
    expect(await drain(db, client, opts())).toMatchObject({ applied: 1, refused: 0 });
    expect((await serverHistory()).at(-1)?.url_val).toHaveLength(2000);
  });

  it('drops a refused page view with a log, no toast, and nothing to undo', async () => {
    await s.call('POST', '/api/dev/faults', { body: { path: HISTORY_PATH, status: 400, times: 1 } });
    await cmd.recordVisit(sea('/chat'));
    expect(await drain(db, client, opts())).toMatchObject({ applied: 0, refused: 1, remaining: 0 });
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatchObject({ kind: 'history', toast: false });
  });

  it(`keeps at most ${MAX_WAITING_VISITS} page views waiting, the newest`, async () => {
    net.offline = true;
    for (let i = 0; i < MAX_WAITING_VISITS + 3; i++) await cmd.recordVisit(sea(`/p/${i}`));
    const rows = await db.outbox.orderBy('seq').toArray();
    expect(rows).toHaveLength(MAX_WAITING_VISITS);
    expect((rows[0]?.body as { urlVal: string }).urlVal).toBe('/p/3');
  });

  it('coalesces only consecutive page views of the same address and query', () => {
    const row = (seq: number, urlVal: string, prmtVal: string): OutboxRow => ({
      seq,
      opId: `c:${seq}`,
      kind: 'history',
      entity: 'history',
      method: 'PUT',
      path: HISTORY_PATH,
      body: { urlVal, appTpCd: 'MOB', httpMethTpCd: 'GE', prmtVal },
      createdAt: 0,
      attempts: 0,
      nextAttemptAt: 0,
      lastError: null,
    });
    const { keep, drop } = coalesce([
      row(1, '/a', ''),
      row(2, '/a', ''),
      row(3, '/a', 'x=1'),
      row(4, '/b', 'x=1'),
      row(5, '/a', ''),
      row(6, '/a', ''),
    ]);
    expect(keep.map((r) => r.seq)).toEqual([1, 3, 4, 5]);
    expect(drop.map((r) => r.seq)).toEqual([2, 6]);
  });
});

/** Timers by hand: the test says when time passes. */
function manualTimers() {
  const timers: { fn: () => void; at: number }[] = [];
  let time = Date.parse('2026-01-10T08:00:00Z');
  return {
    now: () => time,
    setTimer: (fn: () => void, ms: number) => {
      const t = { fn, at: time + ms };
      timers.push(t);
      return () => {
        const i = timers.indexOf(t);
        if (i >= 0) timers.splice(i, 1);
      };
    },
    /** Moves time on and fires what is due. */
    advance(ms: number) {
      time += ms;
      for (const t of timers.filter((x) => x.at <= time)) {
        timers.splice(timers.indexOf(t), 1);
        t.fn();
      }
    },
    pending: () => timers.length,
  };
}

const user = {
  extUsrId: 'EXT-VESSEL-1',
  usrRoleCd: 'VSL00',
  usrPortCd: '',
  usrVslCd: 'QHZN',
  usrTpCd: '4',
};

const serverEvents = async () =>
  (await s.call('GET', '/api/dev/analytics?usrId=vessel&limit=10000')).json<AnalyticsRecord[]>();

describe('analytics', () => {
  let clock: ReturnType<typeof manualTimers>;
  let analytics: Analytics;
  let online: boolean;
  const make = (extra: Partial<AnalyticsDeps> = {}) =>
    createAnalytics({
      client,
      isOnline: () => online,
      now: clock.now,
      setTimer: clock.setTimer,
      random: () => 0.5,
      ...extra,
    });

  beforeEach(() => {
    clock = manualTimers();
    online = true;
    analytics = make();
  });
  afterEach(async () => {
    await analytics.settled();
    analytics.stop();
  });

  it('is off with no sink: nothing kept, nothing sent', async () => {
    const before = (await serverEvents()).length;
    const routeChanged = createRouteChanged({ recordVisit: cmd.recordVisit, analytics });
    const visit: RouteVisit = { ...sea('/home'), hostname: 'localhost', analyticsSink: null, user };
    expect(await routeChanged(visit)).toEqual({ opId: null });
    analytics.track({ name: 'page_view', path: '/x' }, null);
    expect(analytics.pending()).toBe(0);
    expect(clock.pending()).toBe(0);
    expect(await analytics.flush()).toEqual({ sent: 0, dropped: 0, kept: 0 });
    clock.advance(FLUSH_EVERY_MS * 10);
    await analytics.settled();
    expect(net.requests).toEqual([]);
    expect((await serverEvents()).length).toBe(before);
  });

  it('sends a page view and a user_move with the user fields, in one batch, when the timer fires', async () => {
    const before = (await serverEvents()).length;
    const routeChanged = createRouteChanged({ recordVisit: cmd.recordVisit, analytics });
    await routeChanged({ ...sea('/vessel/QHZN', '?tab=ais'), analyticsSink: ANALYTICS_PATH, user });
    await routeChanged({ ...sea('/notification'), analyticsSink: ANALYTICS_PATH, user });
    // Analytics are not outbox operations: the only outbox rows are the two page views of the history.
    expect((await db.outbox.toArray()).map((r) => r.kind)).toEqual(['history', 'history']);
    expect(analytics.pending()).toBe(4);
    expect(sent(ANALYTICS_PATH)).toEqual([]);
    clock.advance(FLUSH_EVERY_MS - 1);
    await analytics.settled();
    expect(sent(ANALYTICS_PATH)).toEqual([]);
    clock.advance(1);
    await analytics.settled();
    expect(sent(ANALYTICS_PATH)).toHaveLength(1);
    expect(analytics.pending()).toBe(0);
    expect(clock.pending()).toBe(0);

    const events = (await serverEvents()).slice(before);
    expect(events.map((e) => [e.name, e.path])).toEqual([
      ['page_view', '/vessel/QHZN'],
      ['user_move', '/vessel/QHZN'],
      ['page_view', '/notification'],
      ['user_move', '/notification'],
    ]);
    expect(events.every((e) => e.usrId === 'vessel')).toBe(true);
    expect(events[0]?.props).toEqual({});
    expect(events[1]?.props).toEqual(user);
    expect(events[0]?.at).toBe(new Date(clock.now() - FLUSH_EVERY_MS).toISOString());
  });

  it('sends at once when 20 wait, in batches of at most 50', async () => {
    const before = (await serverEvents()).length;
    for (let i = 0; i < 19; i++) analytics.track({ name: 'page_view', path: `/a/${i}` }, ANALYTICS_PATH);
    await analytics.settled();
    expect(sent(ANALYTICS_PATH)).toEqual([]);
    analytics.track({ name: 'page_view', path: '/a/19' }, ANALYTICS_PATH);
    await analytics.settled();
    expect(sent(ANALYTICS_PATH)).toHaveLength(1);
    expect(analytics.pending()).toBe(0);

    online = false;
    for (let i = 0; i < 120; i++) analytics.track({ name: 'page_view', path: `/b/${i}` }, ANALYTICS_PATH);
    await analytics.settled();
    expect(analytics.pending()).toBe(120);
    expect(sent(ANALYTICS_PATH)).toHaveLength(1);
    online = true;
    expect(await analytics.flush()).toEqual({ sent: 120, dropped: 0, kept: 0 });
    expect(sent(ANALYTICS_PATH)).toHaveLength(4);
    const events = (await serverEvents()).slice(before);
    expect(events).toHaveLength(140);
    expect(events.map((e) => e.path)).toEqual([
      ...Array.from({ length: 20 }, (_, i) => `/a/${i}`),
      ...Array.from({ length: 120 }, (_, i) => `/b/${i}`),
    ]);
  });

  it('keeps events after a failed flush, backs off, and a later flush delivers them once', async () => {
    const before = (await serverEvents()).length;
    await s.call('POST', '/api/dev/faults', { body: { path: ANALYTICS_PATH, status: 503, times: 1 } });
    for (const e of visitEvents({ path: '/port/SGSIN', user })) analytics.track(e, ANALYTICS_PATH);
    clock.advance(FLUSH_EVERY_MS);
    await analytics.settled();
    expect(sent(ANALYTICS_PATH)).toHaveLength(1);
    expect(analytics.pending()).toBe(2);
    expect((await serverEvents()).length).toBe(before);

    // The backoff holds: no send when the 30 s timer would have fired, nor from 20 waiting.
    const backoff = FLUSH_BACKOFF.baseMs / 2 + 0.5 * (FLUSH_BACKOFF.baseMs / 2);
    for (let i = 0; i < 18; i++) analytics.track({ name: 'page_view', path: `/c/${i}` }, ANALYTICS_PATH);
    clock.advance(backoff - 1);
    await analytics.settled();
    expect(sent(ANALYTICS_PATH)).toHaveLength(1);
    expect(analytics.pending()).toBe(20);

    expect(await analytics.flush()).toEqual({ sent: 20, dropped: 0, kept: 0 });
    expect(sent(ANALYTICS_PATH)).toHaveLength(3);
    const events = (await serverEvents()).slice(before);
    expect(events).toHaveLength(20);
    expect(events.slice(0, 2).map((e) => [e.name, e.path, e.props])).toEqual([
      ['page_view', '/port/SGSIN', {}],
      ['user_move', '/port/SGSIN', user],
    ]);
    expect(await analytics.flush()).toEqual({ sent: 0, dropped: 0, kept: 0 });
    expect((await serverEvents()).length).toBe(before + 20);
  });

  it('counts a batch once when its answer is lost and it is sent again', async () => {
    const before = (await serverEvents()).length;
    for (const e of visitEvents({ path: '/service/AEX', user })) analytics.track(e, ANALYTICS_PATH);
    net.dropAnswer = (path) => path === ANALYTICS_PATH;
    expect(await analytics.flush()).toEqual({ sent: 0, dropped: 0, kept: 2 });
    expect((await serverEvents()).length).toBe(before + 2);
    expect(await analytics.flush()).toEqual({ sent: 2, dropped: 0, kept: 0 });
    expect(net.replayed).toBe(1);
    expect((await serverEvents()).length).toBe(before + 2);
  });

  it('keeps at most 200 events while offline, dropping the oldest', async () => {
    online = false;
    for (let i = 0; i < MAX_BUFFERED + 50; i++)
      analytics.track({ name: 'page_view', path: `/d/${i}` }, ANALYTICS_PATH);
    expect(analytics.pending()).toBe(MAX_BUFFERED);
    clock.advance(FLUSH_EVERY_MS);
    await analytics.settled();
    expect(sent(ANALYTICS_PATH)).toEqual([]);
    const before = (await serverEvents()).length;
    online = true;
    analytics.linkChanged(true);
    await analytics.settled();
    await analytics.flush();
    const events = (await serverEvents()).slice(before);
    expect(events).toHaveLength(MAX_BUFFERED);
    expect(events[0]?.path).toBe('/d/50');
    expect(sent(ANALYTICS_PATH)).toHaveLength(4);
  });

  it('drops a batch the sink refuses for good, and a sink that is not a path or URL is off', async () => {
    await s.call('POST', '/api/dev/faults', { body: { path: ANALYTICS_PATH, status: 400, times: 1 } });
    analytics.track({ name: 'page_view', path: '/e' }, ANALYTICS_PATH);
    expect(await analytics.flush()).toEqual({ sent: 0, dropped: 1, kept: 0 });
    analytics.track({ name: 'page_view', path: '/e' }, 'not a sink');
    expect(analytics.pending()).toBe(0);
  });

  it('sends to a sink on another origin without the token', async () => {
    const posted: { url: string; count: number }[] = [];
    analytics.stop();
    analytics = make({
      postExternal: async (url, body) => {
        posted.push({ url, count: body.events.length });
      },
    });
    for (const e of visitEvents({ path: '/chat', user }))
      analytics.track(e, 'https://collector.example.com/c');
    expect(await analytics.flush()).toEqual({ sent: 2, dropped: 0, kept: 0 });
    expect(posted).toEqual([{ url: 'https://collector.example.com/c', count: 2 }]);
    expect(sent(ANALYTICS_PATH)).toEqual([]);
  });
});
