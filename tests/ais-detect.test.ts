// Port calls detected from AIS positions (integration.md#port-calls-detected-from-positions): the rules one fix at a
// time, then the real server's AIS write recording arrival, berthing and departure through the domain, with their
// notifications, My alerts and the "detected from AIS" mark in the answers the app checks.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApplier } from '../server/ais/apply.ts';
import type { PositionReport } from '../server/ais/decode.ts';
import { DETECT, newWatch, observe, type Detected } from '../server/ais/detect.ts';
import { settleEvents } from '../server/domain/events.ts';
import type { FixRec } from '../server/simulator/types.ts';
import { setActualTime } from '../server/vessels/actuals.ts';
import { NOTIFICATION_ALERT_RULE, notificationPath } from '../src/core/contract/api.ts';
import type { AlertRule } from '../src/core/contract/notification.ts';
import { PortLive } from '../src/core/contract/port.ts';
import { CascadeResponse } from '../src/core/contract/vessel.ts';
import { checkSchema } from '../src/device/net/schema-check.ts';
import { startTestServer, type TestServer } from './helpers/server.ts';

const MIN = 60_000;
const PORT: [number, number] = [1.26, 103.84];
/** A fix `nm` north of PORT, `min` minutes after 0. */
const fix = (min: number, nm: number, sog: number, navSts: FixRec['navSts'] = 'UNDER_WAY'): FixRec => ({
  posDt: min * MIN,
  lat: PORT[0] + nm / 60,
  lon: PORT[1],
  sog,
  cog: 180,
  hdg: 180,
  navSts,
});
const run = (fixes: FixRec[], phase: Parameters<typeof newWatch>[1] = 'approaching'): Detected[] => {
  const w = newWatch('k', phase);
  return fixes.flatMap((f) => observe(w, f, PORT));
};

describe('the rules, one fix at a time', () => {
  it('arrival, berthing and departure, each at the first fix that showed it', () => {
    expect(
      run([
        fix(0, 20, 14),
        fix(5, 4.5, 11),
        fix(10, 4, 0.2, 'AT_ANCHOR'),
        fix(60, 4, 0.1, 'AT_ANCHOR'),
        fix(120, 0.1, 0, 'MOORED'),
        fix(125, 0.1, 0, 'MOORED'),
        fix(900, 0.2, 5),
        fix(905, 1.5, 11),
        fix(910, 3, 12),
      ]),
    ).toEqual([
      { moment: 'arrival', at: 5 * MIN },
      { moment: 'berthing', at: 120 * MIN },
      { moment: 'departure', at: 900 * MIN },
    ]);
  });

  it('a single noisy fix takes no step: not inside, not moving off the berth', () => {
    expect(run([fix(0, 20, 14), fix(5, 2, 14), fix(10, 19, 14), fix(15, 18, 14)])).toEqual([]);
    expect(
      run([fix(0, 0.1, 0, 'MOORED'), fix(5, 0.1, 9), fix(10, 0.1, 0, 'MOORED'), fix(15, 0.1, 0)], 'berthed'),
    ).toEqual([]);
  });

  it('holds the area a mile wider once inside: a vessel on its edge arrives once', () => {
    const edge = DETECT.areaNm + 0.5;
    expect(run([fix(0, 4.9, 8), fix(5, edge, 8), fix(10, edge, 6)])).toEqual([{ moment: 'arrival', at: 0 }]);
    // Not inside before: the wider circle does not count.
    expect(run([fix(0, edge, 8), fix(5, edge, 8)])).toEqual([]);
  });

  it('berths a vessel that gives no status after a quarter of an hour still, never one at anchor', () => {
    const still = [fix(0, 0.2, 0.1), fix(5, 0.2, 0.1), fix(10, 0.2, 0), fix(15, 0.2, 0)];
    expect(run(still, 'arrived')).toEqual([{ moment: 'berthing', at: 0 }]);
    expect(run(still.slice(0, 3), 'arrived')).toEqual([]);
    expect(
      run(
        still.map((f) => ({ ...f, navSts: 'AT_ANCHOR' as const })),
        'arrived',
      ),
    ).toEqual([]);
  });

  it('never goes back, and does not look at an older fix', () => {
    const w = newWatch('k', 'berthed');
    expect(observe(w, fix(10, 0.1, 0, 'MOORED'), PORT)).toEqual([]);
    expect(observe(w, fix(5, 10, 14), PORT)).toEqual([]);
    expect(observe(w, fix(15, 10, 14), PORT)).toEqual([]);
    expect(observe(w, fix(20, 12, 14), PORT)).toEqual([{ moment: 'departure', at: 15 * MIN }]);
    expect(observe(w, fix(25, 0.1, 0, 'MOORED'), PORT)).toEqual([]);
    expect(w.phase).toBe('departed');
  });
});

