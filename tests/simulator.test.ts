// The simulator on its own in-memory PGlite world (seed() empties tables: never the shared test server's),
// driven by explicit times and a seeded rng: movement, actuals, ETA <= ETB <= ETD, audiences, bounds, loop.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db, Sql } from '../server/db/db.ts';
import { migrate } from '../server/db/migrate.ts';
import { openPglite } from '../server/db/pglite.ts';
import { createDispatcher, withDomainEvents } from '../server/domain/events.ts';
import { notificationRules, RULE_NOTIFICATIONS_MAX } from '../server/notifications/rules.ts';
import { rng } from '../server/seed/rng.ts';
import { seed } from '../server/seed/seed.ts';
import { distanceNm, pointAlong } from '../server/seed/world/geo.ts';
import { seaRoute } from '../server/seed/world/routes.ts';
import { recordHappenings } from '../server/simulator/events.ts';
import { startSimulator, tick, type TickReport } from '../server/simulator/index.ts';
import { progressOn } from '../server/simulator/track.ts';
import { LIMITS, RATES } from '../server/simulator/types.ts';
import { loadWorld } from '../server/simulator/world.ts';

const NOW = new Date('2025-11-21T09:37:00Z').getTime();
const HOUR = 3_600_000;
const at = (h: number): Date => new Date(NOW + h * HOUR);

let db: Db;
const r = rng('simulator-test', 1);
const reports: TickReport[] = [];
const q = <T = Record<string, unknown>>(text: string, params: unknown[] = []) => db.query<T>(text, params);
const num = async (text: string, params: unknown[] = []) =>
  (await q<{ n: number }>(text, params))[0]?.n ?? -1;
const run = async (h: number): Promise<TickReport> => {
  const report = await db.tx((sql) => tick(sql, at(h), r));
  reports.push(report);
  return report;
};

interface Pos {
  vsl_cd: string;
  pos_dt: Date;
  lat: number;
  lon: number;
  sog: number;
  nav_sts: string;
}
const newest = async (): Promise<Map<string, Pos>> =>
  new Map(
    (
      await q<Pos>(
        'SELECT DISTINCT ON (vsl_cd) vsl_cd, pos_dt, lat, lon, sog, nav_sts FROM vessel_positions ORDER BY vsl_cd, pos_dt DESC',
      )
    ).map((p) => [p.vsl_cd, p]),
  );

async function expectInvariants(): Promise<void> {
  expect(await num('SELECT count(*)::int AS n FROM port_calls WHERE etb < eta OR etd < etb')).toBe(0);
  expect(
    await num(
      'SELECT count(*)::int AS n FROM port_calls WHERE atb < ata OR atd < atb OR (atb IS NOT NULL AND ata IS NULL) OR (atd IS NOT NULL AND atb IS NULL)',
    ),
  ).toBe(0);
  expect(
    await num(
      'SELECT count(*)::int AS n FROM vessel_positions WHERE lat < -70 OR lat > 75 OR sog >= 30 OR sog < 0',
    ),
  ).toBe(0);
  expect(
    await num(
      'SELECT count(*)::int AS n FROM voyages v WHERE v.is_current GROUP BY v.vsl_cd ORDER BY 1 DESC LIMIT 1',
    ),
  ).toBe(1);
}

/** A vessel at sea whose next call's ETA comes within hours, picked before any tick. */
let watched: { vsl_cd: string; port_cd: string; eta: Date } | undefined;

beforeAll(async () => {
  // Through the domain's events, as the server's Db: the notification rules react to what a tick records.
  db = withDomainEvents(await openPglite(), {
    reactions: [notificationRules],
    dispatcher: createDispatcher((err) => {
      throw err;
    }),
  });
  await migrate(db);
  await seed(db, { now: new Date(NOW) });
  [watched] = await q<{ vsl_cd: string; port_cd: string; eta: Date }>(
    `SELECT DISTINCT ON (pc.vsl_cd) pc.vsl_cd, pc.port_cd, pc.eta
       FROM port_calls pc JOIN voyages v USING (vsl_cd, skd_voy_no, skd_dir_cd)
      WHERE v.is_current AND pc.skip_yn = 'N' AND pc.atd IS NULL
      ORDER BY pc.vsl_cd, pc.call_seq`,
  ).then((rows) =>
    rows
      .filter(
        (c) => new Date(c.eta).getTime() > NOW + 2 * HOUR && new Date(c.eta).getTime() < NOW + 12 * HOUR,
      )
      .sort((a, b) => new Date(a.eta).getTime() - new Date(b.eta).getTime()),
  );
  // operator switches ETA changes off; the vessel user keeps everything on.
  await q(
    `INSERT INTO notification_settings (usr_id, not_id, not_use_yn) VALUES ('operator', 'N001', 'N')
     ON CONFLICT (usr_id, not_id) DO UPDATE SET not_use_yn = 'N'`,
  );
}, 120_000);

