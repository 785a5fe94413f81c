// Schedule sources in (integration.md#schedule-sources-in-dcsa-ovs-v3): a second Quay, started with DEMO=off and its
// ports imported from a UN/LOCODE file, reads the first's /v3/service-schedules page by page with an API key and ends
// with the same schedules; an ETA moved on the first arrives with its history, notification and fired My Alert;
// reading again changes nothing; a provider that fails, answers garbage or a page that breaks the standard is backed
// off, its state saved, nothing of it written.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COMMON_MY_SETTING,
  commonPath,
  NOTIFICATION_ALERT_RULE,
  notificationPath,
} from '../src/core/contract/api.ts';
import type { ServiceSchedule } from '../server/dcsa/ovs-schemas.ts';
import { parseScheduleSources, type ScheduleSource } from '../server/dcsa/sources-config.ts';
import { createSourceReader, retryDelayMs, type SourceReader } from '../server/dcsa/sources.ts';
import { importFile } from '../server/import/run.ts';
import { readFeedStates } from '../server/instance/feed-state.ts';
import { moveEta } from '../server/vessels/eta-history.ts';
import { startTestServer, TEST_ADMIN, type TestServer } from './helpers/server.ts';

const PATH = '/v3/service-schedules';
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

let a: TestServer;
let b: TestServer;
let source: ScheduleSource;
let reader: SourceReader;
/** A provider of the test's own making: its answer is whatever `answer` does. */
let provider: Server;
let providerUrl: string;
let answer: (res: ServerResponse) => void = (res) => res.end();
/** The second Quay's one user: its ADMIN_USER (there is no user administration yet). */
const ADMIN = TEST_ADMIN.usrId;

/** Degrees as UN/LOCODE writes them: `0117N 10350E`. */
function coordinates(lat: number, lon: number): string {
  const part = (deg: number, width: number, pos: string, neg: string) => {
    const minutes = Math.round(Math.abs(deg) * 60);
    const d = String(Math.floor(minutes / 60)).padStart(width, '0');
    return `${d}${String(minutes % 60).padStart(2, '0')}${deg < 0 ? neg : pos}`;
  };
  return `${part(lat, 2, 'N', 'S')} ${part(lon, 3, 'E', 'W')}`;
}

/**
 * The first Quay's ports as a UN/LOCODE code list, for the second to import as an operator would
 * (integration.md#starting-empty-and-importing): the fixture's few ports lack most of the demo world's.
 */
async function portsFile(dir: string): Promise<string> {
  const ports = await a.db.query<{ port_cd: string; port_nm: string; lat: number; lon: number }>(
    'SELECT port_cd, port_nm, lat, lon FROM ports ORDER BY port_cd',
  );
  const q = (s: string) => `"${s.replace(/"/g, '""')}"`;
  const lines = ports.map((p) =>
    [
      '',
      q(p.port_cd.slice(0, 2)),
      q(p.port_cd.slice(2)),
      q(p.port_nm),
      q(p.port_nm),
      '""',
      q('1-------'),
      q('AI'),
      q('0401'),
      '',
      q(coordinates(p.lat, p.lon)),
      '""',
    ].join(','),
  );
  const file = join(dir, 'ports.csv');
  await writeFile(file, `${lines.join('\n')}\n`);
  return file;
}

let dir: string;