let s: TestServer;
let mmsi = 0;
let call: {
  skd_voy_no: string;
  skd_dir_cd: string;
  call_seq: number;
  port_cd: string;
  lat: number;
  lon: number;
};
const VSL = 'QHZN';
/** Past every fix the seed stored, so the AIS write takes each of ours. */
const T0 = Date.now() + 2 * 3_600_000;
const applier = createApplier();

beforeAll(async () => {
  s = await startTestServer();
  const [v] = await s.db.query<{ mmsi: string }>('SELECT mmsi FROM vessels WHERE vsl_cd = $1', [VSL]);
  mmsi = Number(v?.mmsi);
  const rows = await s.db.query<typeof call>(
    `SELECT c.skd_voy_no, c.skd_dir_cd, c.call_seq, c.port_cd, p.lat, p.lon
       FROM port_calls c JOIN voyages v USING (vsl_cd, skd_voy_no, skd_dir_cd) JOIN ports p ON p.port_cd = c.port_cd
      WHERE c.vsl_cd = $1 AND v.is_current AND c.skip_yn = 'N' AND c.atd IS NULL ORDER BY c.call_seq LIMIT 1`,
    [VSL],
  );
  call = rows[0] as typeof call;
  // No source gave this call's times: the vessel is still on its way, as far as Quay knows.
  await s.db.query(
    `UPDATE port_calls SET ata = NULL, atb = NULL, atd = NULL
      WHERE vsl_cd = $1 AND skd_voy_no = $2 AND skd_dir_cd = $3 AND call_seq = $4`,
    [VSL, call.skd_voy_no, call.skd_dir_cd, call.call_seq],
  );
});
afterAll(() => s.close());

/** One AIS interval: the vessel reports `nm` north of the call's port at minute `min`, and the write follows. */
async function report(min: number, nm: number, sog: number, navStatus: number, port = call) {
  const at = T0 + min * MIN;
  const r: PositionReport = {
    kind: 'position',
    type: 1,
    mmsi,
    lat: port.lat + nm / 60,
    lon: port.lon,
    sog,
    cog: 180,
    heading: 180,
    navStatus,
    second: null,
  };
  applier.take([r], at);
  return s.db.tx((sql) => applier.write(sql, at));
}

interface Actuals {
  ata: Date | null;
  atb: Date | null;
  atd: Date | null;
  ata_src: string | null;
  atb_src: string | null;
  atd_src: string | null;
}
const actuals = async (c: { skd_voy_no: string; skd_dir_cd: string; call_seq: number }) =>
  (
    await s.db.query<Actuals>(
      `SELECT ata, atb, atd, ata_src, atb_src, atd_src FROM port_calls
        WHERE vsl_cd = $1 AND skd_voy_no = $2 AND skd_dir_cd = $3 AND call_seq = $4`,
      [VSL, c.skd_voy_no, c.skd_dir_cd, c.call_seq],
    )
  )[0] as Actuals;
const notified = async (after: number) =>
  s.db.query<{ usr_id: string; not_id: string }>(
    'SELECT usr_id, not_id FROM notifications WHERE not_seq > $1 AND vsl_cd = $2 ORDER BY not_seq',
    [after, VSL],
  );
const newest = async () =>
  (await s.db.query<{ n: number }>('SELECT coalesce(max(not_seq), 0)::int AS n FROM notifications'))[0]?.n ??
  0;

