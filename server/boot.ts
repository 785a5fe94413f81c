// Opens storage, migrates, seeds an empty database and builds the server: shared by `npm start`, tests and e2e.
// With DATABASE_URL several instances may share the database (docs/cluster.md): migrations and the seed run under a
// lock, each instance keeps its heartbeat and its users' connections in the database, and the periodic jobs run on
// the one instance that holds the jobs lock.
import type { Config } from './config.ts';
import { openDb, type Db } from './db/db.ts';
import { withLock } from './db/locks.ts';
import { migrate } from './db/migrate.ts';
import { loadSecrets } from './secrets.ts';
import { buildServer, type BuildOptions } from './app.ts';
import type { App } from './context.ts';
import { seed, isSeeded, DEFAULT_CHAT_LANES } from './seed/seed.ts';
import { createPresence, STALE_HEARTBEATS } from './instance/presence.ts';
import { lead, type Job, type Leadership } from './instance/leader.ts';
import { housekeeping } from './instance/housekeeping.ts';
import { startSimulator } from './simulator/index.ts';
import { startAis } from './ais/index.ts';
import { startScheduleSources } from './dcsa/sources.ts';
import { ensureAdmin, holdsOwnData, prepareEmpty } from './import/start-empty.ts';

/** How long an instance waits for a PostgreSQL that is not up yet (they may start together). */
const DB_WAIT_MS = 60_000;

/**
 * Migrates, and seeds an empty database with the demo world (or, with DEMO=off, the app's own reference rows), one
 * instance at a time: the others wait, then find it done. `npm run import` prepares the same way before it imports.
 */
export async function prepareStorage(
  db: Db,
  config: Pick<Config, 'demo' | 'admin'>,
  warn: (message: string) => void = console.warn,
): Promise<void> {
  await withLock(db, 'prepare', async () => {
    await migrate(db);
    // The seed empties every table first: never over what an import or an empty start brought.
    if (!config.demo) await db.tx((sql) => prepareEmpty(sql));
    else if (!(await isSeeded(db))) {
      if (await holdsOwnData(db))
        warn(
          'DEMO is on, but the database holds ports or users of its own: no demo world is written over them',
        );
      else await seed(db);
    }
    if (config.admin) await ensureAdmin(db, config.admin);
  });
}

async function openStorage(config: Config): Promise<Db> {
  const db = await openDb({
    databaseUrl: config.databaseUrl ?? undefined,
    dataDir: config.dataDir ? `${config.dataDir}/pglite` : undefined,
    waitMs: DB_WAIT_MS,
    onWait: (m) => console.warn(m),
  });
  try {
    await prepareStorage(db, config);
  } catch (err) {
    await db.close();
    throw err;
  }
  return db;
}

export async function boot(
  config: Config,
  db?: Db,
  extra: Pick<BuildOptions, 'pushSend' | 'stomp' | 'bus'> = {},
): Promise<App> {
  const storage = db ?? (await openStorage(config));
  const shared = storage.kind === 'postgres';
  const secrets = await loadSecrets(config, storage);
  const app = await buildServer({
    db: storage,
    config,
    secrets,
    defaultChatLanes: DEFAULT_CHAT_LANES,
    ...(shared ? { presenceStaleS: config.heartbeatS * STALE_HEARTBEATS } : {}),
    ...extra,
  });
  const { ctx } = app;

  // Who is connected here, for the other instances' Web Push decisions.
  const presence = shared
    ? createPresence({
        db: storage,
        heartbeatS: config.heartbeatS,
        instanceId: config.instanceId,
        log: app.log.child({ module: 'presence' }),
        snapshot: () =>
          [...ctx.live.broker.connectedUsers()].map((u) => [u, ctx.live.broker.connectionsOf(u)]),
        brokerReady: () => ctx.bus.ready(),
      })
    : null;
  if (presence) {
    ctx.live.broker.onConnections = (usrId, n) => presence.connectionsChanged(usrId, n);
    await presence.start();
    // Out of the balancer when cut off from a broker the others reach; when none reaches it (RabbitMQ restarting),
    // every instance stays in and serves HTTP, and clients catch up once it is back. (Database down: the bus decides.)
    ctx.readiness = ctx.readiness.map((check) =>
      check.name === 'broker'
        ? {
            name: 'broker',
            ready: async () => ctx.bus.ready() || !(await presence.othersReachBroker().catch(() => true)),
          }
        : check,
    );
  }
  const instanceId = presence?.instanceId ?? null;

  // The periodic jobs, on the leading instance only; started when the server is ready (listening, or ready()).
  const jobs: Job[] = [];
  if (config.simulator)
    jobs.push({
      name: 'simulator',
      start: (stillLeading) =>
        startSimulator(ctx.db, {
          tickS: config.simTickS,
          chatLanes: ctx.chatLanes,
          log: app.log.child({ module: 'simulator' }),
          stillLeading,
          ...(instanceId ? { instanceId } : {}),
          ...(config.simulatorAisPort ? { aisPort: config.simulatorAisPort } : {}),
        }),
    });
  if (config.scheduleSources.length > 0)
    jobs.push({
      name: 'schedules',
      start: (stillLeading) =>
        startScheduleSources(ctx.db, {
          sources: config.scheduleSources,
          intervalS: config.scheduleIntervalS,
          log: app.log.child({ module: 'schedules' }),
          stillLeading,
        }),
    });
  if (config.aisSources.length > 0)
    jobs.push({
      name: 'ais',
      start: (stillLeading) =>
        startAis(ctx.db, {
          sources: config.aisSources,
          intervalS: config.aisIntervalS,
          log: app.log.child({ module: 'ais' }),
          stillLeading,
        }),
    });
  if (shared) jobs.push(housekeeping(storage, app.log.child({ module: 'housekeeping' })));
  let leadership: Leadership | null = null;
  if (jobs.length > 0)
    app.addHook('onReady', async () => {
      leadership = lead({ db: storage, jobs, log: app.log.child({ module: 'leader' }) });
    });

  // After app.ts's preClose hooks (sockets closed, pushes finished): jobs stop, the lock and the rows go.
  app.addHook('preClose', async () => {
    await leadership?.close();
    await presence?.close();
  });
  app.addHook('onClose', async () => {
    if (!db) await storage.close();
  });
  return app;
}