beforeAll(async () => {
  a = await startTestServer({ apiKeyPerMin: 10_000 });
  // The second Quay starts as `DEMO=off npm start` does: no world, no demo users; its ports imported.
  b = await startTestServer({ demo: false });
  dir = await mkdtemp(join(tmpdir(), 'quay-ports-'));
  const imported = await importFile(b.db, await portsFile(dir));
  expect(imported).toMatchObject({ kind: 'unlocode', refused: [] });
  const made = await a.call('POST', '/api/v2/app/admin/api-keys', {
    as: 'staff',
    body: { label: 'second Quay' },
  });
  const { key } = made.json<{ key: string }>();
  // Two services a page, so that the cursor is followed.
  source = { url: `${await a.listen()}${PATH}?limit=2`, header: { name: 'API-Key', value: key } };
  reader = createSourceReader(b.db, source, { intervalS: 300, log: quiet });
  provider = createServer((_req, res) => answer(res));
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  providerUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}${PATH}`;
});
afterAll(async () => {
  provider.closeAllConnections();
  await new Promise((resolve) => provider.close(resolve));
  await a.close();
  await b.close();
  await rm(dir, { recursive: true, force: true });
});

const schedulesOf = async (s: TestServer): Promise<ServiceSchedule[]> => {
  const res = await s.call('GET', `${PATH}?limit=1000`, { as: s === b ? ADMIN : 'staff' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ServiceSchedule[]>();
};
const count = async (s: TestServer, sql: string, params: unknown[] = []): Promise<number> =>
  (await s.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${sql}`, params))[0]?.n ?? 0;
/** Everything a change would leave behind on the second Quay. */
const traces = async () => ({
  etaChanges: await count(b, 'eta_changes'),
  notifications: await count(b, 'notifications'),
  versions:
    (await b.db.query<{ v: number | null }>('SELECT sum(version)::int AS v FROM sync_clock'))[0]?.v ?? 0,
});

describe('a second Quay reading the first', () => {
  it('follows the cursor pages and ends with the same schedules', async () => {
    // Nothing but what DEMO=off brings and the import: no vessel, no port call, no user but the admin.
    expect(await count(b, 'vessels')).toBe(0);
    expect(await count(b, 'port_calls')).toBe(0);
    expect(await b.db.query('SELECT usr_id FROM users')).toEqual([{ usr_id: ADMIN }]);
    expect(await count(b, 'ports')).toBe(await count(a, 'ports'));
    const started = Date.now();
    const state = await reader.read();
    console.info(
      `schedule source: first read of the demo world took ${Date.now() - started} ms`,
      state.counters,
    );
    expect(state.lastError).toBeNull();
    expect(state.counters.pages).toBeGreaterThan(1);
    expect(state.counters.created).toBeGreaterThan(100);
    expect(state.counters.refused).toBe(0);
    const mine = await schedulesOf(b);
    expect(mine.length).toBeGreaterThan(2);
    expect(mine).toEqual(await schedulesOf(a));
    const saved = (await readFeedStates(b.db)).find((f) => f.source === source.url);
    expect(saved?.lastSuccessAt).not.toBeNull();
    expect(saved?.counters.pages).toBe(state.counters.pages);
    expect(JSON.stringify(saved)).not.toContain(source.header?.value);
  });

  it('reads the same schedules again without changing anything', async () => {
    const before = await traces();
    // A reader of its own keeps no validators: every page is read and written again, and nothing changes.
    const again = await createSourceReader(b.db, source, { intervalS: 300, log: quiet }).read();
    expect(again.counters.calls).toBeGreaterThan(100);
    expect(again.counters.changed).toBe(0);
    expect(again.counters.created).toBe(0);
    expect(await traces()).toEqual(before);
    // The first Quay's pages carry an ETag: asked again with it, they come back as 304s.
    const state = await reader.read();
    expect(state.counters.notModified).toBe((state.counters.pages ?? 0) / 2);
    expect(await traces()).toEqual(before);
  });

  it('brings an ETA moved on the first with its history, its notification and a fired My Alert', async () => {
    // The admin of the second follows QHZN, which the first read brought; an alert on ETA moves of more than 3 hours.
    const follow = await b.call('PUT', commonPath(COMMON_MY_SETTING), {
      as: ADMIN,
      body: { vslCds: ['QHZN'] },
    });
    expect(follow.statusCode, follow.body).toBe(200);
    const rule = { ruleId: 'feed', vslCd: 'QHZN', kind: 'ETA', portCd: null, hrs: 3, events: [] };
    const saved = await b.call('PUT', notificationPath(NOTIFICATION_ALERT_RULE), { as: ADMIN, body: rule });
    expect(saved.statusCode, saved.body).toBe(200);
    const moved = await a.db.tx((sql) => moveEta(sql, { vslCd: 'QHZN', hours: 4, by: 'staff' }));
    if (!moved) throw new Error('QHZN has no call to move');
    const notes = (id: string, usr: string) =>
      count(b, "notifications WHERE not_id = $1 AND usr_id = $2 AND vsl_cd = 'QHZN'", [id, usr]);
    const before = { n001: await notes('N001', ADMIN), n010: await notes('N010', ADMIN) };

    const started = Date.now();
    const state = await reader.read();
    console.info(
      `schedule source: a moved ETA reached the second Quay in ${Date.now() - started} ms (one read)`,
    );
    expect(state.lastError).toBeNull();
    const call = { vsl: moved.vslCd, voy: moved.skdVoyNo, dir: moved.skdDirCd, seq: moved.callSeq };
    const eta = await b.db.query<{ eta: Date }>(
      'SELECT eta FROM port_calls WHERE vsl_cd = $1 AND skd_voy_no = $2 AND skd_dir_cd = $3 AND call_seq = $4',
      [call.vsl, call.voy, call.dir, call.seq],
    );
    expect(new Date(eta[0]?.eta ?? 0).toISOString()).toBe(moved.toEta);
    const history = await b.db.query<{ old_eta: Date; new_eta: Date; chg_by: string }>(
      'SELECT old_eta, new_eta, chg_by FROM eta_changes WHERE vsl_cd = $1 AND skd_voy_no = $2 AND call_seq = $3',
      [call.vsl, call.voy, call.seq],
    );
    expect(history).toHaveLength(1);
    expect(new Date(history[0]?.old_eta ?? 0).toISOString()).toBe(moved.fmEta);
    expect(history[0]?.chg_by).toBe(new URL(source.url).host);
    expect(await notes('N001', ADMIN)).toBe(before.n001 + 1);
    expect(await notes('N010', ADMIN)).toBe(before.n010 + 1);
    expect(await schedulesOf(b)).toEqual(await schedulesOf(a));
  });
});

