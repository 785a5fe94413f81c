// `npm start`: builds the app when needed, opens storage (seeding demo data on first run) and serves everything on PORT.
import { fileURLToPath } from 'node:url';
import { loadConfig } from './config.ts';
import { boot } from './boot.ts';
import { buildIfNeeded } from './build-if-needed.ts';

const started = performance.now();
const config = loadConfig();
const root = fileURLToPath(new URL('..', import.meta.url));
if (!process.argv.includes('--no-build')) buildIfNeeded(root, config.distDir, (m) => console.log(m));

const bootStarted = performance.now();
// The simulator starts with the server when this instance leads the periodic jobs (server/boot.ts).
const app = await boot(config);
await app.listen({ port: config.port, host: config.host });
const ready = performance.now();
const storage = config.databaseUrl
  ? 'PostgreSQL (DATABASE_URL)'
  : config.dataDir
    ? `PGlite in ${config.dataDir}/pglite`
    : 'PGlite in memory';
app.log.info(
  {
    coldStartMs: Math.round(ready - bootStarted),
    totalMs: Math.round(ready - started),
    storage,
    env: config.appEnv,
  },
  `Quay is ready on ${config.tlsCert ? 'https' : 'http'}://localhost:${(app.server.address() as { port: number }).port}`,
);

let closing = false;
for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.on(sig, () => {
    if (closing) return;
    closing = true;
    app.log.info(`${sig}: closing`);
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error(err);
        process.exit(1);
      },
    );
  });
}
