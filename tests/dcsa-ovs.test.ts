// GET /v3/service-schedules (DCSA OVS 3.0.2) on the real server: every answer checked against the standard's schemas,
// its filters, paging through every page by the cursor, refusals in the standard's error body, and the API keys staff
// make: used, revoked, rate-limited, and seeing only what their owner's role may see.
import { createHash } from 'node:crypto';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ErrorResponse,
  OVS_VERSION,
  ServiceSchedules,
  ServiceSchedulesQuery,
} from '../server/dcsa/ovs-schemas.ts';
import type { ServiceSchedule, TransportCall } from '../server/dcsa/ovs-schemas.ts';
import { startTestServer, type TestServer } from './helpers/server.ts';
import { BAD_IN_URL } from './helpers/bad-input.ts';

const PATH = '/v3/service-schedules';
const KEYS = '/api/v2/app/admin/api-keys';
const PER_MIN = 20;

const ajv = new Ajv({ strict: false, allErrors: true });
addFormats.default(ajv);
const schedulesValid = ajv.compile(ServiceSchedules);
const errorValid = ajv.compile(ErrorResponse);

let s: TestServer;
let staff: Record<string, string>;
beforeAll(async () => {
  s = await startTestServer({ apiKeyPerMin: PER_MIN });
  staff = { 'x-auth-token': await s.token('staff') };
});
afterAll(() => s.close());

async function get(query: string, headers: Record<string, string> = staff): Promise<LightMyRequestResponse> {
  return s.app.inject({ method: 'GET', url: `${PATH}${query}`, headers });
}

/** A 200's schedules, checked against the standard's schema. */
async function schedules(query: string, headers?: Record<string, string>): Promise<ServiceSchedule[]> {
  const res = await get(query, headers);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['api-version']).toBe(OVS_VERSION);
  const body = res.json<ServiceSchedule[]>();
  expect(schedulesValid(body), JSON.stringify(schedulesValid.errors)).toBe(true);
  return body;
}

/** A refusal: its status, the standard's error body and the parameter it names. */
async function refused(query: string, status: number, headers?: Record<string, string>) {
  const res = await get(query, headers);
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['api-version']).toBe(OVS_VERSION);
  const body = res.json<ErrorResponse>();
  expect(errorValid(body), JSON.stringify(errorValid.errors)).toBe(true);
  expect(body.statusCode).toBe(status);
  return { res, body, property: body.errors[0]?.property };
}

const callsOf = (list: ServiceSchedule[]): TransportCall[] =>
  list.flatMap((svc) => (svc.vesselSchedules ?? []).flatMap((v) => v.transportCalls ?? []));
const portOf = (c: TransportCall): string | undefined =>
  c.location && 'UNLocationCode' in c.location ? c.location.UNLocationCode : undefined;

