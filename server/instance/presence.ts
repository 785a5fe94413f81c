// This instance in the database (docs/cluster.md, PostgreSQL only): a row with a heartbeat every few seconds, and
// per user how many STOMP connections are open here. The Web Push decision ("no open connection anywhere") counts
// the connections of instances whose heartbeat is fresh, so a dead instance's sockets stop counting on their own.
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Db } from '../db/db.ts';

/** The connections of an instance count while its last heartbeat is younger than this many heartbeats. */
export const STALE_HEARTBEATS = 3;

interface PresenceLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

export interface Presence {
  readonly instanceId: string;
  /** A user's number of open connections on this instance is now `connections` (0: none). */
  connectionsChanged(usrId: string, connections: number): void;
  /** Registers the instance (clearing rows a previous run under the same id left) and starts the heartbeat. */
  start(): Promise<void>;
  /** Resolves once every change so far is written. */
  settled(): Promise<void>;
  /** Stops the heartbeat and removes the instance's rows (a clean shutdown). */
  close(): Promise<void>;
  /** Whether another live instance reached the message broker at its last heartbeat. */
  othersReachBroker(): Promise<boolean>;
}

export interface PresenceOptions {
  db: Db;
  heartbeatS: number;
  log: PresenceLog;
  /** INSTANCE_ID, or a name made of the host, the process and a random part. */
  instanceId?: string | null;
  /** Every user with open connections here, and how many: written again when the instance row went missing. */
  snapshot: () => Iterable<[string, number]>;
  /** Whether this instance reaches the message broker now (written with each heartbeat). */
  brokerReady: () => boolean;
}

const newInstanceId = (): string => `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;

const message = (err: unknown): string => (err instanceof Error ? err.message : String(err));

export function createPresence(opts: PresenceOptions): Presence {
  const { db, log } = opts;
  const id = opts.instanceId || newInstanceId();
  let pending = new Map<string, number>();
  let chain: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | null = null;
  let started = false;
  let closed = false;

  const write = async (changes: Map<string, number>): Promise<void> => {
    if (changes.size === 0) return;
    const users = [...changes.keys()];
    const counts = users.map((u) => changes.get(u) ?? 0);
    await db.query(
      `WITH v AS (SELECT * FROM unnest($2::text[], $3::int[]) AS t(usr_id, n)),
            gone AS (DELETE FROM presence p USING v WHERE p.instance_id = $1 AND p.usr_id = v.usr_id AND v.n = 0)
       INSERT INTO presence (instance_id, usr_id, connections)
       SELECT $1, usr_id, n FROM v WHERE n > 0
       ON CONFLICT (instance_id, usr_id) DO UPDATE SET connections = EXCLUDED.connections`,
      [id, users, counts],
    );
  };

  /** Writes what changed since the last flush; one flush at a time, so a user's rows follow the order of events. */
  const flush = (): Promise<void> => {
    chain = chain.then(async () => {
      const batch = pending;
      pending = new Map();
      try {
        await write(batch);
      } catch (err) {
        // Kept for the next flush, unless a newer count came meanwhile.
        for (const [u, n] of batch) if (!pending.has(u)) pending.set(u, n);
        log.warn({ err: message(err) }, 'presence: writing connections failed; retried with the heartbeat');
      }
    });
    return chain;
  };

  const register = async (): Promise<void> => {
    await db.tx(async (sql) => {
      await sql.query(
        `INSERT INTO instances (instance_id, broker_ready) VALUES ($1, $2)
         ON CONFLICT (instance_id) DO UPDATE SET started_at = now(), heartbeat_at = now(), broker_ready = $2`,
        [id, opts.brokerReady()],
      );
      await sql.query('DELETE FROM presence WHERE instance_id = $1', [id]);
    });
  };

  const beat = async (): Promise<void> => {
    try {
      const rows = await db.query(
        'UPDATE instances SET heartbeat_at = now(), broker_ready = $2 WHERE instance_id = $1 RETURNING 1',
        [id, opts.brokerReady()],
      );
      if (rows.length === 0) {
        // Taken for dead (a long pause) and cleared: registered again with every connection open here.
        log.warn({ instanceId: id }, 'presence: instance row was gone; registered again');
        await register();
        for (const [u, n] of opts.snapshot()) if (!pending.has(u)) pending.set(u, n);
      }
      await flush();
    } catch (err) {
      log.warn({ err: message(err) }, 'presence: heartbeat failed');
    }
  };

  return {
    instanceId: id,
    connectionsChanged(usrId, connections) {
      if (closed) return;
      pending.set(usrId, connections);
      if (started) void flush();
    },
    async start() {
      await register();
      started = true;
      await flush();
      const every = opts.heartbeatS * 1000;
      const loop = (): void => {
        timer = setTimeout(() => void beat().finally(() => !closed && loop()), every);
        timer.unref();
      };
      loop();
      log.info({ instanceId: id, heartbeatS: opts.heartbeatS }, 'presence: instance registered');
    },
    settled: () => chain,
    async othersReachBroker() {
      const rows = await db.query(
        `SELECT 1 FROM instances
          WHERE instance_id <> $1 AND broker_ready AND heartbeat_at > now() - make_interval(secs => $2) LIMIT 1`,
        [id, opts.heartbeatS * STALE_HEARTBEATS],
      );
      return rows.length > 0;
    },
    async close() {
      if (closed) return;
      closed = true;
      if (timer) clearTimeout(timer);
      if (!started) return;
      await flush();
      try {
        await db.query('DELETE FROM instances WHERE instance_id = $1', [id]);
      } catch (err) {
        log.warn(
          { err: message(err) },
          'presence: removing the instance failed; its heartbeat goes stale instead',
        );
      }
    },
  };
}
