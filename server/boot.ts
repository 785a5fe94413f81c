// Opens storage, migrates, seeds an empty database and builds the server: shared by `npm start`, tests and e2e.
import type { Config } from './config.ts';
import { openDb, type Db } from './db/db.ts';
import { migrate } from './db/migrate.ts';
import { loadSecrets } from './secrets.ts';
import { buildServer, type BuildOptions } from './app.ts';
import type { App } from './context.ts';
import { seed, isSeeded, DEFAULT_CHAT_LANES } from './seed/seed.ts';

export async function openStorage(config: Config): Promise<Db> {
  const db = await openDb({
    databaseUrl: config.databaseUrl ?? undefined,
    dataDir: config.dataDir ? `${config.dataDir}/pglite` : undefined,
  });
  await migrate(db);
  if (!(await isSeeded(db))) await seed(db);
  return db;
}

export async function boot(
  config: Config,
  db?: Db,
  extra: Pick<BuildOptions, 'pushSend' | 'stomp'> = {},
): Promise<App> {
  const storage = db ?? (await openStorage(config));
  const secrets = await loadSecrets(config.dataDir);
  const app = await buildServer({
    db: storage,
    config,
    secrets,
    defaultChatLanes: DEFAULT_CHAT_LANES,
    ...extra,
  });
  app.addHook('onClose', async () => {
    if (!db) await storage.close();
  });
  return app;
}
