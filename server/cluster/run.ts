// `npm run cluster [-- --instances=3 --port=8080]`: Quay as several instances on one machine, the way it runs on
// several: PostgreSQL and RabbitMQ (Debian's, started on loopback in a temp folder), N instances of the server on
// PORT+1..PORT+N sharing the database, the broker and one TOKEN_SECRET, and HAProxy on PORT in front of them.
// Ctrl-C or SIGTERM stops everything it started, by PID, and removes its temp folders.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfNeeded } from '../build-if-needed.ts';
import { loadConfig } from '../config.ts';
import { missingPackages, startHaproxy, startPostgres, startRabbitMQ, type Service } from './services.ts';

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

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

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

interface Instance {
  name: string;
  port: number;
  child: ChildProcess;
  exited: boolean;
}

const services: Service[] = [];
const servers: Instance[] = [];
let haproxy: Service | undefined;
let work = '';
let stopping: Promise<void> | undefined;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function stopInstance(i: Instance): Promise<void> {
  const pid = i.child.pid;
  if (!pid || i.exited || !alive(pid)) return;
  process.kill(pid, 'SIGTERM');
  const end = Date.now() + 10_000;
  while (Date.now() < end && !i.exited && alive(pid)) await sleep(100);
  if (!i.exited && alive(pid)) process.kill(pid, 'SIGKILL');
  while (!i.exited && alive(pid)) await sleep(50);
}

function stopAll(): Promise<void> {
  return (stopping ??= (async () => {
    // The balancer first, so that no request reaches an instance that is closing; the storage last.
    await haproxy?.stop().catch((err: unknown) => console.error(err));
    await Promise.all(servers.map(stopInstance));
    await Promise.all(services.map((s) => s.stop().catch((err: unknown) => console.error(err))));
    if (work) await rm(work, { recursive: true, force: true });
  })());
}

// Leaving any other way (an error thrown later), the instances go too: they run in process groups of their own.
process.once('exit', () => {
  for (const i of servers) if (!i.exited && i.child.pid) i.child.kill('SIGKILL');
});

for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.on(sig, () => {
    if (stopping) return;
    console.log(`\n${sig}: stopping everything the cluster started...`);
    void stopAll().then(() => {
      console.log('stopped');
      process.exit(0);
    });
  });
}

async function healthy(url: string): Promise<boolean> {
  try {
    const res = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2000) });
    return res.ok;
  } catch {
    return false;
  }
}

function startInstance(n: number, env: NodeJS.ProcessEnv): Instance {
  const name = `instance ${n}`;
  const p = port + n;
  const dataDir = join(work, `instance-${n}`);
  mkdirSync(dataDir, { recursive: true });
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'server/main.ts'), '--no-build'], {
    cwd: root,
    env: { ...env, PORT: String(p), HOST: '127.0.0.1', DATA_DIR: dataDir },
    // Its own process group: Ctrl-C in the terminal reaches this script, which stops the instances in order.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const instance: Instance = { name, port: p, child, exited: false };
  const prefix = `[${n}] `;
  const relay = (out: NodeJS.WriteStream) => (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) if (line) out.write(`${prefix}${line}\n`);
  };
  child.stdout!.on('data', relay(process.stdout));
  child.stderr!.on('data', relay(process.stderr));
  child.on('exit', (code, signal) => {
    instance.exited = true;
    if (!stopping) console.log(`${name} (pid ${child.pid}) exited (${signal ?? `code ${code}`})`);
  });
  servers.push(instance);
  return instance;
}

async function waitHealthy(i: Instance): Promise<void> {
  const url = `http://127.0.0.1:${i.port}`;
  const end = Date.now() + 180_000;
  while (Date.now() < end) {
    if (i.exited) throw new Error(`${i.name} exited while starting (its output is above)`);
    if (await healthy(url)) return;
    await sleep(250);
  }
  throw new Error(`${i.name} did not answer ${url}/healthz within 3 minutes`);
}

try {
  const config = loadConfig();
  buildIfNeeded(root, config.distDir, (m) => console.log(m));
  work = await mkdtemp(join(tmpdir(), 'quay-cluster-'));
  // PostgreSQL runs as the postgres user when this runs as root: it must be able to pass through the folder.
  chmodSync(work, 0o711);
  console.log(`starting PostgreSQL and RabbitMQ (in ${work})...`);
  const [pg, mq] = await Promise.all([
    startPostgres({ dir: join(work, 'postgres') }).then((s) => (services.push(s), s)),
    startRabbitMQ({ dir: join(work, 'rabbitmq') }).then((s) => (services.push(s), s)),
  ]);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: pg.url,
    AMQP_URL: mq.url,
    // One key for every instance: a token made by one is believed by the others.
    TOKEN_SECRET: randomBytes(32).toString('base64url'),
    SIMULATOR: 'on',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  };
  // The first instance creates and seeds the database alone; the others then start side by side.
  console.log(`starting ${instances} instance${instances > 1 ? 's' : ''} of the server...`);
  await waitHealthy(startInstance(1, env));
  const rest: Instance[] = [];
  for (let n = 2; n <= instances; n++) rest.push(startInstance(n, env));
  await Promise.all(rest.map(waitHealthy));
  haproxy = await startHaproxy({
    port,
    backends: servers.map((s, i) => ({ name: `instance${i + 1}`, port: s.port })),
    dir: join(work, 'haproxy'),
  });
  const app = haproxy.url;
  const end = Date.now() + 30_000;
  while (!(await healthy(app))) {
    if (Date.now() > end) throw new Error(`HAProxy on ${app} does not reach any instance`);
    await sleep(200);
  }
  const w = 12;
  console.log(`\nQuay is ready as ${instances} instance${instances > 1 ? 's' : ''} behind HAProxy:`);
  console.log(
    `  ${'app'.padEnd(w)}${app}  pid ${haproxy.pid}  (config ${join(work, 'haproxy', 'haproxy.cfg')})`,
  );
  for (const s of servers) console.log(`  ${s.name.padEnd(w)}http://127.0.0.1:${s.port}  pid ${s.child.pid}`);
  console.log(`  ${'RabbitMQ'.padEnd(w)}${mq.url}  pid ${mq.pid}`);
  console.log(`  ${'PostgreSQL'.padEnd(w)}${pg.url}  pid ${pg.pid}`);
  console.log(
    'Sign on at the app as vessel, agent, operator, viewer or staff with the password demo. Ctrl-C stops it all.',
  );
} catch (err) {
  console.error(`The cluster could not start: ${err instanceof Error ? err.message : String(err)}`);
  await stopAll();
  process.exit(1);
}
