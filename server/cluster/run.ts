// `npm run cluster [-- --instances=3 --port=8080]`: Quay as several instances on one machine, the way it runs on
// several: PostgreSQL and RabbitMQ (Debian's, started on loopback in a temp folder), N instances of the server on
// PORT+1..PORT+N sharing the database, the broker and one TOKEN_SECRET, and HAProxy on PORT in front of them.
// Ctrl-C or SIGTERM stops everything it started, by PID, and removes its temp folders.
import { connect } from 'node:net';
import { fileURLToPath } from 'node:url';
import { buildIfNeeded } from '../build-if-needed.ts';
import { loadConfig } from '../config.ts';
import { startCluster, type Cluster } from './cluster.ts';
import { missingPackages } from './services.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

function option(name: string, fallback: number, min: number, max: number): number {
  const arg = process.argv.slice(2).find((a) => a.startsWith(`--${name}=`));
  if (!arg) return fallback;
  const raw = arg.slice(name.length + 3);
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) {
    console.error(`--${name} must be a whole number from ${min} to ${max}, got "${raw}"`);
    process.exit(2);
  }
  return n;
}

const instances = option('instances', 3, 1, 16);
const port = option('port', 8080, 1, 65535 - 16);

const missing = missingPackages();
if (missing.length) {
  console.error(`npm run cluster needs Debian's ${missing.join(', ')}. Install with:`);
  console.error(`  sudo apt-get install -y --no-install-recommends ${missing.join(' ')}`);
  process.exit(1);
}

function portBusy(p: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = connect({ host: '127.0.0.1', port: p });
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });
}

for (let p = port; p <= port + instances; p++) {
  if (await portBusy(p)) {
    console.error(
      `Port ${p} is in use on 127.0.0.1: choose another with --port= (the instances take the next ${instances}).`,
    );
    process.exit(1);
  }
}

let cluster: Cluster | undefined;
let stopping = false;

for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.on(sig, () => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${sig}: stopping everything the cluster started...`);
    // While starting, the start finishes first (or fails and cleans up), then stops below.
    void cluster?.stop().then(() => {
      console.log('stopped');
      process.exit(0);
    });
  });
}

try {
  buildIfNeeded(root, loadConfig().distDir, (m) => console.log(m));
  const started = startCluster({
    instances,
    port,
    env: { LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' },
    output: (n, line, stream) =>
      (stream === 'stdout' ? process.stdout : process.stderr).write(`[${n}] ${line}\n`),
    log: (m) => console.log(m),
  });
  cluster = await started;
  if (stopping) {
    // A signal came while starting: stop what has started now.
    await cluster.stop();
    console.log('stopped');
    process.exit(0);
  }
  const w = 12;
  console.log(`\nQuay is ready as ${instances} instance${instances > 1 ? 's' : ''} behind HAProxy:`);
  console.log(
    `  ${'app'.padEnd(w)}${cluster.app}  pid ${cluster.haproxyPid}  (config ${cluster.haproxyConfig})`,
  );
  for (const s of cluster.instances) console.log(`  ${s.name.padEnd(w)}${s.url}  pid ${s.pid}`);
  console.log(`  ${'RabbitMQ'.padEnd(w)}${cluster.rabbitmq.url}  pid ${cluster.rabbitmq.pid}`);
  console.log(`  ${'PostgreSQL'.padEnd(w)}${cluster.postgres.url}  pid ${cluster.postgres.pid}`);
  console.log(
    'Sign on at the app as vessel, agent, operator, viewer or staff with the password demo. Ctrl-C stops it all.',
  );
} catch (err) {
  console.error(`The cluster could not start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