/** A page of one service whose one vessel calls at the given ports. */
const page = (ports: readonly string[], code = 'TSX'): ServiceSchedule => ({
  carrierServiceName: 'Test Express',
  carrierServiceCode: code,
  vesselSchedules: [
    {
      vesselOperatorSMDGLinerCode: 'TST',
      vesselIMONumber: '9000001',
      vesselName: 'TEST TRADER',
      isDummyVessel: false,
      transportCalls: ports.map((port, i) => ({
        transportCallReference: `T-${port}-${i}`,
        carrierImportVoyageNumber: '0001E',
        location: { locationType: 'UNLO', UNLocationCode: port },
        timestamps: [
          { eventTypeCode: 'ARRI', eventClassifierCode: 'EST', eventDateTime: `2030-01-0${i + 1}T08:00:00Z` },
        ],
      })),
    },
  ],
});

describe('a provider that fails', () => {
  const failing = () =>
    createSourceReader(
      b.db,
      { url: providerUrl, header: null },
      { intervalS: 300, log: quiet, timeoutMs: 300 },
    );
  const testVessel = () => count(b, "vessels WHERE imo_no = '9000001'");

  it('is tried again after a doubling wait, capped, with its state saved in plain words', async () => {
    const r = failing();
    answer = (res) => res.writeHead(500).end('oops');
    let state = await r.read();
    expect(state.lastError).toBe('HTTP 500 from the provider on page 1');
    expect(r.delayMs()).toBe(retryDelayMs(1));
    answer = (res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"no');
    state = await r.read();
    expect(state.lastError).toBe('page 1 is not JSON');
    expect(r.delayMs()).toBe(2 * retryDelayMs(1));
    answer = () => undefined; // never answers
    state = await r.read();
    expect(state.lastError).toBe('no answer within 0.3 s on page 1');
    expect(state.counters.failures).toBe(3);
    expect(retryDelayMs(40)).toBe(retryDelayMs(20));
    const saved = (await readFeedStates(b.db)).find((f) => f.source === providerUrl);
    expect(saved?.lastError).toBe(state.lastError);
    expect(Date.parse(saved?.nextTryAt ?? '')).toBeGreaterThan(Date.parse(saved?.lastErrorAt ?? ''));
    expect(saved?.lastSuccessAt).toBeNull();
  });

  it('writes nothing of a page that breaks the standard, and says where', async () => {
    const bad = [page(['SGSIN']), { carrierServiceName: 'Broken', vesselSchedules: [] }];
    answer = (res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(bad));
    const state = await failing().read();
    expect(state.lastError).toMatch(/^page 1 is not DCSA OVS 3\.0\.2: \/1 /);
    expect(await testVessel()).toBe(0);
  });

  it('refuses a call at a port Quay does not know, names it, and takes the others', async () => {
    answer = (res) =>
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify([page(['SGSIN', 'XXZZZ'])]));
    const state = await failing().read();
    expect(state.counters.refused).toBe(1);
    expect(state.lastError).toContain("T-XXZZZ-1 (port XXZZZ is not in Quay's ports)");
    expect(await count(b, "port_calls c JOIN vessels v USING (vsl_cd) WHERE v.imo_no = '9000001'")).toBe(1);
  });
});

