// My calendar on the real server (product.md#calendar-feed): the feed secret made once and kept hashed, the feeds
// of a vessel and a port as iCalendar (RFC 5545: CRLF, lines folded at 75 octets, UTC times, stable UIDs, SEQUENCE
// moving with the times), the role rules on every request, a secret made anew refusing the old one, and ETag/304.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CalendarLink } from '../src/core/contract/calendar.ts';
import { calendar, fold } from '../server/calendar/ical.ts';
import { startTestServer, type TestServer } from './helpers/server.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

const LINK = '/api/v2/app/calendar/link';

async function link(as: string, renew = false): Promise<CalendarLink> {
  const res = await s.call('POST', LINK, { as, body: { renew } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<CalendarLink>();
}

async function secretOf(as: string): Promise<string> {
  const made = await link(as, true);
  if (!made.secret) throw new Error('no secret');
  return made.secret;
}

const feed = (secret: string, kind: 'vessel' | 'port', code: string, headers: Record<string, string> = {}) =>
  s.app.inject({ method: 'GET', url: `/cal/${secret}/${kind}/${code}.ics`, headers });

interface Event {
  [prop: string]: string;
}
/** The events of a feed, each property unfolded. */
function events(text: string): Event[] {
  const lines = text.replace(/\r\n /g, '').split('\r\n');
  const out: Event[] = [];
  let cur: Event | null = null;
  for (const line of lines) {
    if (line === 'BEGIN:VEVENT') cur = {};
    else if (line === 'END:VEVENT' && cur) {
      out.push(cur);
      cur = null;
    } else if (cur) {
      const at = line.indexOf(':');
      cur[line.slice(0, at)] = line.slice(at + 1);
    }
  }
  return out;
}

describe('POST /calendar/link', () => {
  it('makes a secret once, keeps only its hash, and says when it was made afterwards', async () => {
    const first = await link('agent');
    expect(first.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const again = await link('agent');
    expect(again).toEqual({ secret: null, madeAt: first.madeAt });
    const rows = await s.db.query<{ secret_hash: string }>(
      "SELECT secret_hash FROM calendar_links WHERE usr_id = 'agent'",
    );
    expect(rows).toEqual([
      {
        secret_hash: createHash('sha256')
          .update(first.secret ?? '')
          .digest('hex'),
      },
    ]);
    const stored = await s.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM mutations WHERE response::text LIKE '%' || $1 || '%'`,
      [first.secret],
    );
    expect(stored[0]?.n).toBe(0);
  });

  it('refuses a call without a token, and a body that is not {renew: boolean}', async () => {
    expect((await s.call('POST', LINK, { body: { renew: false } })).statusCode).toBe(401);
    const bad = await s.call('POST', LINK, { as: 'agent', body: { renew: 1 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toMatch(/renew/);
  });
});

describe('GET /cal/{secret}/vessel/{vslCd}.ics', () => {
  it("is the vessel's calls of the next 8 weeks as iCalendar: CRLF, folded lines, UTC times, three events a call", async () => {
    const secret = await secretOf('vessel');
    const res = await feed(secret, 'vessel', 'QHZN');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers.etag).toBeTruthy();
    const text = res.body;
    expect(text.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    const calls = await s.db.query<{ port_cd: string }>(
      `SELECT port_cd FROM port_calls c WHERE vsl_cd = 'QHZN' AND skip_yn = 'N'
          AND NOT EXISTS (SELECT 1 FROM port_calls x WHERE x.vsl_cd = c.vsl_cd AND x.ata IS NOT NULL AND x.eta > c.eta)
          AND coalesce(atd, etd) >= now() - interval '1 day' AND coalesce(ata, eta) < now() + interval '8 weeks'`,
    );
    expect(calls.length).toBeGreaterThan(0);
    const list = events(text);
    expect(list).toHaveLength(calls.length * 3);
    expect(new Set(list.map((e) => e.UID)).size).toBe(list.length);
    for (const e of list) {
      for (const p of ['DTSTAMP', 'DTSTART', 'DTEND', 'LAST-MODIFIED'])
        expect(e[p]).toMatch(/^\d{8}T\d{6}Z$/);
      expect(e.SEQUENCE).toMatch(/^\d+$/);
      expect(e.SUMMARY).toMatch(/^QUAY HORIZON at [A-Z]{2}[A-Z0-9]{3} \((arrival|berth|departure)\)$/);
      expect(e.LOCATION).toMatch(/\([A-Z]{2}[A-Z0-9]{3}\)$/);
      expect(e.DTEND! > e.DTSTART!).toBe(true);
    }
    const now = Date.now();
    const starts = list.map((e) =>
      Date.parse(e.DTSTART!.replace(/(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z/, '$1-$2-$3T$4:$5:$6Z')),
    );
    expect(Math.max(...starts)).toBeLessThan(now + 9 * 7 * 86_400_000);
  });

  it('answers 304 to a list of tags holding its own, to * and to its tag weak or strong (RFC 9110 §13.1.2)', async () => {
    const secret = await secretOf('staff');
    const etag = String((await feed(secret, 'port', 'SGSIN')).headers.etag);
    const strong = etag.replace(/^W\//, '');
    for (const tags of [`"a", ${etag}`, `${etag},"b"`, '*', strong, `"a", ${strong}`, `W/${strong}`]) {
      const res = await feed(secret, 'port', 'SGSIN', { 'if-none-match': tags });
      expect(res.statusCode, tags).toBe(304);
      expect(res.body).toBe('');
    }
    expect((await feed(secret, 'port', 'SGSIN', { 'if-none-match': '"a", W/"b"' })).statusCode).toBe(200);
  });

  it('sends one weak ETag for the plain and the compressed feed (RFC 9110 §8.8.3), each a 304 to the other', async () => {
    const secret = await secretOf('staff');
    const plain = await feed(secret, 'port', 'SGSIN');
    const gzip = await feed(secret, 'port', 'SGSIN', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(String(plain.headers.etag)).toMatch(/^W\/"/);
    expect(gzip.headers.etag).toBe(plain.headers.etag);
    const again = await feed(secret, 'port', 'SGSIN', {
      'accept-encoding': 'gzip',
      'if-none-match': String(plain.headers.etag),
    });
    expect(again.statusCode).toBe(304);
  });

  it('answers 304 to its ETag, and moves SEQUENCE and LAST-MODIFIED (same UID) when a call is delayed', async () => {
    const secret = await secretOf('staff');
    const first = await feed(secret, 'vessel', 'QHZN');
    const etag = String(first.headers.etag);
    const unchanged = await feed(secret, 'vessel', 'QHZN', { 'if-none-match': etag });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');
    const before = events(first.body).find(
      (e) => e.SUMMARY?.endsWith('(arrival)') && e.DESCRIPTION?.includes('Expected (ETA)'),
    );
    expect(before).toBeDefined();
    const port = before?.SUMMARY?.match(/ at (\S+) /)?.[1];
    await s.db.query(
      `UPDATE port_calls SET eta = eta + interval '5 hours'
        WHERE vsl_cd = 'QHZN' AND port_cd = $1 AND ata IS NULL AND skip_yn = 'N'`,
      [port],
    );
    const moved = await feed(secret, 'vessel', 'QHZN', { 'if-none-match': etag });
    expect(moved.statusCode).toBe(200);
    const after = events(moved.body).find((e) => e.UID === before?.UID);
    expect(Number(after?.SEQUENCE)).toBeGreaterThan(Number(before?.SEQUENCE));
    expect(after?.['LAST-MODIFIED']).not.toBe(before?.['LAST-MODIFIED']);
    expect(after?.DTSTART).not.toBe(before?.DTSTART);
  });

  it('checks the role on every request: a vessel user reaches its own vessel only, a viewer any', async () => {
    const own = await secretOf('vessel2');
    expect((await feed(own, 'vessel', 'AHDS')).statusCode).toBe(200);
    const other = await feed(own, 'vessel', 'QHZN');
    expect(other.statusCode).toBe(403);
    expect(other.json<{ name: string }>().name).toBe('ForbiddenError');
    const viewer = await secretOf('viewer');
    expect((await feed(viewer, 'vessel', 'QHZN')).statusCode).toBe(200);
    expect((await feed(viewer, 'vessel', 'ZZZZ')).statusCode).toBe(404);
  });

  it('refuses a secret made anew since (404), an unknown one (404), a malformed one and the sign-on token (4xx)', async () => {
    const old = await secretOf('operator');
    const fresh = await secretOf('operator');
    expect(fresh).not.toBe(old);
    const revoked = await feed(old, 'vessel', 'QHZN');
    expect(revoked.statusCode).toBe(404);
    expect(revoked.json<{ message: string }>().message).toMatch(/not valid any more/);
    expect((await feed(fresh, 'vessel', 'QHZN')).statusCode).toBe(200);
    expect((await feed('A'.repeat(43), 'vessel', 'QHZN')).statusCode).toBe(404);
    expect((await feed('short', 'vessel', 'QHZN')).statusCode).toBe(400);
    const token = await s.token('operator');
    const asToken = await feed(encodeURIComponent(token), 'vessel', 'QHZN');
    expect(asToken.statusCode).toBeGreaterThanOrEqual(400);
    expect(asToken.statusCode).toBeLessThan(500);
  });
});

describe('GET /cal/{secret}/port/{portCd}.ics', () => {
  it("is every vessel's calls at the port, for any role; an unknown port is 404", async () => {
    const secret = await secretOf('vessel');
    const res = await feed(secret, 'port', 'SGSIN');
    expect(res.statusCode, res.body).toBe(200);
    const list = events(res.body);
    expect(list.length).toBeGreaterThan(3);
    expect(new Set(list.map((e) => e.SUMMARY?.replace(/ at .*/, ''))).size).toBeGreaterThan(1);
    for (const e of list) expect(e.SUMMARY).toMatch(/ at SGSIN \((arrival|berth|departure)\)$/);
    expect(res.body).toMatch(/X-WR-CALNAME:Singapore \(SGSIN\)/);
    expect((await feed(secret, 'port', 'ZZZZZ')).statusCode).toBe(404);
  });
});

describe('fold', () => {
  it('cuts a content line at 75 octets with CRLF and a space, never inside a UTF-8 character', () => {
    const line = `SUMMARY:${'Ü'.repeat(60)}`;
    const folded = fold(line);
    const parts = folded.split('\r\n');
    expect(parts.length).toBeGreaterThan(1);
    for (const p of parts) expect(Buffer.byteLength(p)).toBeLessThanOrEqual(75);
    for (const p of parts.slice(1)) expect(p.startsWith(' ')).toBe(true);
    expect(folded.replace(/\r\n /g, '')).toBe(line);
    expect(fold('SHORT:x')).toBe('SHORT:x');
  });
});

describe('iCalendar text', () => {
  it('writes a line break inside a value as \\n, a bare CR too, so no raw CR breaks the content lines', () => {
    const at = new Date('2026-11-26T09:00:00Z');
    const text = calendar('a\rb', [
      {
        uid: 'u1',
        stamp: at,
        sequence: 0,
        start: at,
        end: at,
        summary: 'one\rtwo',
        location: 'x\r\ny',
        description: 'p\nq\r',
      },
    ]);
    // Every CR is the start of a line end (CRLF), never alone.
    expect(text.replace(/\r\n/g, '')).not.toContain('\r');
    expect(text).toContain('X-WR-CALNAME:a\\nb\r\n');
    expect(events(text)[0]).toMatchObject({
      SUMMARY: 'one\\ntwo',
      LOCATION: 'x\\ny',
      DESCRIPTION: 'p\\nq\\n',
    });
  });
});
