// One of each job (docs/cluster.md): the periodic jobs run on the instance that holds the jobs lock, a session-level
// PostgreSQL advisory lock on a connection of its own. When that instance dies its connection ends and the database
// releases the lock; the others try for it every few seconds, and the first to get it starts the jobs. On the
// embedded database (one process) this instance always leads.
import type { Db, DbSession, Sql } from '../db/db.ts';
import { holdsLock, tryLock } from '../db/locks.ts';

/** How often an instance that does not lead tries for the lock, and the leader checks it still holds it. */
const LEAD_RETRY_MS = 5000;

interface LeaderLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

/** Given to a job as it starts: whether this instance still leads, asked in the job's own transaction. */
type StillLeading = (sql: Sql) => Promise<boolean>;

export interface Job {
  name: string;
  start(stillLeading: StillLeading): { stop(): Promise<void> };
}

export interface Leadership {
  /** Whether this instance runs the jobs now. */
  readonly leading: boolean;
  /** Stops the jobs and gives the lock back (another instance takes over at its next try). */
  close(): Promise<void>;
}

export interface LeaderOptions {
  db: Db;
  jobs: readonly Job[];
  log: LeaderLog;
  retryMs?: number;
}

const message = (err: unknown): string => (err instanceof Error ? err.message : String(err));

export function lead(opts: LeaderOptions): Leadership {
  const { db, jobs, log } = opts;
  const retryMs = opts.retryMs ?? LEAD_RETRY_MS;
  let running: { stop(): Promise<void> }[] | null = null;
  let session: DbSession | null = null;
  let timer: NodeJS.Timeout | null = null;
  let attempt: Promise<void> = Promise.resolve();
  let closed = false;

  const promote = (stillLeading: StillLeading, about: object): void => {
    running = jobs.map((j) => j.start(stillLeading));
    log.info({ ...about, jobs: jobs.map((j) => j.name) }, 'leader: running the periodic jobs');
  };

  const demote = async (why: string): Promise<void> => {
    const was = running;
    running = null;
    if (!was) return;
    if (closed) log.info({ why }, 'leader: periodic jobs stopped');
    else log.warn({ why }, 'leader: no longer leading; periodic jobs stopped');
    await Promise.all(was.map((r) => r.stop()));
  };

  if (!db.session) {
    promote(async () => true, { database: 'embedded' });
    return {
      get leading() {
        return running !== null;
      },
      async close() {
        closed = true;
        await demote('closing');
      },
    };
  }
  const openSession = db.session.bind(db);

  const step = async (): Promise<void> => {
    try {
      if (!session || session.lost) {
        const s = await openSession({ queryTimeoutMs: retryMs });
        session = s;
        // The lock went with the connection: the jobs stop at once (their transactions check it too).
        s.onLost((err) => {
          if (session === s) session = null;
          void demote(`lock connection lost: ${err.message}`);
        });
      }
      const s = session;
      if (!running) {
        if (await tryLock(s, 'jobs')) {
          const pid = s.pid;
          promote((sql) => holdsLock(sql, pid, 'jobs'), { pid });
        }
      } else if (!(await holdsLock(s, s.pid, 'jobs'))) {
        await demote('lock no longer held');
      }
    } catch (err) {
      const s = session;
      session = null;
      await demote(`lock check failed: ${message(err)}`);
      await s?.release();
    }
  };

  const loop = (): void => {
    if (closed) return;
    attempt = step().finally(() => {
      if (closed) return;
      timer = setTimeout(loop, retryMs);
      timer.unref();
    });
  };
  loop();

  return {
    get leading() {
      return running !== null;
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      await attempt;
      await demote('closing');
      // Ending the session gives the lock back.
      const s = session;
      session = null;
      await s?.release();
    },
  };
}
