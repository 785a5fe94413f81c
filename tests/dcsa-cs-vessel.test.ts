// GET /v1/vessel-schedules (DCSA CS 1.0.3) on the real server: answers checked against the standard's schemas, with
// local times; its filters; paging by the cursor sent with the first page's parameters; what an agent's and a vessel
// user's keys see; refusals in the standard's error body, never a 5xx.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServiceSchedules, VesselSchedulesQuery } from '../server/dcsa/cs-schemas.ts';
import type { ServiceSchedule, TransportCall } from '../server/dcsa/cs-schemas.ts';
import { startTestServer, type TestServer } from './helpers/server.ts';
import { csCalls, keyFor } from './helpers/dcsa-cs.ts';

let s: TestServer;
let staff: Record<string, string> = {};
beforeAll(async () => {
  s = await startTestServer();
  staff = { 'x-auth-token': await s.token('staff') };
});
afterAll(() => s.close());

const api = () => csCalls(s, '/v1/vessel-schedules', ServiceSchedules, () => staff);
const callsOf = (list: ServiceSchedule[]): TransportCall[] =>
  list.flatMap((svc) => svc.vesselSchedules.flatMap((v) => v.transportCalls ?? []));
const portOf = (c: TransportCall) => c.location?.UNLocationCode;
const namesOf = (list: ServiceSchedule[]) =>
  new Set(list.flatMap((x) => x.vesselSchedules).map((v) => v.vessel?.name));

describe('the answer', () => {
  it("is the live world as the standard's schedules: vessels with IMO, MMSI and flag, calls in local time", async () => {
    const all = await api().ok('?UNLocationCode=SGSIN&limit=1000');
    expect(all.length).toBeGreaterThan(3);
    const vessels = all.flatMap((svc) => svc.vesselSchedules);
    expect(vessels.every((v) => v.vessel?.vesselIMONumber && v.vessel.MMSINumber && v.vessel.flag)).toBe(
      true,
    );
    const calls = callsOf(all);
    expect(calls.length).toBeGreaterThan(20);
    // Singapore is eight hours ahead of UTC all year: its times say so.
    const sgsin = calls.filter((c) => portOf(c) === 'SGSIN').flatMap((c) => c.timestamps);
    expect(sgsin.every((t) => t.eventDateTime.endsWith('+08:00'))).toBe(true);
    const kinds = new Set(
      calls.flatMap((c) => c.timestamps.map((t) => `${t.eventTypeCode} ${t.eventClassifierCode}`)),
    );
    for (const kind of ['ARRI PLN', 'ARRI EST', 'ARRI ACT', 'DEPA EST', 'DEPA ACT'])
      expect(kinds).toContain(kind);
  });
});

describe('the filters', () => {
  it('UNLocationCode: whole voyages calling there, or with MATCHED_CALLS the calls there alone', async () => {
    const full = callsOf(await api().ok('?UNLocationCode=SGSIN&limit=1000'));
    const matched = callsOf(await api().ok('?UNLocationCode=SGSIN&responseScope=MATCHED_CALLS&limit=1000'));
    expect(matched.length).toBeGreaterThan(0);
    expect(new Set(matched.map(portOf))).toEqual(new Set(['SGSIN']));
    expect(full.length).toBeGreaterThan(matched.length);
  });

  it('vessel, service, voyage and operator filters narrow to what they name', async () => {
    const one = (await api().ok('?UNLocationCode=SGSIN'))[0]?.vesselSchedules[0];
    const call = one?.transportCalls?.[0];
    const imo = one?.vessel?.vesselIMONumber;
    expect(imo && call && one.vessel?.name).toBeTruthy();
    expect(namesOf(await api().ok(`?vesselIMONumber=${imo}`))).toEqual(new Set([one?.vessel?.name]));
    const lower = encodeURIComponent((one?.vessel?.name ?? '').toLowerCase());
    expect(namesOf(await api().ok(`?vesselName=${lower}`))).toEqual(new Set([one?.vessel?.name]));
    const voyage = callsOf(
      await api().ok(`?vesselIMONumber=${imo}&carrierVoyageNumber=${call?.carrierImportVoyageNumber}`),
    );
    expect(new Set(voyage.map((c) => c.carrierImportVoyageNumber))).toEqual(
      new Set([call?.carrierImportVoyageNumber]),
    );
    expect((await api().ok('?carrierServiceCode=AEX')).map((x) => x.carrierServiceCode)).toEqual(['AEX']);
    const operator = one?.vessel?.operatorCarrierCode ?? '';
    const byOperator = (await api().ok(`?vesselOperatorCarrierCode=${operator}&limit=1000`)).flatMap(
      (x) => x.vesselSchedules,
    );
    expect(byOperator.length).toBeGreaterThan(0);
    expect(new Set(byOperator.map((v) => v.vessel?.operatorCarrierCode))).toEqual(new Set([operator]));
    // Quay holds no universal references: a filter on one matches nothing.
    expect(await api().ok('?universalServiceReference=SR12345A')).toEqual([]);
  });

  it('startDate and endDate keep the calls of those local days', async () => {
    const day = s.seedNow.toISOString().slice(0, 10);
    const calls = callsOf(
      await api().ok(`?UNLocationCode=SGSIN&startDate=${day}&endDate=${day}&responseScope=MATCHED_CALLS`),
    );
    expect(calls.length).toBeGreaterThan(0);
    expect(await api().ok('?UNLocationCode=SGSIN&startDate=2001-01-01&endDate=2001-01-31')).toEqual([]);
  });
});

