// AIS reports into the real server's vessels (integration.md#ais-positions-in): matched by MMSI, one position per
// vessel per interval with the newest winning, static data only where Quay has none, and the simulator's NMEA read
// back through the feed moving the vessel in the API.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApplier, etaInstant } from '../server/ais/apply.ts';
import type { PositionReport, StaticReport } from '../server/ais/decode.ts';
import { startAis } from '../server/ais/index.ts';
import { startNmeaSender } from '../server/simulator/nmea.ts';
import { startTestServer, type TestServer } from './helpers/server.ts';

let s: TestServer;
let vslCd = '';
let mmsi = 0;
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

beforeAll(async () => {
  s = await startTestServer();
  const [v] = await s.db.query<{ vsl_cd: string; mmsi: string }>(
    'SELECT vsl_cd, mmsi FROM vessels WHERE mmsi IS NOT NULL ORDER BY vsl_cd LIMIT 1',
  );
  vslCd = v?.vsl_cd ?? '';
  mmsi = Number(v?.mmsi);
});
afterAll(() => s.close());

const position = (lat: number, lon: number, second: number | null = null): PositionReport => ({
  kind: 'position',
  type: 1,
  mmsi,
  lat,
  lon,
  sog: 12.5,
  cog: 90,
  heading: 91,
  navStatus: 0,
  second,
});
const ais = async (vessel = vslCd) => {
  const res = await s.call('GET', `/api/v2/app/vessel/ais?vslCd=${vessel}`, { as: 'staff' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ lat: number; lon: number; sog: number; hdg: number; navSts: string; posDt: string }>();
};
const trackLength = async () =>
  (
    await s.db.query<{ n: number }>('SELECT count(*)::int AS n FROM vessel_positions WHERE vsl_cd = $1', [
      vslCd,
    ])
  )[0]?.n ?? 0;

describe('writing the reports of an interval', () => {
  it('stores one position per vessel, the newest; an unknown MMSI is counted', async () => {
    const applier = createApplier();
    const now = Date.now() + 3_600_000; // ahead of whatever the seed stored
    const before = await trackLength();
    applier.take([position(10, 20), position(10.5, 20.5)], now - 2000);
    applier.take([position(11, 21)], now - 1000);
    applier.take([{ ...position(1, 1), mmsi: 999_000_001 }], now);
    const report = await s.db.tx((sql) => applier.write(sql, now));
    expect(report).toEqual({ positions: 1, stale: 0, unknown: 1, statics: 0, detected: 0 });
    expect(await trackLength()).toBeLessThanOrEqual(before + 1);
    expect(await ais()).toMatchObject({ lat: 11, lon: 21, sog: 12.5, hdg: 91, navSts: 'UNDER_WAY' });

    // The next interval starts empty: nothing more is written.
    expect(await s.db.tx((sql) => applier.write(sql, now))).toEqual({
      positions: 0,
      stale: 0,
      unknown: 0,
      statics: 0,
      detected: 0,
    });
    // A report older than the stored fix loses to it.
    applier.take([position(12, 22)], now - 60_000);
    expect(await s.db.tx((sql) => applier.write(sql, now))).toMatchObject({ positions: 0, stale: 1 });
    expect(await ais()).toMatchObject({ lat: 11, lon: 21 });
  });

  it('static data fills only the particulars Quay lacks; destination and ETA are kept', async () => {
    await s.db.query("UPDATE vessels SET call_sgn = '', beam_m = NULL WHERE vsl_cd = $1", [vslCd]);
    const [was] = await s.db.query<{ imo_no: string; loa_m: number }>(
      'SELECT imo_no, loa_m FROM vessels WHERE vsl_cd = $1',
      [vslCd],
    );
    const fields: StaticReport = {
      kind: 'static',
      type: 5,
      mmsi,
      imo: '9999999',
      callSign: 'ZZ123',
      name: 'OTHER NAME',
      shipType: 71,
      lengthM: 123,
      beamM: 40,
      destination: 'NLRTM',
      eta: { month: 5, day: 15, hour: 14, minute: 0 },
      draughtM: 12,
    };
    const applier = createApplier();
    applier.take([fields]);
    expect(await s.db.tx((sql) => applier.write(sql))).toMatchObject({ statics: 1 });
    const [now] = await s.db.query<Record<string, unknown>>(
      'SELECT imo_no, call_sgn, loa_m, beam_m, ais_destination, ais_eta FROM vessels WHERE vsl_cd = $1',
      [vslCd],
    );
    expect(now).toMatchObject({
      imo_no: was?.imo_no,
      call_sgn: 'ZZ123',
      loa_m: was?.loa_m,
      beam_m: 40,
      ais_destination: 'NLRTM',
    });
    expect(now?.ais_eta).not.toBeNull();
  });

  it('the AIS ETA, without a year, is the nearest such instant, at most a month back', () => {
    const now = Date.UTC(2026, 11, 20);
    expect(etaInstant({ month: 1, day: 3, hour: 6, minute: 30 }, now)?.toISOString()).toBe(
      '2027-01-03T06:30:00.000Z',
    );
    expect(etaInstant({ month: 12, day: 1, hour: 0, minute: 0 }, now)?.toISOString()).toBe(
      '2026-12-01T00:00:00.000Z',
    );
    expect(etaInstant({ month: 2, day: 30, hour: 0, minute: 0 }, now)).toBeNull();
    expect(etaInstant({ month: 2, day: 3, hour: null, minute: null }, now)).toBeNull();
  });
});

describe("the simulator's NMEA door", () => {
  it('a position it sends comes back through the AIS feed and moves the vessel in the API', async () => {
    const sender = startNmeaSender(0, quiet);
    const port = await sender.listening;
    const job = startAis(s.db, { sources: [{ host: '127.0.0.1', port }], intervalS: 1, log: quiet });
    try {
      // Another vessel than above, whose stored fixes are of the seed's time.
      const [other] = await s.db.query<{ vsl_cd: string }>(
        'SELECT vsl_cd FROM vessels WHERE mmsi IS NOT NULL AND vsl_cd <> $1 ORDER BY vsl_cd LIMIT 1',
        [vslCd],
      );
      const vessel = other?.vsl_cd ?? '';
      const fix = { lat: 51.9, lon: 4.05, sog: 0, cog: 12, hdg: 200, navSts: 'MOORED' as const };
      await vi.waitFor(() => expect(job.stats()[0]?.connected).toBe(true));
      // Sent as the simulator sends a tick's fixes; the feed writes once a second here.
      await vi.waitFor(
        async () => {
          await sender.send(s.db, new Map([[vessel, [{ ...fix, posDt: Date.now() }]]]));
          expect(await ais(vessel)).toMatchObject({ lat: 51.9, lon: 4.05, hdg: 200, navSts: 'MOORED' });
        },
        { timeout: 15_000, interval: 500 },
      );
      expect(job.stats()[0]?.dropped).toMatchObject({ checksum: 0, garbage: 0, truncated: 0 });
    } finally {
      await job.stop();
      await sender.close();
    }
  });
});
