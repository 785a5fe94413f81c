// The simulator beside a schedule source (DEMO on, SCHEDULE_SOURCES set): it moves its demo world and leaves a vessel
// and a lane the source made alone, neither failing on a lane it has no rotation for nor touching that vessel's calls.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestServiceSchedules } from '../server/dcsa/ingest.ts';
import type { ServiceSchedule } from '../server/dcsa/ovs-schemas.ts';
import { rng } from '../server/seed/rng.ts';
import { tick } from '../server/simulator/index.ts';
import { startTestServer, type TestServer } from './helpers/server.ts';

const HOUR = 3_600_000;
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => s.close());

/** A service the demo world does not have, with a vessel of its own calling at two demo ports. */
const source = (from: number): ServiceSchedule => ({
  carrierServiceName: 'Outside Loop',
  carrierServiceCode: 'OUTX',
  vesselSchedules: [
    {
      vesselOperatorSMDGLinerCode: 'OUT',
      vesselIMONumber: '9000003',
      MMSINumber: '538000003',
      vesselName: 'OUTSIDER',
      isDummyVessel: false,
      transportCalls: ['SGSIN', 'NLRTM'].map((port, i) => ({
        transportCallReference: `OUT-${port}`,
        carrierImportVoyageNumber: '0001E',
        location: { locationType: 'UNLO', UNLocationCode: port },
        timestamps: [
          {
            eventTypeCode: 'ARRI',
            eventClassifierCode: 'EST',
            // The first call is due within the ticks: a simulator that took the vessel would move and arrive it.
            eventDateTime: new Date(from + (2 + i * 400) * HOUR).toISOString(),
          },
        ],
      })),
    },
  ],
});

describe('the simulator with a schedule source', () => {
  it("ticks without failing and leaves the source's vessel, its calls and its position alone", async () => {
    const start = s.seedNow.getTime();
    const report = await ingestServiceSchedules(s.db, [source(start)], {
      source: 'provider.example',
      now: s.seedNow,
    });
    expect(report).toMatchObject({ created: 2, refused: [] });
    const [vessel] = await s.db.query<{ vsl_cd: string }>(
      "SELECT vsl_cd FROM vessels WHERE imo_no = '9000003'",
    );
    if (!vessel) throw new Error('the source made no vessel');
    const state = async () => ({
      calls: await s.db.query('SELECT * FROM port_calls WHERE vsl_cd = $1 ORDER BY skd_voy_no, call_seq', [
        vessel.vsl_cd,
      ]),
      voyages: await s.db.query('SELECT * FROM voyages WHERE vsl_cd = $1 ORDER BY skd_voy_no', [
        vessel.vsl_cd,
      ]),
      positions: await s.db.query('SELECT * FROM vessel_positions WHERE vsl_cd = $1', [vessel.vsl_cd]),
    });
    const before = await state();
    expect(before.positions).toEqual([]);

    const r = rng('schedule-simulator', 1);
    const moved = new Set<string>();
    for (let h = 1; h <= 6; h++) {
      const ticked = await s.db.tx((sql) => tick(sql, new Date(start + h * HOUR), r));
      for (const v of ticked.moved) moved.add(v);
    }
    // The demo world moved; the source's vessel did not, and nothing of it changed.
    expect(moved.size).toBeGreaterThan(0);
    expect(moved.has(vessel.vsl_cd)).toBe(false);
    expect(await state()).toEqual(before);
  });
});
