// The simulator (architecture.md#the-reference-server): while the server runs, a tick every `tickS` seconds moves vessels, slips
// ETAs, changes berth plans and port statuses and writes chat lines; what follows (notifications, pushes, live
// updates) follows from the domain events it records, as for any other source. Its clock is in
// the database (sim_clock): each tick locks the row of the last one, so whichever instance ticks next continues
// from it, and no tick is made within an interval of the last one (docs/cluster.md).
import type { Db, Sql } from '../db/db.ts';
import { rng as seeded } from '../seed/rng.ts';
import { tick, type TickOptions } from './tick.ts';
import { startNmeaSender } from './nmea.ts';
import type { Rng, TickReport } from './types.ts';

export { tick } from './tick.ts';
export type { TickReport } from './types.ts';

/** The part of a pino/Fastify logger the simulator uses. */
interface SimLog {
  info(obj: object, msg?: string): void;
  debug(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface SimulatorOptions extends TickOptions {
  tickS: number;
  log: SimLog;
  /** Seeded randomness for reproducible runs; seeded from the start time otherwise. */
  rng?: Rng;
  /** Delay before the first tick, in ms (default 1000). */
  firstTickMs?: number;
  /** Simulated time of a tick (default: the wall clock). */
  clock?: () => Date;
  /** Asked in each tick's transaction: does this instance still lead? A tick of one that does not is not made. */
  stillLeading?: (sql: Sql) => Promise<boolean>;
  /** Written with each tick, to tell which instance made it. */
  instanceId?: string;
  /** SIMULATOR_AIS_PORT: positions go out as NMEA on this loopback port instead of into the track. */
  aisPort?: number;
}

/**
 * A tick less than this part of an interval after the last one is not made: the instance that made the last one
 * keeps its cadence (each tick starts a full interval after the previous one ended), and one that takes over waits
 * for the rest of the interval, so leaders changing never make two ticks in one interval.
 */
const TOO_SOON = 0.9;

interface ClockRow {
  last_tick_at: Date | string | null;
}

/** Why a tick was not made, with when the next one is due (ms from now), or its report. */
type TickOutcome = { made: TickReport } | { skipped: 'not leading' | 'too soon'; dueInMs: number };

export interface Simulator {
  /** Stops ticking; resolves once a running tick has finished. */
  stop(): Promise<void>;
}

/** A one-line summary of a tick for the log. */
function summary(r: TickReport, ms: number): object {
  return {
    tickMs: Math.round(ms),
    dtS: r.dtS,
    moved: r.moved.length,
    arrivals: r.arrivals.length,
    departures: r.departures.length,
    etaChanges: r.etaChanges.length,
    berthPlans: r.berthPlans.length,
    portStatus: r.portStatus.length,
    notifications: r.notifications.length,
    chat: r.chat.length,
  };
}

export function startSimulator(db: Db, opts: SimulatorOptions): Simulator {
  const r = opts.rng ?? seeded('simulator', Date.now());
  const clock = opts.clock ?? (() => new Date());
  const nmea = opts.aisPort ? startNmeaSender(opts.aisPort, opts.log) : null;
  const tickOpts: TickOptions = {
    ...(opts.chatLanes ? { chatLanes: opts.chatLanes } : {}),
    ...(nmea ? { fixesOut: nmea.send } : {}),
  };
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let running: Promise<number> | null = null;
  const intervalMs = opts.tickS * 1000;

  /**
   * One tick in one transaction, after the last one's (random events scale with the time since it). Its time is
   * read once the last tick's row is locked, so a tick that waited for another instance's sees that one as past.
   */
  const tickOnce = (): Promise<TickOutcome> =>
    db.tx(async (sql) => {
      if (opts.stillLeading && !(await opts.stillLeading(sql)))
        return { skipped: 'not leading', dueInMs: intervalMs };
      const [clockRow] = await sql.query<ClockRow>(
        'SELECT last_tick_at FROM sim_clock WHERE id = 1 FOR UPDATE',
      );
      const now = clock();
      const last = clockRow?.last_tick_at ? new Date(clockRow.last_tick_at) : null;
      const sinceLast = last ? now.getTime() - last.getTime() : Infinity;
      // Slightly ahead (another machine's clock) is recent too; a clock set back by more than an interval is not
      // waited for.
      if (sinceLast > -intervalMs && sinceLast < intervalMs * TOO_SOON)
        return { skipped: 'too soon', dueInMs: intervalMs - sinceLast };
      const made = await tick(sql, now, r, last ? { ...tickOpts, since: last } : tickOpts);
      await sql.query(
        `INSERT INTO sim_clock (id, last_tick_at, ticks, instance_id) VALUES (1, $1, 1, $2)
         ON CONFLICT (id) DO UPDATE SET last_tick_at = $1, ticks = sim_clock.ticks + 1, instance_id = $2`,
        [now.toISOString(), opts.instanceId ?? null],
      );
      return { made };
    });

  /** Runs a tick; answers when the next is due, in ms. */
  const run = async (): Promise<number> => {
    timer = null;
    if (stopped) return intervalMs;
    const started = performance.now();
    try {
      const outcome = await tickOnce();
      if (!('made' in outcome)) {
        opts.log.debug({ skipped: outcome.skipped }, 'simulator tick skipped');
        return Math.max(0, outcome.dueInMs);
      }
      const report = outcome.made;
      const line = summary(report, performance.now() - started);
      const busy =
        report.notifications.length ||
        report.chat.length ||
        report.arrivals.length ||
        report.departures.length;
      if (busy) opts.log.info(line, 'simulator tick');
      else opts.log.debug(line, 'simulator tick');
    } catch (err) {
      opts.log.error({ err }, 'simulator tick failed; the next tick goes on');
    }
    return intervalMs;
  };

  // The next tick is scheduled only when the previous one has finished, so ticks never overlap.
  const schedule = (ms: number): void => {
    if (stopped) return;
    timer = setTimeout(() => {
      const current = run();
      running = current;
      void current.then((next) => {
        running = null;
        schedule(next);
      });
    }, ms);
    timer.unref?.();
  };
  schedule(opts.firstTickMs ?? 1000);
  opts.log.info({ tickS: opts.tickS }, 'simulator started');

  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
      await nmea?.close();
    },
  };
}
