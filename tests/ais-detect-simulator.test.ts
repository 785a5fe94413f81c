// The detector against the simulator's own times (integration.md#port-calls-detected-from-positions): the simulator's
// ships sail half a day of the demo world, their positions go through the AIS write as with SIMULATOR_AIS_PORT, and the rules
// of detect.ts watch the same positions beside it. Prints the minutes between the detected and the simulator's
// arrival, berthing and departure; no call is recorded twice, whoever sees it first.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApplier } from '../server/ais/apply.ts';
import type { PositionReport } from '../server/ais/decode.ts';
import { newWatch, observe, type Moment, type Phase, type Watch } from '../server/ais/detect.ts';
import { settleEvents } from '../server/domain/events.ts';
import { rng } from '../server/seed/rng.ts';
import { tick } from '../server/simulator/index.ts';
import type { FixRec } from '../server/simulator/types.ts';
import { startTestServer, type TestServer } from './helpers/server.ts';

const MIN = 60_000;
/** Half a simulated day, a tick every three minutes: each ship moves every three to five, as with the server's ticks. */
const HOURS = 12;
const STEP = 3 * MIN;
const NAV: Record<FixRec['navSts'], number> = { UNDER_WAY: 0, AT_ANCHOR: 1, MOORED: 5 };
const HAPPENING = { callArrived: 'arrival', callBerthed: 'berthing', callDeparted: 'departure' } as const;

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

interface CallRow {
  vsl_cd: string;
  port_cd: string;
  lat: number;
  lon: number;
  ata: Date | null;
  atb: Date | null;
}

/** A detector beside the simulator: its own phase per ship, the ship's calls in order, ports it saw it leave. */
function shadow() {
  const watches = new Map<string, { portCd: string; port: [number, number]; w: Watch }>();
  const left = new Map<string, Set<string>>();
  const seen: { key: string; at: number }[] = [];
  return {
    seen,
    /** Where each ship stands before the first tick: as the calls say. */
    start(calls: readonly CallRow[]) {
      for (const c of calls) if (!left.has(c.vsl_cd)) left.set(c.vsl_cd, new Set());
      const firsts = new Map<string, CallRow>();
      for (const c of calls) if (!firsts.has(c.vsl_cd)) firsts.set(c.vsl_cd, c);
      for (const c of firsts.values()) {
        const phase: Phase = c.atb ? 'berthed' : c.ata ? 'arrived' : 'approaching';
        watches.set(c.vsl_cd, { portCd: c.port_cd, port: [c.lat, c.lon], w: newWatch(c.port_cd, phase) });
      }
    },
    observe(vslCd: string, fix: FixRec, calls: readonly CallRow[]) {
      let at = watches.get(vslCd);
      if (!at) {
        const gone = left.get(vslCd) ?? new Set<string>();
        const c = calls.find((x) => x.vsl_cd === vslCd && !gone.has(x.port_cd));
        if (!c) return;
        at = { portCd: c.port_cd, port: [c.lat, c.lon], w: newWatch(c.port_cd, 'approaching') };
        watches.set(vslCd, at);
      }
      for (const d of observe(at.w, fix, at.port))
        seen.push({ key: `${vslCd} ${at.portCd} ${d.moment}`, at: d.at });
      if (at.w.phase === 'departed') {
        left.get(vslCd)?.add(at.portCd);
        watches.delete(vslCd);
      }
    },
  };
}

const median = (xs: number[]): number => {
  const v = [...xs].sort((a, b) => a - b);
  const m = Math.floor(v.length / 2);
  return v.length % 2 ? (v[m] ?? NaN) : ((v[m - 1] ?? NaN) + (v[m] ?? NaN)) / 2;
};