afterAll(async () => {
  await db?.close();
});

describe('tick', () => {
  it('moves the stalest vessels forward, plausibly', async () => {
    const before = await newest();
    const report = await run(1);
    expect(report.moved.length).toBeGreaterThan(0);
    expect(report.moved.length).toBeLessThanOrEqual(LIMITS.movesPerTick);
    const after = await newest();
    let moved = 0;
    for (const vsl of report.moved) {
      const a = before.get(vsl) as Pos;
      const b = after.get(vsl) as Pos;
      expect(new Date(b.pos_dt).getTime()).toBeGreaterThan(new Date(a.pos_dt).getTime());
      expect(new Date(b.pos_dt).getTime()).toBeLessThanOrEqual(at(1).getTime());
      expect(b.lat).toBeGreaterThan(-70);
      expect(b.lat).toBeLessThan(75);
      expect(b.sog).toBeLessThan(30);
      const hours = (new Date(b.pos_dt).getTime() - new Date(a.pos_dt).getTime()) / HOUR;
      const nm = distanceNm([a.lat, a.lon], [b.lat, b.lon]);
      if (a.nav_sts === 'UNDER_WAY' && b.nav_sts === 'UNDER_WAY') {
        expect(nm).toBeGreaterThan(0);
        moved++;
      }
      expect(nm / hours).toBeLessThan(30);
    }
    expect(moved).toBeGreaterThan(3);
    await expectInvariants();
  });

  it('runs 72 simulated hours: arrivals, departures, ETA changes, all consistent', async () => {
    for (let h = 2; h <= 72; h++) {
      await run(h);
      if (h % 12 === 0) await expectInvariants();
    }
    const all = reports.slice(1);
    expect(all.flatMap((x) => x.arrivals).length).toBeGreaterThan(3);
    expect(all.flatMap((x) => x.departures).length).toBeGreaterThan(3);
    expect(all.flatMap((x) => x.etaChanges).length).toBeGreaterThan(3);
    // Every vessel got a fresh fix within the last few ticks.
    const fresh = await newest();
    for (const p of fresh.values())
      expect(new Date(p.pos_dt).getTime()).toBeGreaterThanOrEqual(at(70).getTime());
    // Positions are one track: consecutive points never imply more than 30 kn.
    const fast = await num(
      `SELECT count(*)::int AS n FROM (
         SELECT lat, lon, pos_dt, lag(lat) OVER w AS plat, lag(lon) OVER w AS plon, lag(pos_dt) OVER w AS pdt
           FROM vessel_positions WHERE pos_dt > $1 WINDOW w AS (PARTITION BY vsl_cd ORDER BY pos_dt)) x
        WHERE pdt IS NOT NULL AND pos_dt - pdt > interval '10 minutes'
          AND 60 * sqrt(power(lat - plat, 2) + power(cos(radians(lat)) * (((lon - plon + 540)::numeric % 360) - 180), 2))
              / (extract(epoch FROM pos_dt - pdt) / 3600) > 30`,
      [new Date(NOW).toISOString()],
    );
    expect(fast).toBe(0);
  }, 120_000);

  it('gives a vessel whose ETA passed its ATA, and its ATD after ETD', async () => {
    expect(watched).toBeDefined();
    const w = watched as { vsl_cd: string; port_cd: string };
    const [call] = await q<{
      eta: Date;
      etb: Date;
      etd: Date;
      ata: Date | null;
      atb: Date | null;
      atd: Date | null;
    }>(
      'SELECT eta, etb, etd, ata, atb, atd FROM port_calls WHERE vsl_cd = $1 AND port_cd = $2 AND ata > $3 ORDER BY ata LIMIT 1',
      [w.vsl_cd, w.port_cd, new Date(NOW).toISOString()],
    );
    expect(call).toBeDefined();
    const c = call as NonNullable<typeof call>;
    expect(c.ata).not.toBeNull();
    expect(c.atb).not.toBeNull();
    expect(c.atd).not.toBeNull();
    expect(new Date(c.atd as Date).getTime()).toBeGreaterThanOrEqual(new Date(c.etd).getTime());
    expect(new Date(c.atb as Date).getTime()).toBeGreaterThanOrEqual(new Date(c.ata as Date).getTime());
    // Arrival within a few hours of the (possibly slipped) ETA.
    expect(Math.abs(new Date(c.ata as Date).getTime() - new Date(c.eta).getTime())).toBeLessThan(12 * HOUR);
    const trail = await q<{ nav_sts: string }>(
      'SELECT DISTINCT nav_sts FROM vessel_positions WHERE vsl_cd = $1 AND pos_dt BETWEEN $2 AND $3',
      [w.vsl_cd, new Date(c.ata as Date).toISOString(), new Date(c.atd as Date).toISOString()],
    );
    expect(trail.map((t) => t.nav_sts)).toEqual(expect.arrayContaining(['AT_ANCHOR', 'MOORED']));
  });

  it('creates N001 with the previous ETA, plus arrivals, departures and berth plans', async () => {
    const rows = await q<{
      usr_id: string;
      vsl_cd: string;
      port_cd: string;
      detail: { etaDt: string; prevEtaDt: string; etaDelayHrs: number; notMsg: string };
    }>("SELECT usr_id, vsl_cd, port_cd, detail FROM notifications WHERE not_id = 'N001' AND cre_dt > $1", [
      new Date(NOW).toISOString(),
    ]);
    expect(rows.length).toBeGreaterThan(0);
    for (const n of rows) {
      expect(n.detail.prevEtaDt).not.toBe(n.detail.etaDt);
      // The delay it states is the new ETA against the call's proforma ETA, as the vessel page shows it.
      const calls = await q<{ pf_eta: Date }>(
        'SELECT pf_eta FROM port_calls WHERE vsl_cd = $1 AND port_cd = $2',
        [n.vsl_cd, n.port_cd],
      );
      const delays = calls.map(
        (c) => Math.round(((c.pf_eta.getTime() - Date.parse(n.detail.etaDt)) / HOUR) * 10) / 10,
      );
      expect(delays).toContain(n.detail.etaDelayHrs);
      expect(n.detail.notMsg).toMatch(/changed from/);
    }
    const types = await q<{ not_id: string }>(
      'SELECT DISTINCT not_id FROM notifications WHERE cre_dt > $1 ORDER BY not_id',
      [new Date(NOW).toISOString()],
    );
    expect(types.map((t) => t.not_id)).toEqual(
      expect.arrayContaining(['N001', 'N004', 'N005', 'N006', 'N008']),
    );
    // The tick's report and the table agree.
    const reported = reports.flatMap((x) => x.notifications).length;
    expect(
      await num('SELECT count(*)::int AS n FROM notifications WHERE cre_dt > $1', [
        new Date(NOW).toISOString(),
      ]),
    ).toBe(reported);
  });

  it('skips users who switched a type off', async () => {
    expect(
      await num(
        "SELECT count(*)::int AS n FROM notifications WHERE usr_id = 'operator' AND not_id = 'N001' AND cre_dt > $1",
        [new Date(NOW).toISOString()],
      ),
    ).toBe(0);
    // Deterministically: an ETA change of QHZN reaches its crew and followers, not operator.
    const sent = await db.tx(async (sql: Sql) => {
      const qhzn = (await loadWorld(sql)).find((v) => v.vslCd === 'QHZN');
      const call = qhzn?.calls.find((c) => c.atd == null && !c.skip);
      if (!call) throw new Error('QHZN has no open call');
      return recordHappenings(
        sql,
        [
          {
            kind: 'eta',
            vslCd: 'QHZN',
            call,
            at: at(72).getTime(),
            prevEta: call.eta - 2 * HOUR,
            auto: false,
          },
        ],
        at(72).getTime(),
      );
    });
    const users = sent.map((s) => s.usrId);
    expect(users).toEqual(expect.arrayContaining(['vessel', 'staff']));
    expect(users).not.toContain('operator');
  });

  it('keeps a 24-hour tick bounded', async () => {
    const count = async () => ({
      notifications: await num('SELECT count(*)::int AS n FROM notifications'),
      positions: await num('SELECT count(*)::int AS n FROM vessel_positions'),
      calls: await num('SELECT count(*)::int AS n FROM port_calls'),
      chat: await num('SELECT count(*)::int AS n FROM chat_messages'),
      history: await num('SELECT count(*)::int AS n FROM port_status_history'),
    });
    const before = await count();
    const t0 = performance.now();
    const report = await run(96);
    const ms = performance.now() - t0;
    const after = await count();
    console.log(`24 h tick: ${Math.round(ms)} ms`, JSON.stringify({ before, after }));
    expect(report.dtS).toBe(24 * 3600);
    expect(report.moved.length).toBeLessThanOrEqual(LIMITS.movesPerTick);
    expect(after.notifications - before.notifications).toBeLessThanOrEqual(RULE_NOTIFICATIONS_MAX);
    expect(after.positions - before.positions).toBeLessThanOrEqual(
      LIMITS.movesPerTick * (LIMITS.stepsPerVessel + 1),
    );
    expect(after.calls - before.calls).toBeLessThanOrEqual(2 * LIMITS.movesPerTick);
    expect(after.chat - before.chat).toBeLessThanOrEqual(RATES.chat.cap);
    expect(after.history - before.history).toBeLessThanOrEqual(RATES.portStatus.cap);
    expect(ms).toBeLessThan(5_000);
    await expectInvariants();
  });
});

