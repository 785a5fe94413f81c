// Cross-cutting HTTP behaviour: health, OpenAPI, ETag/304, compression, security headers, validation, idempotency, faults, audit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationItem } from '../src/core/contract/notification.ts';
import { startTestServer, type TestServer } from './helpers/server.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

const LIST = '/api/v2/app/notification/user/list';
const SETTINGS = '/api/v2/app/notification/settings';

describe('health and contract', () => {
  it('answers /healthz with ok', async () => {
    const res = await s.app.inject('/healthz');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('publishes an OpenAPI document with every call of product.md#the-calls', async () => {
    const doc = (await s.app.inject('/api/docs/openapi.json')).json();
    expect(doc.openapi).toMatch(/^3\./);
    const paths = Object.keys(doc.paths);
    const expected = [
      '/common/logged-user',
      '/common/history/application-history',
      '/common/programs',
      '/common/widgets',
      '/common/keyword-search',
      '/common/event',
      '/common/event/remark',
      '/common/my-port',
      '/common/tree/trade-lane',
      '/common/tree/cnt-port',
      '/common/my-setting',
      '/common/lunar',
      '/common/code/{type}',
      '/chat/history/{roomId}/{beforeSeq}',
      '/chat/init-sub/vessel/{vslCd}',
      '/chat/read-message/{msgSeq}',
      // Served with the trailing slash too, as the contract writes them; named without it (chat/rooms.ts).
      '/chat/join-list/{type}',
      '/chat/unread-list/{type}',
      '/chat/messages/unread/{roomId}',
      '/chat/my-room-list/{type}',
      '/chat/message/push-alert',
      '/chat/read-messages/{roomId}',
      '/chat/berth-prsp/message/{vslCd}',
      '/notification/user/list',
      '/notification/user/detail',
      '/notification/detail',
      '/notification/user/badge',
      '/notification/settings',
      '/notification/user/read',
      '/notification/vessel/ack',
      '/notification/ack/{notSeq}',
      '/notification/user/subscription',
      '/notification/user/logged-user',
      '/vessel/handover-memo',
      '/vessel/widget-flag',
      '/vessel/widget-memo',
      '/vessel/pic',
      '/vessel/osr',
      '/vessel/next-port',
      '/vessel/latest-report',
      '/vessel/event',
      '/vessel/daily/sheet',
      '/vessel/current',
      '/vessel/cascade',
      '/vessel/cascade-memo/{vslCd}',
      '/vessel/cascade-memo',
      '/vessel/next-dock/{vslCd}',
      '/vessel/next-dock',
      '/vessel/typhoon-storm/{vslCd}',
      '/vessel/calc-foc',
      '/vessel/ais',
      '/vessel/ais-history',
      '/vessel/daily/holiday',
      '/vessel/daily/event',
      '/vessel/cii/week',
      '/vessel/info/fleet',
    ];
    for (const p of expected) expect(paths, p).toContain(`/api/v2/app${p}`);
    expect(paths).toContain('/IBP_REFRESH.do');
  });
});

describe('conditional requests and compression', () => {
  it('sends an ETag and answers If-None-Match with an empty 304', async () => {
    const first = await s.call('GET', LIST, { as: 'vessel' });
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    expect(first.headers['cache-control']).toBe('no-cache');
    const again = await s.call('GET', LIST, { as: 'vessel', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.rawPayload.length).toBe(0);
  });

  it('changes the ETag when the data changes', async () => {
    const first = await s.call('GET', LIST, { as: 'vessel' });
    const notSeq = first.json().notiList.find((n: { notReadYn: string }) => n.notReadYn === 'N').notSeq;
    await s.call('POST', '/api/v2/app/notification/user/read', { as: 'vessel', body: { notSeq } });
    const after = await s.call('GET', LIST, {
      as: 'vessel',
      headers: { 'if-none-match': first.headers.etag as string },
    });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(first.headers.etag);
  });

  it('answers a conditional badge or settings GET from the change version, without reading the rows', async () => {
    const BADGE = '/api/v2/app/notification/user/badge';
    const list = (await s.call('GET', LIST, { as: 'vessel' })).json<{ notiList: NotificationItem[] }>()
      .notiList;
    const unread = list.find((n) => n.notReadYn === 'N')!.notSeq;
    const badge = await s.call('GET', BADGE, { as: 'vessel' });
    const settings = await s.call('GET', SETTINGS, { as: 'vessel' });
    // Rows changed behind the change log's back: the answers would differ, the validators do not (nothing was read).
    await s.db.query(`UPDATE notifications SET not_read_yn = 'Y' WHERE not_seq = $1`, [unread]);
    await s.db.query(
      `INSERT INTO notification_settings (usr_id, not_id, not_use_yn) VALUES ('vessel', 'N003', 'N')
       ON CONFLICT (usr_id, not_id) DO UPDATE SET not_use_yn = 'N'`,
    );
    const ifNoneMatch = (r: typeof badge) => ({ 'if-none-match': String(r.headers.etag) });
    expect((await s.call('GET', BADGE, { as: 'vessel', headers: ifNoneMatch(badge) })).statusCode).toBe(304);
    expect((await s.call('GET', SETTINGS, { as: 'vessel', headers: ifNoneMatch(settings) })).statusCode).toBe(
      304,
    );
    await s.db.query(`UPDATE notifications SET not_read_yn = 'N' WHERE not_seq = $1`, [unread]);
    await s.db.query(`DELETE FROM notification_settings WHERE usr_id = 'vessel' AND not_id = 'N003'`);
    // A change through the API moves the version: both answer again.
    await s.call('POST', '/api/v2/app/notification/user/read', { as: 'vessel', body: { notSeq: unread } });
    const after = await s.call('GET', BADGE, { as: 'vessel', headers: ifNoneMatch(badge) });
    expect(after.statusCode).toBe(200);
    expect(after.json()[0].notCnt).toBe(badge.json()[0].notCnt - 1);
    expect((await s.call('GET', SETTINGS, { as: 'vessel', headers: ifNoneMatch(settings) })).statusCode).toBe(
      200,
    );
  });

  it('answers 304 to a list of tags holding its own, to * and to its tag weak or strong, on every GET', async () => {
    // A hashed answer (@fastify/etag) and one tagged from the change version (the notification list).
    for (const path of ['/api/v2/app/common/programs', LIST]) {
      const etag = String((await s.call('GET', path, { as: 'vessel' })).headers.etag);
      expect(etag, path).toMatch(/^W\/"/);
      const strong = etag.replace(/^W\//, '');
      for (const tags of [`"a", ${etag}`, `${etag},"b"`, '*', strong, `"a", ${strong}`]) {
        const res = await s.call('GET', path, { as: 'vessel', headers: { 'if-none-match': tags } });
        expect(res.statusCode, `${path} ${tags}`).toBe(304);
      }
      const other = await s.call('GET', path, { as: 'vessel', headers: { 'if-none-match': '"a", W/"b"' } });
      expect(other.statusCode, path).toBe(200);
    }
  });

  it('sends a weak ETag, one for the plain and the compressed answer (RFC 9110 §8.8.3)', async () => {
    for (const path of ['/api/v2/app/common/programs', LIST]) {
      const plain = await s.call('GET', path, { as: 'vessel' });
      const br = await s.call('GET', path, { as: 'vessel', headers: { 'accept-encoding': 'br' } });
      expect(br.headers['content-encoding'], path).toBe('br');
      expect(String(br.headers.etag), path).toMatch(/^W\/"/);
      expect(br.headers.etag, path).toBe(plain.headers.etag);
    }
  });

  it('answers a 304 with its ETag and none of the headers about a body, and a 200 with them', async () => {
    const first = await s.call('GET', LIST, { as: 'vessel' });
    expect(first.headers['x-content-type-options']).toBe('nosniff');
    expect(first.headers['cross-origin-resource-policy']).toBe('same-origin');
    const again = await s.call('GET', LIST, {
      as: 'vessel',
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.headers.etag).toBe(first.headers.etag);
    for (const h of [
      'content-type',
      'x-content-type-options',
      'cross-origin-resource-policy',
      'referrer-policy',
    ])
      expect(again.headers[h], h).toBeUndefined();
  });

  it('answers a change without the headers for caches, and keeps those about its body', async () => {
    const res = await s.call('POST', SETTINGS, {
      as: 'viewer',
      body: { notId: 'N001', notUseYn: 'Y', usrId: 'viewer' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toBeUndefined();
    expect(res.headers['cache-control']).toBeUndefined();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-type']).toMatch(/^application\/json/);
  });

  it('compresses JSON for clients that accept it', async () => {
    const plain = await s.call('GET', LIST, { as: 'vessel' });
    const gz = await s.call('GET', LIST, { as: 'vessel', headers: { 'accept-encoding': 'br, gzip' } });
    expect(gz.headers['content-encoding']).toMatch(/br|gzip/);
    expect(gz.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
  });
});

describe('security headers', () => {
  it('sends a Content-Security-Policy and the usual hardening headers', async () => {
    const res = await s.app.inject('/sso/login');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    // The older header says the same as frame-ancestors; sockets and fetches go to this origin only.
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(csp).toContain("connect-src 'self';");
    expect(csp).not.toMatch(/\bws:|\bwss:/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBeTruthy();
  });
});

describe('validation at the boundary', () => {
  it('answers malformed JSON with 400 and stores nothing', async () => {
    const res = await s.call('POST', SETTINGS, {
      as: 'staff',
      headers: { 'content-type': 'application/json' },
      body: '{"notId": "N001", ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ name: 'ValidationError', message: expect.stringMatching(/JSON/) });
  });

  it('names the missing or mistyped field', async () => {
    const missing = await s.call('POST', SETTINGS, { as: 'staff', body: { notUseYn: 'N' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain('notId');
    const mistyped = await s.call('POST', '/api/v2/app/notification/user/read', {
      as: 'staff',
      body: { notSeq: 'abc' },
    });
    expect(mistyped.statusCode).toBe(400);
    expect(mistyped.json().message).toContain('notSeq');
    const extra = await s.call('POST', SETTINGS, {
      as: 'staff',
      body: { notId: 'N001', notUseYn: 'N', admin: true },
    });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().message).toContain('admin');
  });

  it('rejects an unknown notId and stores nothing', async () => {
    const before = await s.db.query('SELECT count(*)::int AS n FROM mutations');
    const res = await s.call('POST', SETTINGS, { as: 'staff', body: { notId: 'N999', notUseYn: 'N' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('notId');
    expect(await s.db.query('SELECT count(*)::int AS n FROM mutations')).toEqual(before);
  });

  it('answers an oversized body with 413', async () => {
    const res = await s.call('POST', SETTINGS, {
      as: 'staff',
      body: { notId: 'N001', notUseYn: 'N', usrId: 'x'.repeat(400_000) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().name).toBe('PayloadTooLargeError');
  });

  it('answers unknown API paths with a JSON 404, not the app', async () => {
    const res = await s.call('GET', '/api/v2/app/nothing/here', { as: 'staff' });
    expect(res.statusCode).toBe(404);
    expect(res.json().name).toBe('NotFoundError');
  });

  it('rejects a malformed Idempotency-Key', async () => {
    const res = await s.call('POST', SETTINGS, {
      as: 'staff',
      headers: { 'idempotency-key': 'has spaces in it' },
      body: { notId: 'N001', notUseYn: 'N' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('Idempotency-Key');
  });
});

describe('idempotent mutations', () => {
  it('applies a key once and answers a repeat with the first answer', async () => {
    const key = `test-${Date.now()}-1`;
    const body = { notId: 'N003', notUseYn: 'N' };
    const first = await s.call('POST', SETTINGS, {
      as: 'operator',
      headers: { 'idempotency-key': key },
      body,
    });
    expect(first.statusCode).toBe(200);
    // Another change in between, then the replay: the replay must not undo it.
    await s.call('POST', SETTINGS, { as: 'operator', body: { notId: 'N003', notUseYn: 'Y' } });
    const replay = await s.call('POST', SETTINGS, {
      as: 'operator',
      headers: { 'idempotency-key': key },
      body,
    });
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(first.json());
    expect(replay.headers['idempotent-replayed']).toBe('true');
    const rows = await s.db.query<{ not_use_yn: string }>(
      `SELECT not_use_yn FROM notification_settings WHERE usr_id = 'operator' AND not_id = 'N003'`,
    );
    expect(rows[0]?.not_use_yn).toBe('Y');
    const audit = await s.db.query(`SELECT 1 FROM mutations WHERE usr_id = 'operator' AND idem_key = $1`, [
      key,
    ]);
    expect(audit).toHaveLength(1);
  });

  it('keeps keys per user: the same key from another user is a new operation', async () => {
    const key = `shared-${Date.now()}`;
    const a = await s.call('POST', SETTINGS, {
      as: 'staff',
      headers: { 'idempotency-key': key },
      body: { notId: 'N002', notUseYn: 'N' },
    });
    const b = await s.call('POST', SETTINGS, {
      as: 'viewer',
      headers: { 'idempotency-key': key },
      body: { notId: 'N002', notUseYn: 'N' },
    });
    expect(a.headers['idempotent-replayed']).toBeUndefined();
    expect(b.headers['idempotent-replayed']).toBeUndefined();
  });

  it('refuses to reuse a key for another call', async () => {
    const key = `reuse-${Date.now()}`;
    await s.call('POST', SETTINGS, {
      as: 'staff',
      headers: { 'idempotency-key': key },
      body: { notId: 'N002', notUseYn: 'Y' },
    });
    const list = (await s.call('GET', LIST, { as: 'staff' })).json().notiList;
    const res = await s.call('POST', '/api/v2/app/notification/user/read', {
      as: 'staff',
      headers: { 'idempotency-key': key },
      body: { notSeq: list[0].notSeq },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('already used');
  });

  it('does not record a failed mutation, so a retry after fixing input applies', async () => {
    const key = `fail-${Date.now()}`;
    const bad = await s.call('POST', '/api/v2/app/notification/user/read', {
      as: 'staff',
      headers: { 'idempotency-key': key },
      body: { notSeq: 99_999_999 },
    });
    expect(bad.statusCode).toBe(404);
    expect(await s.db.query('SELECT 1 FROM mutations WHERE idem_key = $1', [key])).toHaveLength(0);
  });
});

describe('dev API', () => {
  it('injects faults for the next N calls of a path, then clears them', async () => {
    const add = await s.app.inject({
      method: 'POST',
      url: '/api/dev/faults',
      payload: { path: '/api/v2/app/notification/user/badge', status: 503, times: 2 },
    });
    expect(add.statusCode).toBe(200);
    const badge = '/api/v2/app/notification/user/badge';
    expect((await s.call('GET', badge, { as: 'vessel' })).statusCode).toBe(503);
    expect((await s.call('GET', badge, { as: 'vessel' })).statusCode).toBe(503);
    expect((await s.call('GET', badge, { as: 'vessel' })).statusCode).toBe(200);
    await s.app.inject({
      method: 'POST',
      url: '/api/dev/faults',
      payload: { path: badge, status: 500, times: 5 },
    });
    expect((await s.app.inject({ method: 'DELETE', url: '/api/dev/faults' })).json()).toEqual({ cleared: 1 });
    expect((await s.call('GET', badge, { as: 'vessel' })).statusCode).toBe(200);
  });

  it("limits a fault to one user's calls when asked, leaving everyone else's alone", async () => {
    const badge = '/api/v2/app/notification/user/badge';
    await s.app.inject({
      method: 'POST',
      url: '/api/dev/faults',
      payload: { path: badge, status: 403, times: 1, usrId: 'agent' },
    });
    expect((await s.call('GET', badge, { as: 'vessel' })).statusCode).toBe(200);
    expect((await s.call('GET', badge)).statusCode).toBe(401);
    expect((await s.call('GET', badge, { as: 'agent' })).statusCode).toBe(403);
    expect((await s.call('GET', badge, { as: 'agent' })).statusCode).toBe(200);
    // By session: another session of the same user is left alone.
    await s.app.inject({
      method: 'POST',
      url: '/api/dev/faults',
      payload: { path: badge, status: 503, times: 1, sid: 'not-this-session' },
    });
    expect((await s.call('GET', badge, { as: 'agent' })).statusCode).toBe(200);
    expect((await s.app.inject({ method: 'DELETE', url: '/api/dev/faults' })).json()).toEqual({ cleared: 1 });
  });

  it('knows a call with no token by its session cookie: a fault for one session hits its token refresh only', async () => {
    const signOn = () =>
      s.app.inject({ method: 'POST', url: '/sso/login', payload: { usrId: 'agent', password: 'demo' } });
    const sidOf = (res: Awaited<ReturnType<typeof signOn>>) =>
      res.cookies.find((c) => c.name === 'quay_sid')?.value as string;
    const [mine, other] = [sidOf(await signOn()), sidOf(await signOn())];
    await s.app.inject({
      method: 'POST',
      url: '/api/dev/faults',
      payload: { path: '/IBP_REFRESH.do', status: 503, times: 1, sid: mine },
    });
    const refresh = (sid: string) => s.app.inject({ url: '/IBP_REFRESH.do', cookies: { quay_sid: sid } });
    expect((await refresh(other)).json()).toMatchObject({ Result: 'Ok' });
    expect((await refresh(mine)).statusCode).toBe(503);
    expect((await refresh(mine)).json()).toMatchObject({ Result: 'Ok' });
  });

  it('hangs a call for delayMs when asked', async () => {
    await s.app.inject({
      method: 'POST',
      url: '/api/dev/faults',
      payload: { path: '/healthz', delayMs: 300, times: 1 },
    });
    const t0 = Date.now();
    expect((await s.app.inject('/healthz')).statusCode).toBe(200);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(250);
  });

  it('validates fault bodies', async () => {
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/dev/faults',
      payload: { path: 'no-slash', status: 500, times: 1 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('path');
  });

  it('creates notifications with realistic details and lists mutations oldest first', async () => {
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/dev/notifications',
      payload: { usrId: 'vessel', notId: 'N004', count: 3 },
    });
    expect(res.statusCode).toBe(200);
    const { notSeqs } = res.json();
    expect(notSeqs).toHaveLength(3);
    const detail = (
      await s.call('GET', `/api/v2/app/notification/user/detail?notSeq=${notSeqs[0]}`, { as: 'vessel' })
    ).json();
    expect(detail.notiDetailResponse.success).toBe(true);
    const d = detail.notiDetailResponse.list[0];
    expect(d).toMatchObject({
      notId: 'N004',
      portCd: expect.stringMatching(/^[A-Z]{5}$/),
      ydNm: expect.any(String),
      reqSpd: expect.any(Number),
    });
    expect(Date.parse(d.etbDt)).toBeGreaterThanOrEqual(Date.parse(d.etaDt));
    const bad = await s.app.inject({
      method: 'POST',
      url: '/api/dev/notifications',
      payload: { usrId: 'nobody', notId: 'N004' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('nobody');
    const audit = (await s.app.inject('/api/dev/audit?usrId=operator')).json();
    expect(audit.length).toBeGreaterThan(0);
    expect(audit[0]).toMatchObject({
      method: 'POST',
      path: SETTINGS,
      usrId: 'operator',
      idempotencyKey: expect.any(String),
    });
    const times = audit.map((a: { time: string }) => Date.parse(a.time));
    expect([...times].sort((x, y) => x - y)).toEqual(times);
  });

  it('is absent in production', async () => {
    const prod = await startTestServer({ devApi: false });
    try {
      expect((await prod.app.inject({ method: 'DELETE', url: '/api/dev/faults' })).statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });
});

describe('inputs that a database would choke on', () => {
  it('answers NUL characters and out-of-range numbers with 400, never 500', async () => {
    const cases: Array<[string, string, unknown]> = [
      ['POST', '/api/v2/app/notification/user/read', { notSeq: 2 ** 31 }],
      ['POST', '/api/v2/app/notification/user/logged-user', { notDevId: 'a\u0000b' }],
      ['POST', SETTINGS, { notId: 'N001', notUseYn: 'Y', usrId: 'x\u0000' }],
      ['GET', '/api/v2/app/notification/user/detail?notSeq=99999999999', undefined],
    ];
    for (const [method, url, body] of cases) {
      const res = await s.call(method, url, { as: 'staff', body });
      expect(res.statusCode, url).toBe(400);
    }
    const login = await s.app.inject({
      method: 'POST',
      url: '/sso/login',
      payload: { usrId: 'vessel\u0000', password: 'demo' },
    });
    expect(login.statusCode).toBe(400);
  });
});

describe('the built app', () => {
  it('serves index.html at / and deep links (SPA fallback), revalidated, sw.js for an hour; API misses stay JSON', async () => {
    const { mkdtemp, writeFile, mkdir, rm } = await import('node:fs/promises');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const dist = await mkdtemp(join(tmpdir(), 'quay-dist-'));
    await writeFile(join(dist, 'index.html'), '<!doctype html><title>Quay</title><div id="root"></div>');
    await mkdir(join(dist, 'assets'));
    await writeFile(join(dist, 'assets', 'index-AbCdEf12.js'), 'console.log(1)');
    await writeFile(join(dist, 'sw.js'), 'self.skipWaiting');
    await writeFile(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    // The build's precompressed copies (vite.config.ts): sent in their place, under the same caching rule.
    const { brotliCompressSync } = await import('node:zlib');
    await writeFile(join(dist, 'assets', 'index-AbCdEf12.js.br'), brotliCompressSync('console.log(1)'));
    await writeFile(join(dist, 'sw.js.br'), brotliCompressSync('self.skipWaiting'));
    const app = await startTestServer({ distDir: dist });
    try {
      for (const url of ['/', '/voyage', '/port/live/SGSIN?x=1', '/chat/QHZN']) {
        const res = await app.app.inject(url);
        expect(res.statusCode, url).toBe(200);
        expect(res.body).toContain('<div id="root">');
        expect(res.headers['cache-control']).toBe('no-cache');
      }
      const tags: string[] = [];
      for (const encoding of ['identity', 'br']) {
        const headers = { 'accept-encoding': encoding };
        const asset = await app.app.inject({ url: '/assets/index-AbCdEf12.js', headers });
        // Each file its own validator (the .br's size is not the script's), weak as every tag of the server's.
        const etag = String(asset.headers.etag);
        tags.push(etag);
        expect(etag, encoding).toMatch(/^W\/"/);
        const again = await app.app.inject({
          url: '/assets/index-AbCdEf12.js',
          headers: { ...headers, 'if-none-match': `"other", ${etag}` },
        });
        expect(again.statusCode, encoding).toBe(304);
        expect(asset.headers['content-encoding'], encoding).toBe(encoding === 'br' ? 'br' : undefined);
        expect(asset.headers['cache-control'], encoding).toBe('public, max-age=31536000, immutable');
        // The browser checks the service worker on every page load: at most hourly on the wire
        // (src/platform/sw-register.ts).
        const sw = await app.app.inject({ url: '/sw.js', headers });
        expect(sw.headers['cache-control'], encoding).toBe('public, max-age=3600');
      }
      expect(tags[0]).not.toBe(tags[1]);
      // An icon keeps its name: kept a day, not asked again on every page.
      expect((await app.app.inject('/favicon.svg')).headers['cache-control']).toBe('public, max-age=86400');
      expect((await app.app.inject('/assets/missing-12345678.js')).statusCode).toBe(404);
      expect((await app.app.inject('/api/v2/app/none')).headers['content-type']).toContain(
        'application/json',
      );
    } finally {
      await app.close();
      await rm(dist, { recursive: true, force: true });
    }
  });
});