describe("the detector against the simulator's own times", () => {
  it('detects what the simulator records, minutes apart, and nothing twice', async () => {
    const vessels = await s.db.query<{ vsl_cd: string; mmsi: string }>('SELECT vsl_cd, mmsi FROM vessels');
    const mmsiOf = new Map(vessels.map((v) => [v.vsl_cd, Number(v.mmsi)]));
    const callsNow = () =>
      s.db.query<CallRow>(
        `SELECT c.vsl_cd, c.port_cd, p.lat, p.lon, c.ata, c.atb
           FROM port_calls c JOIN voyages v USING (vsl_cd, skd_voy_no, skd_dir_cd) JOIN ports p ON p.port_cd = c.port_cd
          WHERE v.is_current AND c.skip_yn = 'N' AND c.atd IS NULL ORDER BY c.vsl_cd, c.call_seq`,
      );
    /** Every fix a receiver would hear, and only the newest of each tick (what SIMULATOR_AIS_PORT sends). */
    const every = shadow();
    const newest = shadow();
    const first = await callsNow();
    every.start(first);
    newest.start(first);

    const applier = createApplier();
    const r = rng('ais-detect-simulator', 1);
    const sim = new Map<string, number>();
    const recorded: string[] = [];
    let aisRecorded = 0;
    const t0 = s.seedNow.getTime();
    let since: Date | undefined;
    for (let t = t0 + STEP; t <= t0 + HOURS * 60 * MIN; t += STEP) {
      let fixes = new Map<string, readonly FixRec[]>();
      const report = await s.db.tx((sql) =>
        tick(sql, new Date(t), r, {
          ...(since ? { since } : {}),
          fixesOut: async (_sql, out) => {
            fixes = new Map(out);
            for (const [vslCd, list] of out) {
              const f = list[list.length - 1];
              const mmsi = mmsiOf.get(vslCd);
              if (!f || !mmsi) continue;
              const p: PositionReport = {
                kind: 'position',
                type: 1,
                mmsi,
                lat: f.lat,
                lon: f.lon,
                sog: f.sog,
                cog: f.cog,
                heading: f.hdg,
                navStatus: NAV[f.navSts],
                second: null,
              };
              applier.take([p], f.posDt);
            }
          },
        }),
      );
      since = new Date(t);
      for (const a of report.arrivals) sim.set(`${a.vslCd} ${a.portCd} arrival`, Date.parse(a.ata));
      for (const b of report.berthings) sim.set(`${b.vslCd} ${b.portCd} berthing`, Date.parse(b.atb));
      for (const d of report.departures) sim.set(`${d.vslCd} ${d.portCd} departure`, Date.parse(d.atd));
      recorded.push(
        ...report.arrivals.map((a) => `${a.vslCd} ${a.portCd} arrival`),
        ...report.berthings.map((b) => `${b.vslCd} ${b.portCd} berthing`),
        ...report.departures.map((d) => `${d.vslCd} ${d.portCd} departure`),
      );
      // The AIS write of the interval, in its own transaction: what it records, it records as happenings.
      await s.db.tx(async (sql) => {
        const written = await applier.write(sql, t);
        aisRecorded += written.detected;
        for (const e of await settleEvents(sql))
          if (e.type === 'callArrived' || e.type === 'callBerthed' || e.type === 'callDeparted')
            recorded.push(`${e.vslCd} ${e.portCd} ${HAPPENING[e.type]}`);
      });
      const calls = await callsNow();
      for (const [vslCd, list] of fixes) {
        for (const f of list) every.observe(vslCd, f, calls);
        const last = list[list.length - 1];
        if (last) newest.observe(vslCd, last, calls);
      }
    }

    // Nothing recorded twice: the simulator's time or the detector's, never both.
    expect(recorded.length).toBeGreaterThan(10);
    expect(new Set(recorded).size).toBe(recorded.length);

    const end = t0 + HOURS * 60 * MIN;
    const compare = (name: string, seen: { key: string; at: number }[]) => {
      const byKey = new Map(seen.map((d) => [d.key, d.at]));
      const diffs: Record<Moment, number[]> = { arrival: [], berthing: [], departure: [] };
      let missed = 0;
      for (const [key, at] of sim) {
        const got = byKey.get(key);
        // The last quarter hour's steps wait for a fix that confirms them.
        if (got === undefined) missed += at < end - 15 * MIN ? 1 : 0;
        else diffs[key.split(' ')[2] as Moment].push((got - at) / MIN);
      }
      const all = Object.values(diffs).flat();
      const line = (xs: number[]) =>
        `${xs.length} calls, median ${median(xs).toFixed(1)} min, max ${Math.max(...xs.map(Math.abs)).toFixed(1)} min`;
      console.log(
        `detected from ${name}, against the simulator's own times (detected minus simulated):\n` +
          (Object.keys(diffs) as Moment[]).map((m) => `  ${m}: ${line(diffs[m])}`).join('\n') +
          `\n  all: ${line(all)}; missed ${missed}`,
      );
      return { all, missed };
    };
    const a = compare('every fix of the simulator', every.seen);
    const b = compare("the newest fix of each tick (SIMULATOR_AIS_PORT's)", newest.seen);
    console.log(
      `through the AIS write beside the simulator: ${aisRecorded} times recorded by the detector first`,
    );
    for (const { all, missed } of [a, b]) {
      expect(all.length).toBeGreaterThan(10);
      // A step the rules do not see at all is a broken rule; one odd call of the random world is not.
      expect(missed).toBeLessThanOrEqual(Math.ceil(all.length / 20));
      expect(Math.max(...all.map(Math.abs))).toBeLessThanOrEqual(30);
    }
  }, 900_000);
});