describe('track', () => {
  it('places a vessel on the right leg of a route that doubles back (Tokyo to Yokohama)', () => {
    const route = seaRoute('JPTYO', 'JPYOK');
    for (let nm = 0; nm < route.distanceNm - 4; nm += 2) {
      const at = pointAlong(route.points, nm);
      expect(progressOn(route.points, at.pos, at.course)).toBeCloseTo(nm, 0);
    }
  });
});

describe('startSimulator', () => {
  it('ticks without overlap, logs a failing tick and goes on, and stop() waits for a running tick', async () => {
    let active = 0;
    let maxActive = 0;
    let calls = 0;
    let finished = 0;
    const errors: unknown[] = [];
    let clock = at(96).getTime();
    const flaky: Db = {
      ...db,
      tx: async (fn) => {
        calls++;
        active++;
        maxActive = Math.max(maxActive, active);
        try {
          if (calls === 2) throw new Error('injected failure');
          await new Promise((res) => setTimeout(res, 30));
          return await db.tx(fn);
        } finally {
          active--;
          finished++;
        }
      },
    };
    const log = { info: () => undefined, debug: () => undefined, error: (o: object) => void errors.push(o) };
    const sim = startSimulator(flaky, {
      tickS: 0.01,
      firstTickMs: 0,
      log,
      rng: rng('simulator-test', 2),
      clock: () => new Date((clock += 5 * 60_000)),
    });
    // Stop while a tick is running, after a few ticks (one of them failed).
    const deadline = Date.now() + 20_000;
    while (!(calls >= 4 && active === 1) && Date.now() < deadline)
      await new Promise((res) => setTimeout(res, 5));
    expect(active).toBe(1);
    await sim.stop();
    const stoppedAt = finished;
    expect(calls).toBeGreaterThanOrEqual(4);
    expect(finished).toBe(calls);
    expect(maxActive).toBe(1);
    expect(errors).toHaveLength(1);
    await new Promise((res) => setTimeout(res, 100));
    expect(finished).toBe(stoppedAt);
  });

  it('continues from the clock in the database: one started within an interval of the last tick waits for it', async () => {
    const ticks = () => num('SELECT ticks::int AS n FROM sim_clock WHERE id = 1');
    /** Starts a simulator whose time is `t`, lets it try once, stops it; answers the dtS of its tick if it made one. */
    const once = async (t: Date): Promise<number | null> => {
      let dtS: number | null = null;
      let tried = false;
      const saw = (o: object, msg?: string) => {
        if (msg === 'simulator tick') dtS = (o as { dtS: number }).dtS;
        if (msg === 'simulator tick' || msg === 'simulator tick skipped') tried = true;
      };
      const sim = startSimulator(db, {
        tickS: 3600,
        firstTickMs: 0,
        log: { info: saw, debug: saw, error: (o: object) => saw(o, 'simulator tick failed') },
        rng: rng('simulator-clock', 1),
        clock: () => t,
      });
      const deadline = Date.now() + 20_000;
      while (!tried && Date.now() < deadline) await new Promise((res) => setTimeout(res, 5));
      await sim.stop();
      return dtS;
    };
    expect(await once(at(200))).not.toBeNull();
    const before = await ticks();
    // Another instance taking over ten minutes later: the interval of the last tick is not over, so no tick.
    expect(await once(new Date(at(200).getTime() + 10 * 60_000))).toBeNull();
    expect(await ticks()).toBe(before);
    // Past the interval: it ticks, and its events scale with the time since the last tick in the database.
    expect(await once(at(201.5))).toBe(1.5 * 3600);
    expect(await ticks()).toBe(before + 1);
  });
});
