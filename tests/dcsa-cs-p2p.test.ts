// GET /v1/point-to-point-routes (DCSA CS 1.0.3) on the real server: the sailings of the app's Port to port search as
// the standard's routings, checked against its schemas; the departure and arrival windows; paging; what an agent's and
// a vessel user's keys see; refusals in the standard's error body, never a 5xx.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PointToPointQuery, PointToPoints } from '../server/dcsa/cs-schemas.ts';
import type { PointToPoint } from '../server/dcsa/cs-schemas.ts';
import type { Sailings } from '../src/core/contract/sailings.ts';
import { startTestServer, type TestServer } from './helpers/server.ts';
import { csCalls, keyFor } from './helpers/dcsa-cs.ts';

let s: TestServer;
let staff: Record<string, string> = {};
/** Two ports many voyages call at in that order, the second outside the agent's ports. */
const FROM = 'SGSIN';
let to = '';
beforeAll(async () => {
  s = await startTestServer();
  staff = { 'x-auth-token': await s.token('staff') };
  const rows = await s.db.query<{ port_cd: string }>(
    `SELECT y.port_cd FROM port_calls x
       JOIN port_calls y ON y.vsl_cd = x.vsl_cd AND y.skd_voy_no = x.skd_voy_no AND y.skd_dir_cd = x.skd_dir_cd
        AND y.call_seq > x.call_seq AND y.skip_yn = 'N'
      WHERE x.port_cd = $1 AND x.atd IS NULL AND x.skip_yn = 'N' AND x.etd > now() AND x.etd < now() + interval '27 days'
        AND y.port_cd NOT IN ('SGSIN', 'MYTPP', 'MYPKG')
      GROUP BY y.port_cd ORDER BY count(*) DESC, y.port_cd LIMIT 1`,
    [FROM],
  );
  to = rows[0]?.port_cd ?? '';
});
afterAll(() => s.close());

const api = () => csCalls(s, '/v1/point-to-point-routes', PointToPoints, () => staff);
/** A routing's vessel and voyage, as the app's search names a sailing. */
const sailingOf = (r: PointToPoint) => (r.routingReference ?? '').split('-').slice(0, 2).join('-');
const q = () => `?placeOfReceipt=${FROM}&placeOfDelivery=${to}`;

describe('the answer', () => {
  it("is the app's Port to port sailings, each a direct vessel leg with its calls between, times local", async () => {
    const app = await s.call('GET', `/api/v2/app/port/sailings?fromPortCd=${FROM}&toPortCd=${to}`, {
      as: 'staff',
    });
    const sailings = app.json<Sailings>().sailings;
    expect(sailings.length).toBeGreaterThan(1);
    const routings = await api().ok(q());
    expect(routings.map(sailingOf).sort()).toEqual(sailings.map((x) => `${x.vslCd}-${x.voyNo}`).sort());
    for (const r of routings) {
      const sailing = sailings.find((x) => `${x.vslCd}-${x.voyNo}` === sailingOf(r));
      expect(r.legs).toHaveLength(1);
      const leg = r.legs[0];
      expect(leg?.transport).toMatchObject({ modeOfTransport: 'VESSEL' });
      expect(r.placeOfReceipt.location.UNLocationCode).toBe(FROM);
      expect(r.placeOfDelivery.location.UNLocationCode).toBe(to);
      expect(leg?.departure.dateTime.endsWith('+08:00')).toBe(true);
      expect(Date.parse(leg?.departure.dateTime ?? '')).toBe(Date.parse(sailing?.etd ?? ''));
      expect(Date.parse(leg?.arrival.dateTime ?? '')).toBe(Date.parse(sailing?.eta ?? ''));
      const hours =
        (Date.parse(leg?.arrival.dateTime ?? '') - Date.parse(leg?.departure.dateTime ?? '')) / 3600e3;
      expect(r.transitTime).toBe(Math.ceil(hours / 24));
      expect((leg?.intermediateCalls ?? []).every((c) => c.location.UNLocationCode)).toBe(true);
    }
    expect(routings.map((r) => r.solutionNumber)).toEqual(routings.map((_, n) => n + 1));
  });

  it('keeps the departure and arrival windows as local dates, and offers no door or freight station', async () => {
    const all = await api().ok(q());
    const first = all[0]?.placeOfReceipt.dateTime.slice(0, 10) ?? '';
    const that = await api().ok(`${q()}&departureStartDate=${first}&departureEndDate=${first}`);
    expect(that.length).toBeGreaterThan(0);
    expect(that.every((r) => r.placeOfReceipt.dateTime.startsWith(first))).toBe(true);
    const arrives = all.at(-1)?.placeOfDelivery.dateTime.slice(0, 10) ?? '';
    const late = await api().ok(`${q()}&arrivalStartDate=${arrives}`);
    expect(late.every((r) => r.placeOfDelivery.dateTime.slice(0, 10) >= arrives)).toBe(true);
    expect(late.length).toBeLessThan(all.length);
    expect(await api().ok(`${q()}&receiptTypeAtOrigin=SD`)).toEqual([]);
    expect(await api().ok(`${q()}&maxTranshipment=0&cargoType=REEFER`)).toEqual(all);
  });
});

describe('paging', () => {
  it('walks every routing once, the cursor sent with the first page parameters', async () => {
    const whole = (await api().ok(q())).map((r) => r.routingReference);
    const pages = await api().pages(`${q()}&limit=1`);
    expect(pages.length).toBe(whole.length);
    expect(pages.flat().map((r) => r.routingReference)).toEqual(whole);
  });
});

describe('reach', () => {
  it("an agent's key sees no routing to a port not its own, a vessel user's key its vessel's", async () => {
    expect(await api().ok(q(), await keyFor(s, 'agent'))).toEqual([]);
    const own = await api().ok(q(), await keyFor(s, 'vessel'));
    expect(
      own.every(
        (r) =>
          r.legs[0]?.transport &&
          'vessel' in r.legs[0].transport &&
          r.legs[0].transport.vessel?.name === 'QUAY HORIZON',
      ),
    ).toBe(true);
  });
});

describe('refusals', () => {
  it('a missing or same port, a window that ends before it starts, a bad service type', async () => {
    expect((await api().refused(`?placeOfReceipt=${FROM}`, 400)).property).toBe('placeOfDelivery');
    expect((await api().refused(`?placeOfReceipt=${FROM}&placeOfDelivery=${FROM}`, 400)).property).toBe(
      'placeOfDelivery',
    );
    const window = await api().refused(
      `${q()}&departureStartDate=2026-05-02&departureEndDate=2026-05-01`,
      400,
    );
    expect(window.property).toBe('departureStartDate');
    expect((await api().refused(`${q()}&receiptTypeAtOrigin=XX`, 400)).property).toBe('receiptTypeAtOrigin');
    expect((await api().refused(`${q()}&maxTranshipment=-1`, 400)).property).toBe('maxTranshipment');
  });

  it('answers every parameter sent each bad value with a 4xx in the error body, never a 5xx', async () => {
    const names = Object.keys(PointToPointQuery.properties);
    expect(await api().fives(names, { placeOfReceipt: FROM, placeOfDelivery: to })).toEqual([]);
  });
});