describe('the AIS write detects port calls', () => {
  it('records arrival, berthing and departure through the domain: notifications, My alerts, the mark', async () => {
    const rule: AlertRule = {
      ruleId: 'ais-port',
      vslCd: VSL,
      kind: 'PORT',
      portCd: call.port_cd,
      hrs: null,
      events: ['ATA', 'ATB', 'ATD'],
    };
    const saved = await s.call('PUT', notificationPath(NOTIFICATION_ALERT_RULE), {
      as: 'vessel',
      body: rule,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const before = await newest();

    expect((await report(0, 20, 14, 0)).detected).toBe(0);
    expect((await report(5, 4.5, 11, 0)).detected).toBe(0);
    expect((await report(10, 4, 0.2, 1)).detected).toBe(1);
    expect((await report(120, 0.1, 0, 5)).detected).toBe(0);
    expect((await report(125, 0.1, 0, 5)).detected).toBe(1);
    expect((await report(900, 0.2, 6, 0)).detected).toBe(0);
    expect((await report(905, 2, 12, 0)).detected).toBe(1);

    const row = await actuals(call);
    expect(row).toMatchObject({ ata_src: 'AIS', atb_src: 'AIS', atd_src: 'AIS' });
    expect([row.ata, row.atb, row.atd].map((d) => d && new Date(d).getTime())).toEqual([
      T0 + 5 * MIN,
      T0 + 120 * MIN,
      T0 + 900 * MIN,
    ]);

    // The crew hears of the arrival (N005) and the departure (N006), and its own alert fires for each step (N010).
    const crew = (await notified(before)).filter((n) => n.usr_id === 'vessel').map((n) => n.not_id);
    expect(crew.filter((n) => n === 'N005')).toHaveLength(1);
    expect(crew.filter((n) => n === 'N006')).toHaveLength(1);
    expect(crew.filter((n) => n === 'N010')).toHaveLength(3);

    // The mark reaches the app in the answers its network boundary checks, on this call only.
    const res = await s.call('GET', `/api/v2/app/vessel/cascade?vslCd=${VSL}`, { as: 'vessel' });
    expect(res.statusCode, res.body).toBe(200);
    const cascade = checkSchema(CascadeResponse)(res.json());
    expect(cascade).not.toBeNull();
    const calls = cascade?.calls ?? [];
    expect(calls.find((c) => c.callSeq === call.call_seq)?.fromAis).toEqual(['ata', 'atb', 'atd']);
    expect(calls.filter((c) => c.fromAis)).toHaveLength(1);

    const live = await s.call('GET', `/api/v2/app/port/live?portCd=${call.port_cd}`, { as: 'staff' });
    expect(live.statusCode, live.body).toBe(200);
    const port = checkSchema(PortLive)(live.json());
    expect(port).not.toBeNull();
    const shown = port?.departed.find((c) => c.vslCd === VSL && c.callSeq === call.call_seq);
    expect(shown?.fromAis).toEqual(['ata', 'atb', 'atd']);
    expect([...(port?.expected ?? []), ...(port?.alongside ?? [])].filter((c) => c.fromAis)).toEqual([]);
  });

  it('leaves a call alone whose times a source gave: nothing recorded twice, no second notification', async () => {
    const [next] = await s.db.query<typeof call>(
      `SELECT c.skd_voy_no, c.skd_dir_cd, c.call_seq, c.port_cd, p.lat, p.lon
         FROM port_calls c JOIN voyages v USING (vsl_cd, skd_voy_no, skd_dir_cd) JOIN ports p ON p.port_cd = c.port_cd
        WHERE c.vsl_cd = $1 AND v.is_current AND c.skip_yn = 'N' AND c.atd IS NULL ORDER BY c.call_seq LIMIT 1`,
      [VSL],
    );
    if (!next) throw new Error('no call after the detected one');
    // As the simulator records them (with SIMULATOR_AIS_PORT its ships' positions come back through the AIS door).
    const given = new Date(T0 + 1000 * MIN);
    await s.db.query(
      `UPDATE port_calls SET ata = $5, atb = $5
        WHERE vsl_cd = $1 AND skd_voy_no = $2 AND skd_dir_cd = $3 AND call_seq = $4`,
      [VSL, next.skd_voy_no, next.skd_dir_cd, next.call_seq, given],
    );
    const before = await newest();
    for (const min of [1010, 1015, 1020]) expect((await report(min, 0.1, 0, 5, next)).detected).toBe(0);
    expect(await actuals(next)).toMatchObject({
      ata: given,
      atb: given,
      atd: null,
      ata_src: null,
      atb_src: null,
    });
    expect(await notified(before)).toEqual([]);
  });

  it('sets a time once: the same arrival seen twice is one happening', async () => {
    const [c] = await s.db.query<{
      vsl_cd: string;
      skd_voy_no: string;
      skd_dir_cd: string;
      call_seq: number;
    }>(
      `SELECT vsl_cd, skd_voy_no, skd_dir_cd, call_seq FROM port_calls WHERE ata IS NULL AND vsl_cd <> $1 LIMIT 1`,
      [VSL],
    );
    if (!c) throw new Error('no call still to arrive');
    const key = { vslCd: c.vsl_cd, skdVoyNo: c.skd_voy_no, skdDirCd: c.skd_dir_cd, callSeq: c.call_seq };
    const twice = await s.db.tx(async (sql) => {
      const at = { ...key, moment: 'arrival' as const, src: 'AIS' as const };
      const set = [
        await setActualTime(sql, { ...at, at: T0 }),
        await setActualTime(sql, { ...at, at: T0 + MIN }),
      ];
      return { set, events: (await settleEvents(sql)).filter((e) => e.type === 'callArrived') };
    });
    expect(twice.set).toEqual([new Date(T0), null]);
    expect(twice.events).toHaveLength(1);
  });

  it('a time another writer changes loses its mark', async () => {
    await s.db.query(
      `UPDATE port_calls SET atd = atd + interval '3 minutes'
        WHERE vsl_cd = $1 AND skd_voy_no = $2 AND skd_dir_cd = $3 AND call_seq = $4`,
      [VSL, call.skd_voy_no, call.skd_dir_cd, call.call_seq],
    );
    expect(await actuals(call)).toMatchObject({ ata_src: 'AIS', atb_src: 'AIS', atd_src: null });
  });
});