describe('the leading instance', () => {
  it('reads the sources SCHEDULE_SOURCES names, as one of its jobs, and saves their state', async () => {
    answer = (res) =>
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify([page(['SGSIN'], 'JOB')]));
    const c = await startTestServer({
      scheduleSources: [{ url: providerUrl, header: null }],
      scheduleIntervalS: 3600,
    });
    try {
      // The job starts when the server is ready; its first read is under way at once.
      let state;
      while (!(state = (await readFeedStates(c.db)).find((f) => f.source === providerUrl)))
        await new Promise((resolve) => setTimeout(resolve, 20));
      expect(state.lastError).toBeNull();
      expect(await count(c, "lanes WHERE lane_cd = 'JOB'")).toBe(1);
    } finally {
      await c.close();
    }
  });
});

describe('SCHEDULE_SOURCES', () => {
  it('takes URLs with one header each, and refuses what it cannot read in plain words', () => {
    const [one, two] = parseScheduleSources(
      `https://p.example${PATH}?UNLocationCode=SGSIN|API-Key: quay_abc , http://127.0.0.1:8080${PATH}`,
    );
    expect(one).toEqual({
      url: `https://p.example${PATH}?UNLocationCode=SGSIN`,
      header: { name: 'API-Key', value: 'quay_abc' },
    });
    expect(two?.header).toBeNull();
    expect(() => parseScheduleSources('p.example')).toThrow(/is not a URL/);
    expect(() => parseScheduleSources('https://p.example/schedules')).toThrow(/\/v3\/service-schedules URL/);
    expect(() => parseScheduleSources(`https://k:s@p.example${PATH}`)).toThrow(/put the key in the header/);
    expect(() => parseScheduleSources(`https://p.example${PATH}|API-Key`)).toThrow(/Name: value/);
    expect(() => parseScheduleSources(`https://p.example${PATH}?cursor=x`)).toThrow(/cursor/);
    // Other providers' calls are numbered by their place in the whole voyage: the matched calls alone are refused.
    expect(() => parseScheduleSources(`https://p.example${PATH}?responseScope=MATCHED_CALLS`)).toThrow(
      /responseScope=MATCHED_CALLS: Quay reads whole voyages/,
    );
    expect(parseScheduleSources(`https://p.example${PATH}?responseScope=FULL_VOYAGE`)).toHaveLength(1);
  });
});