async function makeKey(usrId?: string): Promise<{ key: string; keyId: string }> {
  const res = await s.call('POST', KEYS, {
    as: 'staff',
    body: { label: 'partner', ...(usrId ? { usrId } : {}) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ key: string; keyId: string }>();
}

describe('the answer', () => {
  it("is the live world as the standard's service schedules: vessels with IMO and MMSI, calls with times", async () => {
    const all = await schedules('?limit=1000');
    expect(all.length).toBeGreaterThan(10);
    const vessels = all.flatMap((svc) => svc.vesselSchedules ?? []);
    expect(vessels.every((v) => v.vesselIMONumber && v.MMSINumber && v.isDummyVessel === false)).toBe(true);
    const calls = callsOf(all);
    expect(calls.length).toBeGreaterThan(100);
    const stamps = calls.flatMap((c) => c.timestamps ?? []);
    for (const kind of ['PLN', 'EST', 'ACT'])
      expect(stamps.some((t) => t.eventClassifierCode === kind)).toBe(true);
    expect(stamps.some((t) => t.eventTypeCode === 'DEPA' && t.eventClassifierCode === 'ACT')).toBe(true);
  });

  it('pages through every service once by the cursor, the filters kept', async () => {
    const whole = (await schedules('?limit=1000')).map((svc) => svc.carrierServiceCode);
    const seen: string[] = [];
    let res = await get('?limit=4');
    for (let pages = 0; pages < 50; pages++) {
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json<ServiceSchedule[]>();
      expect(schedulesValid(page)).toBe(true);
      expect(page.length).toBeLessThanOrEqual(4);
      seen.push(...page.map((svc) => svc.carrierServiceCode));
      const cursor = res.headers['next-page-cursor'];
      if (typeof cursor !== 'string') break;
      expect(cursor.length).toBeLessThanOrEqual(1024);
      res = await get(`?cursor=${encodeURIComponent(cursor)}`);
    }
    expect(seen).toEqual(whole);
    expect(new Set(seen).size).toBe(seen.length);
  });
});

describe('the filters', () => {
  it('UNLocationCode: whole voyages calling there, or with MATCHED_CALLS the calls there alone', async () => {
    const full = await schedules('?UNLocationCode=SGSIN');
    for (const v of full.flatMap((svc) => svc.vesselSchedules ?? [])) {
      const voyages = new Set((v.transportCalls ?? []).map((c) => c.carrierImportVoyageNumber));
      for (const voyage of voyages)
        expect(
          v.transportCalls?.some((c) => c.carrierImportVoyageNumber === voyage && portOf(c) === 'SGSIN'),
        ).toBe(true);
    }
    const matched = callsOf(await schedules('?UNLocationCode=SGSIN&responseScope=MATCHED_CALLS'));
    expect(matched.length).toBeGreaterThan(0);
    expect(new Set(matched.map(portOf))).toEqual(new Set(['SGSIN']));
    expect(callsOf(full).length).toBeGreaterThan(matched.length);
  });

  it('vessel, service and voyage filters narrow to what they name', async () => {
    const one = (await schedules('?limit=1000'))[0]?.vesselSchedules?.[0];
    const call = one?.transportCalls?.[0];
    expect(one?.vesselIMONumber && one.MMSINumber && one.vesselName && call).toBeTruthy();
    const byImo = await schedules(`?vesselIMONumber=${one?.vesselIMONumber}`);
    const vesselsOf = (l: ServiceSchedule[]) =>
      new Set(l.flatMap((x) => x.vesselSchedules ?? []).map((v) => v.vesselName));
    expect(vesselsOf(byImo)).toEqual(new Set([one?.vesselName]));
    expect(vesselsOf(await schedules(`?MMSINumber=${one?.MMSINumber}`))).toEqual(new Set([one?.vesselName]));
    const name = encodeURIComponent((one?.vesselName ?? '').toLowerCase());
    expect(vesselsOf(await schedules(`?vesselName=${name}`))).toEqual(new Set([one?.vesselName]));
    const byVoyage = callsOf(
      await schedules(
        `?vesselIMONumber=${one?.vesselIMONumber}&carrierVoyageNumber=${call?.carrierImportVoyageNumber}`,
      ),
    );
    expect(new Set(byVoyage.map((c) => c.carrierImportVoyageNumber))).toEqual(
      new Set([call?.carrierImportVoyageNumber]),
    );
    const svc = (await schedules('?carrierServiceCode=AEX')).map((x) => x.carrierServiceCode);
    expect(svc).toEqual(['AEX']);
    // Quay holds no universal references: a filter on one matches nothing.
    expect(await schedules('?universalServiceReference=SR12345A')).toEqual([]);
  });

  it('startDate and endDate keep the calls of those days', async () => {
    const day = s.seedNow.toISOString().slice(0, 10);
    const calls = callsOf(await schedules(`?startDate=${day}&endDate=${day}&responseScope=MATCHED_CALLS`));
    expect(calls.length).toBeGreaterThan(0);
    const near = (t: string) =>
      Math.abs(new Date(t).getTime() - new Date(`${day}T12:00:00Z`).getTime()) < 40 * 3600e3;
    for (const c of calls)
      expect(c.timestamps?.some((t) => t.eventTypeCode === 'ARRI' && near(t.eventDateTime))).toBe(true);
    expect(callsOf(await schedules('?startDate=2001-01-01&endDate=2001-01-31'))).toEqual([]);
  });
});

describe('refusals, in the standard error body', () => {
  it('a bad cursor, a cursor with other parameters', async () => {
    const res = await get('?limit=2');
    const cursor = String(res.headers['next-page-cursor']);
    const [payload = '', sig = ''] = cursor.split('.');
    const forged = `${Buffer.from(Buffer.from(payload, 'base64url').toString().replace('"l":2', '"l":9')).toString('base64url')}.${sig}`;
    expect((await refused(`?cursor=${forged}`, 400)).property).toBe('cursor');
    expect((await refused('?cursor=nonsense', 400)).property).toBe('cursor');
    expect((await refused(`?cursor=${cursor}&limit=5`, 400)).property).toBe('limit');
  });

  it('a bad date, a bad limit, an unknown parameter, a bad UN/LOCODE', async () => {
    expect((await refused('?startDate=2026-02-30', 400)).property).toBe('startDate');
    expect((await refused('?endDate=tomorrow', 400)).property).toBe('endDate');
    expect((await refused('?startDate=2026-05-01&endDate=2026-04-01', 400)).property).toBe('startDate');
    for (const limit of ['abc', '0', '5000', '1.5', 'Infinity', '-1'])
      expect((await refused(`?limit=${limit}`, 400)).property, limit).toBe('limit');
    expect((await refused('?limit=1&limit=2', 400)).property).toBe('limit');
    expect((await refused('?vesselIMO=9321483', 400)).property).toBe('vesselIMO');
    const bad = await refused('?UNLocationCode=XX123', 400);
    expect(bad.property).toBe('UNLocationCode');
    expect(bad.body.errors[0]?.value).toBe('XX123');
  });

  it('no credential, an unknown key, a user who is not staff', async () => {
    await refused('', 401, {});
    await refused('', 401, { authorization: `Bearer quay_${'x'.repeat(43)}` });
    await refused('', 401, { authorization: 'Basic abc' });
    await refused('', 403, { 'x-auth-token': await s.token('vessel2') });
  });
});

describe('API keys', () => {
  it('staff make one, shown once and kept hashed; it works as a bearer or API-Key; revoked, it is a 401', async () => {
    const made = await makeKey();
    const rows = await s.db.query<{ key_hash: string }>('SELECT key_hash FROM api_keys WHERE key_id = $1', [
      made.keyId,
    ]);
    expect(rows[0]?.key_hash).toBe(createHash('sha256').update(made.key).digest('hex'));
    const list = await s.call('GET', KEYS, { as: 'staff' });
    expect(list.body).toContain(made.keyId);
    expect(list.body).not.toContain(made.key);
    await schedules('?limit=1', { authorization: `Bearer ${made.key}` });
    await schedules('?limit=1', { 'api-key': made.key });
    const revoked = await s.call('DELETE', `${KEYS}/${made.keyId}`, { as: 'staff' });
    expect(revoked.json<{ revokedAt: string | null }>().revokedAt).not.toBeNull();
    await refused('?limit=1', 401, { authorization: `Bearer ${made.key}` });
  });

  it('only staff make, list or revoke them', async () => {
    for (const as of ['agent', 'vessel', 'viewer']) {
      expect((await s.call('POST', KEYS, { as, body: { label: 'x' } })).statusCode).toBe(403);
      expect((await s.call('GET', KEYS, { as })).statusCode).toBe(403);
    }
    expect(
      (await s.call('POST', KEYS, { as: 'staff', body: { label: 'x', usrId: 'nobody' } })).statusCode,
    ).toBe(404);
  });

  it(`are limited to ${PER_MIN} calls a minute: then a 429 with Retry-After`, async () => {
    const { key } = await makeKey();
    const headers = { 'api-key': key };
    for (let i = 0; i < PER_MIN; i++) expect((await get('?limit=1', headers)).statusCode).toBe(200);
    const { res } = await refused('?limit=1', 429, headers);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60);
  });

  it("see what the owner's role may: an agent's key its own ports' calls, a vessel user's key its vessel", async () => {
    const agent = await makeKey('agent');
    const calls = callsOf(await schedules('?limit=1000', { authorization: `Bearer ${agent.key}` }));
    expect(calls.length).toBeGreaterThan(0);
    expect(new Set(calls.map(portOf))).toEqual(new Set(['SGSIN', 'MYTPP', 'MYPKG']));
    const vessel = await makeKey('vessel');
    const own = await schedules('?limit=1000', { authorization: `Bearer ${vessel.key}` });
    expect(new Set(own.flatMap((x) => x.vesselSchedules ?? []).map((v) => v.vesselName))).toEqual(
      new Set(['QUAY HORIZON']),
    );
  });
});

/** The route fuzz's bad values, and what a date or a lone surrogate adds for this call. */
const BAD_VALUES = [...BAD_IN_URL, '%ED%A0%80', '2026-02-30', '9999-99-99'];

describe('bad input', () => {
  it('answers every parameter of the call, each bad value in turn, with a 4xx in the error body, never a 5xx', async () => {
    const names = Object.keys((ServiceSchedulesQuery as { properties: Record<string, unknown> }).properties);
    expect(names.length).toBeGreaterThan(10);
    const fives: string[] = [];
    for (const name of [...names, 'unknownParameter'])
      for (const bad of BAD_VALUES) {
        const res = await get(`?${name}=${bad}`);
        if (res.statusCode >= 500) fives.push(`${name}=${bad.slice(0, 20)}: ${res.statusCode}`);
        else if (res.statusCode >= 400)
          expect(errorValid(res.json()), `${name}=${bad.slice(0, 20)}`).toBe(true);
      }
    expect(fives).toEqual([]);
  });
});
