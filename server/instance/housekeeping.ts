// A periodic job of the leading instance (docs/cluster.md): instances that stopped their heartbeat long ago are
// removed with their presence rows. Their connections stopped counting already (the heartbeat is stale); this only
// keeps the tables small. An instance that was only paused registers again at its next heartbeat.
import type { Db } from '../db/db.ts';
import type { Job } from './leader.ts';

/** An instance silent for this long is gone. */
const GONE_AFTER_S = 600;
/** How often the leader looks. */
const HOUSEKEEPING_EVERY_MS = 60_000;

export interface HousekeepingLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

export function housekeeping(db: Db, log: HousekeepingLog, everyMs = HOUSEKEEPING_EVERY_MS): Job {
  return {
    name: 'housekeeping',
    start() {
      let running: Promise<void> = Promise.resolve();
      const sweep = async (): Promise<void> => {
        try {
          const gone = await db.query<{ instance_id: string }>(
            `DELETE FROM instances WHERE heartbeat_at < now() - make_interval(secs => $1) RETURNING instance_id`,
            [GONE_AFTER_S],
          );
          if (gone.length)
            log.info({ instances: gone.map((g) => g.instance_id) }, 'housekeeping: gone instances removed');
        } catch (err) {
          log.warn({ err: err instanceof Error ? err.message : String(err) }, 'housekeeping failed');
        }
      };
      const timer = setInterval(() => void (running = sweep()), everyMs);
      timer.unref();
      running = sweep();
      return {
        async stop() {
          clearInterval(timer);
          await running;
        },
      };
    },
  };
}
