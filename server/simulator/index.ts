// The simulator (DESIGN §5): while the server runs, a tick every `tickS` seconds moves vessels, slips
// ETAs, changes berth plans and port statuses and emits the matching notifications and chat lines.
import type { Db } from '../db/db.ts';
import type { PushService } from '../push/service.ts';
import type { ChatLive } from '../stomp/chat.ts';
import { rng as seeded } from '../seed/rng.ts';
import { tick, type TickOptions } from './tick.ts';
import type { Rng, TickReport } from './types.ts';

export { tick, type TickOptions } from './tick.ts';
export type { TickReport } from './types.ts';

/** The part of a pino/Fastify logger the simulator uses. */
export interface SimLog {
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
  /** Web Push of the notifications a tick creates, after it commits; none by default. */
  push?: Pick<PushService, 'notifyNewNotifications'> | null;
  /** The live side of chat: the chat lines a tick stores go to their rooms' topics, unread counts and pushes. */
  chat?: Pick<ChatLive, 'messagesStored'> | null;
}

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
  const tickOpts: TickOptions = opts.chatLanes ? { chatLanes: opts.chatLanes } : {};
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let running: Promise<void> | null = null;
  /** When the last successful tick ran: random events scale with the time since. */
  let since: Date | null = null;

  const run = async (): Promise<void> => {
    timer = null;
    if (stopped) return;
    const started = performance.now();
    try {
      const now = clock();
      const report = await db.tx((sql) => tick(sql, now, r, since ? { ...tickOpts, since } : tickOpts));
      since = now;
      // Committed: pushed in the background; the next tick does not wait for it.
      if (opts.push && report.notifications.length)
        void opts.push.notifyNewNotifications(report.notifications.map((n) => n.notSeq));
      if (opts.chat && report.chat.length) void opts.chat.messagesStored(report.chat.map((c) => c.msgSeq));
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
  };

  // The next tick is scheduled only when the previous one has finished, so ticks never overlap.
  const schedule = (ms: number): void => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = run().finally(() => {
        running = null;
        schedule(opts.tickS * 1000);
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
    },
  };
}
