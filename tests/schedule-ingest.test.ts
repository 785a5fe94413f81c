// What a schedule source's own vessels and calls become (integration.md#mapping-ovs-into-quay): a vessel it makes has
// its unknown particulars unknown (null, "-" on screen), which every vessel call and the served standards take; and
// another provider's calls keep their numbers when a call refused before is let in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VesselCurrent } from '../src/core/contract/vessel.ts';
import { ingestServiceSchedules } from '../server/dcsa/ingest.ts';
import type { ServiceSchedule, TransportCall } from '../server/dcsa/ovs-schemas.ts';
import { startTestServer, type TestServer } from './helpers/server.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => s.close());

const IMO = '9000002';
const V = '/api/v2/app/vessel';
const DAY = 86_400_000;

/** A call of another provider (not Quay's reference) on a voyage, arriving `day` days from now: inside OVS's window. */
const callAt = (port: string, day: number, voyage = '0101W'): TransportCall => ({
  transportCallReference: `NS-${voyage}-${port}`,
  carrierImportVoyageNumber: voyage,
  location: { locationType: 'UNLO', UNLocationCode: port },
  timestamps: [
    {
      eventTypeCode: 'ARRI',
      eventClassifierCode: 'EST',
      eventDateTime: new Date(Math.floor(Date.now() / DAY + day) * DAY).toISOString(),
    },
  ],
});

/** One service with one vessel that the standard names by IMO number and name only. */
const schedule = (calls: TransportCall[]): ServiceSchedule => ({
  carrierServiceName: 'Northern Loop',
  carrierServiceCode: 'NSL',
  vesselSchedules: [
    {
      vesselOperatorSMDGLinerCode: 'NSC',
      vesselIMONumber: IMO,
      vesselName: 'NORTHERN STAR',
      isDummyVessel: false,
      transportCalls: calls,
    },
  ],
});

const ingest = (calls: TransportCall[]) =>
  ingestServiceSchedules(s.db, [schedule(calls)], { source: 'provider.example', now: new Date() });

const vesselCode = async (): Promise<string> => {
  const rows = await s.db.query<{ vsl_cd: string }>('SELECT vsl_cd FROM vessels WHERE imo_no = $1', [IMO]);
  if (!rows[0]) throw new Error('the source made no vessel');
  return rows[0].vsl_cd;
};

const callsOf = async (vslCd: string) =>
  s.db.query<{ call_seq: number; port_cd: string }>(
    "SELECT call_seq, port_cd FROM port_calls WHERE vsl_cd = $1 AND skd_voy_no = '0202' ORDER BY call_seq",
    [vslCd],
  );

describe("a source's vessel", () => {
  it('has the particulars the source did not give as unknown, not as 0 or empty', async () => {
    const report = await ingest([callAt('SGSIN', 1), callAt('NLRTM', 20)]);
    expect(report.refused).toEqual([]);
    const rows = await s.db.query(
      'SELECT imo_no, call_sgn, flag_cd, teu, built_yr, loa_m, svc_spd FROM vessels WHERE imo_no = $1',
      [IMO],
    );
    expect(rows).toEqual([
      { imo_no: IMO, call_sgn: null, flag_cd: null, teu: null, built_yr: null, loa_m: null, svc_spd: null },
    ]);
  });

  it('answers its vessel page data with null for each unknown particular', async () => {
    const vslCd = await vesselCode();
    const res = await s.call('GET', `${V}/current?vslCd=${vslCd}`, { as: 'staff' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<VesselCurrent>()).toMatchObject({
      vslNm: 'NORTHERN STAR',
      imoNo: IMO,
      callSgn: null,
      flagCd: null,
      teu: null,
      builtYr: null,
      loaM: null,
      svcSpd: null,
    });
    // A known value keeps its wire form.
    const demo = await s.call('GET', `${V}/current?vslCd=QHZN`, { as: 'staff' });
    expect(demo.json<VesselCurrent>()).toMatchObject({ teu: expect.any(Number), flagCd: expect.any(String) });
  });

  it.each([
    '/cascade?vslCd={v}',
    '/next-port?vslCd={v}',
    '/latest-report?vslCd={v}',
    '/daily/sheet?vslCd={v}',
    '/calc-foc?vslCd={v}',
    '/cii/week?vslCd={v}',
    '/info/fleet',
  ])('answers %s without a 5xx', async (path) => {
    const res = await s.call('GET', `${V}${path.replace('{v}', await vesselCode())}`, { as: 'staff' });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('has no CII size when its capacity is not known', async () => {
    const res = await s.call('GET', `${V}/cii/week?vslCd=${await vesselCode()}`, { as: 'staff' });
    expect(res.json()).toMatchObject({ dwt: null, ciiRequired: null });
  });

  it('is served by OVS and CS with what is known of it', async () => {
    const ovs = await s.call('GET', `/v3/service-schedules?vesselIMONumber=${IMO}`, { as: 'staff' });
    expect(ovs.statusCode, ovs.body).toBe(200);
    const [service] = ovs.json<ServiceSchedule[]>();
    expect(service?.vesselSchedules?.[0]).toMatchObject({
      vesselIMONumber: IMO,
      vesselName: 'NORTHERN STAR',
    });
    expect(service?.vesselSchedules?.[0]).not.toHaveProperty('vesselCallSign');
    const cs = await s.call('GET', `/v1/vessel-schedules?vesselIMONumber=${IMO}`, { as: 'staff' });
    expect(cs.statusCode, cs.body).toBe(200);
    expect(cs.body).not.toContain('"flag"');
  });
});

describe("another provider's calls", () => {
  it('keep their numbers when a call refused before is let in, and a second read changes nothing', async () => {
    const voyage = [callAt('SGSIN', 40, '0202W'), callAt('XXQAY', 48, '0202W'), callAt('NLRTM', 60, '0202W')];
    const first = await ingest(voyage);
    expect(first.refused).toEqual([{ call: 'NS-0202W-XXQAY', reason: "port XXQAY is not in Quay's ports" }]);
    const vslCd = await vesselCode();
    // Numbered by their place in the provider's voyage, the refused call's place kept free.
    expect(await callsOf(vslCd)).toEqual([
      { call_seq: 1, port_cd: 'SGSIN' },
      { call_seq: 3, port_cd: 'NLRTM' },
    ]);
    expect((await ingest(voyage)).changed).toBe(0);

    // The port is imported: the call comes in at its own place, and the others stay as they were.
    await s.db.query(
      "INSERT INTO ports (port_cd, port_nm, cnt_cd, cnt_nm, lat, lon, tz) VALUES ('XXQAY', 'Quay Test', 'XX', 'Test', 10, 10, 'UTC')",
    );
    const history = async () =>
      (await s.db.query('SELECT 1 FROM eta_changes WHERE vsl_cd = $1', [vslCd])).length;
    const again = await ingest(voyage);
    expect(again).toMatchObject({ created: 1, changed: 0, refused: [] });
    expect(await callsOf(vslCd)).toEqual([
      { call_seq: 1, port_cd: 'SGSIN' },
      { call_seq: 2, port_cd: 'XXQAY' },
      { call_seq: 3, port_cd: 'NLRTM' },
    ]);
    expect(await history()).toBe(0);
    expect(await ingest(voyage)).toMatchObject({ created: 0, changed: 0 });
  });
});
