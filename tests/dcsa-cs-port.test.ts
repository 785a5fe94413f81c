// GET /v1/port-schedules (DCSA CS 1.0.3) on the real server: one schedule per terminal of the port, each call with its
// service, vessel and local times, checked against the standard's schemas; its date; paging across terminals; what
// an agent's and a vessel user's keys see; refusals in the standard's error body, never a 5xx.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PortSchedules, PortSchedulesQuery } from '../server/dcsa/cs-schemas.ts';
import type { PortSchedule } from '../server/dcsa/cs-schemas.ts';
import { startTestServer, type TestServer } from './helpers/server.ts';
import { csCalls, keyFor } from './helpers/dcsa-cs.ts';

let s: TestServer;
let staff: Record<string, string> = {};
let day = '';
beforeAll(async () => {
  s = await startTestServer();
  staff = { 'x-auth-token': await s.token('staff') };
  day = s.seedNow.toISOString().slice(0, 10);
});
afterAll(() => s.close());

const api = () => csCalls(s, '/v1/port-schedules', PortSchedules, () => staff);
const schedulesOf = (list: PortSchedule[]) => list.flatMap((p) => p.vesselSchedules ?? []);

describe('the answer', () => {
  it("is one schedule per terminal of the port, each call's times local and in order", async () => {
    const list = await api().ok(`?UNLocationCode=SGSIN&date=${day}`);
    expect(list.length).toBeGreaterThan(1);
    expect(list.every((p) => p.location.UNLocationCode === 'SGSIN' && p.location.facilityName)).toBe(true);
    expect(new Set(list.map((p) => p.location.facilityName)).size).toBe(list.length);
    const calls = schedulesOf(list);
    expect(calls.length).toBeGreaterThan(3);
    for (const c of calls) {
      expect(c.servicePartners[0]?.carrierServiceCode).toBeTruthy();
      expect(c.vessel?.vesselIMONumber).toMatch(/^\d{7}$/);
      expect(c.timestamps.every((t) => t.eventDateTime.endsWith('+08:00'))).toBe(true);
    }
    for (const p of list) {
      const etas = (p.vesselSchedules ?? []).map(
        (v) =>
          v.timestamps.find((t) => t.eventTypeCode === 'ARRI' && t.eventClassifierCode === 'EST')
            ?.eventDateTime ?? '',
      );
      expect(etas).toEqual([...etas].sort());
    }
  });

  it('holds the calls arriving from the date on, at that port alone', async () => {
    const later = new Date(Date.parse(day) + 14 * 86_400_000).toISOString().slice(0, 10);
    const arrivals = (list: PortSchedule[]) =>
      schedulesOf(list).map(
        (v) =>
          v.timestamps.find((t) => t.eventTypeCode === 'ARRI' && t.eventClassifierCode !== 'PLN')
            ?.eventDateTime ?? '',
      );
    const fromLater = arrivals(await api().ok(`?UNLocationCode=SGSIN&date=${later}`));
    expect(fromLater.length).toBeGreaterThan(0);
    expect(fromLater.every((t) => t.slice(0, 10) >= later)).toBe(true);
    expect(await api().ok('?UNLocationCode=SGSIN&date=2001-01-01')).toEqual([]);
    const rtm = await api().ok(`?UNLocationCode=NLRTM&date=${day}`);
    expect(rtm.every((p) => p.location.UNLocationCode === 'NLRTM')).toBe(true);
  });
});

describe('paging', () => {
  it('counts terminals: every terminal once across pages, the cursor sent with the first page parameters', async () => {
    const whole = (await api().ok(`?UNLocationCode=SGSIN&date=${day}`)).map((p) => p.location.facilityName);
    const pages = await api().pages(`?UNLocationCode=SGSIN&date=${day}&limit=1`);
    expect(pages.length).toBe(whole.length);
    expect(pages.flat().map((p) => p.location.facilityName)).toEqual(whole);
    const first = await api().get(`?UNLocationCode=SGSIN&date=${day}&limit=1`);
    const cursor = String(first.headers['next-page-cursor']);
    const changed = await api().refused(
      `?UNLocationCode=SGSIN&date=2026-01-01&limit=1&cursor=${cursor}`,
      400,
    );
    expect([changed.property, changed.code]).toEqual(['date', 7002]);
  });
});

describe('reach', () => {
  it("an agent's key sees its own ports alone, a vessel user's key its vessel's calls", async () => {
    const agent = await keyFor(s, 'agent');
    expect(schedulesOf(await api().ok(`?UNLocationCode=SGSIN&date=${day}`, agent)).length).toBeGreaterThan(0);
    expect(await api().ok(`?UNLocationCode=NLRTM&date=${day}`, agent)).toEqual([]);
    const own = schedulesOf(await api().ok(`?UNLocationCode=SGSIN&date=${day}`, await keyFor(s, 'vessel')));
    expect(new Set(own.map((v) => v.vessel?.name))).toEqual(new Set(['QUAY HORIZON']));
  });
});

describe('refusals', () => {
  it('a missing port or date, a date that is not a day, a bad UN/LOCODE, a parameter the call does not have', async () => {
    expect((await api().refused(`?date=${day}`, 400)).property).toBe('UNLocationCode');
    expect((await api().refused('?UNLocationCode=SGSIN', 400)).property).toBe('date');
    expect((await api().refused('?UNLocationCode=SGSIN&date=2026-02-30', 400)).property).toBe('date');
    expect((await api().refused(`?UNLocationCode=SG&date=${day}`, 400)).property).toBe('UNLocationCode');
    expect((await api().refused(`?UNLocationCode=SGSIN&date=${day}&port=SGSIN`, 400)).property).toBe('port');
  });

  it('answers every parameter sent each bad value with a 4xx in the error body, never a 5xx', async () => {
    const names = Object.keys(PortSchedulesQuery.properties);
    expect(await api().fives(names, { UNLocationCode: 'SGSIN', date: day })).toEqual([]);
  });
});