describe('paging', () => {
  it('walks every service once, the cursor sent with the first page parameters', async () => {
    const whole = (await api().ok('?UNLocationCode=SGSIN&limit=1000')).map((x) => x.carrierServiceCode);
    const pages = await api().pages('?UNLocationCode=SGSIN&limit=2');
    expect(pages.length).toBeGreaterThan(1);
    expect(pages.every((p) => p.length <= 2)).toBe(true);
    expect(pages.flat().map((x) => x.carrierServiceCode)).toEqual(whole);
  });

  it('refuses a cursor with changed parameters, a forged one, or one of another call', async () => {
    const first = await api().get('?UNLocationCode=SGSIN&limit=1');
    const cursor = String(first.headers['next-page-cursor']);
    const changed = await api().refused(`?UNLocationCode=MYTPP&limit=1&cursor=${cursor}`, 400);
    expect([changed.property, changed.code]).toEqual(['UNLocationCode', 7002]);
    expect((await api().refused(`?cursor=${cursor.slice(0, -2)}xx`, 400)).property).toBe('cursor');
    const ovs = await s.app.inject({ method: 'GET', url: '/v3/service-schedules?limit=1', headers: staff });
    const other = String(ovs.headers['next-page-cursor']);
    expect((await api().refused(`?cursor=${other}`, 400)).code).toBe(7002);
  });
});

describe('reach', () => {
  it("an agent's key sees its own ports' calls, a vessel user's key its vessel", async () => {
    const agent = callsOf(await api().ok('?UNLocationCode=SGSIN&limit=1000', await keyFor(s, 'agent')));
    expect(agent.length).toBeGreaterThan(0);
    expect(new Set(agent.map(portOf))).toEqual(new Set(['SGSIN', 'MYTPP', 'MYPKG']));
    const own = await api().ok('?UNLocationCode=SGSIN&limit=1000', await keyFor(s, 'vessel'));
    expect(namesOf(own)).toEqual(new Set(['QUAY HORIZON']));
  });
});

describe('refusals', () => {
  it('no filter, a bad date, a bad limit, an unknown parameter, a bad UN/LOCODE', async () => {
    expect((await api().refused('', 400)).property).toBe('query');
    expect((await api().refused('?startDate=2026-01-01', 400)).property).toBe('query');
    expect((await api().refused('?UNLocationCode=SGSIN&startDate=2026-02-30', 400)).property).toBe(
      'startDate',
    );
    const late = await api().refused('?UNLocationCode=SGSIN&startDate=2026-05-01&endDate=2026-04-01', 400);
    expect(late.property).toBe('startDate');
    for (const limit of ['0', '5000', '1.5', 'Infinity'])
      expect((await api().refused(`?UNLocationCode=SGSIN&limit=${limit}`, 400)).property, limit).toBe(
        'limit',
      );
    expect((await api().refused('?UNLocationCode=SGSIN&MMSINumber=636527582', 400)).property).toBe(
      'MMSINumber',
    );
    const bad = await api().refused('?UNLocationCode=XX123', 400);
    expect([bad.property, bad.body.errors[0]?.value]).toEqual(['UNLocationCode', 'XX123']);
    expect(bad.body.errors[0]?.errorCodeMessage).toContain('UNLocationCode');
    await api().refused('?UNLocationCode=SGSIN', 401, {});
    await api().refused('?UNLocationCode=SGSIN', 403, { 'x-auth-token': await s.token('vessel2') });
  });

  it('answers every parameter sent each bad value with a 4xx in the error body, never a 5xx', async () => {
    const names = Object.keys(VesselSchedulesQuery.properties);
    expect(await api().fives(names, { UNLocationCode: 'SGSIN' })).toEqual([]);
  });
});
