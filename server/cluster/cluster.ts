// Quay as several instances on one machine, the way it runs on several: PostgreSQL and RabbitMQ (Debian's, on
// loopback in a temp folder), N instances of the server on PORT+1..PORT+N sharing the database, the broker and one
// TOKEN_SECRET, each with its own DATA_DIR, and HAProxy on PORT in front of them. Used by `npm run cluster` and the
// cluster bench; stop() ends everything it started, by PID, and removes its temp folder.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startHaproxy } from './haproxy.ts';
import { startPostgres } from './postgres.ts';
import { startRabbitMQ } from './rabbitmq.ts';
import { alive, type Service } from './services.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

interface ClusterInstance {
  name: string;
  url: string;
  readonly pid: number;
}

export interface Cluster {
  /** HAProxy's URL: the app. */
  app: string;
  haproxyPid: number;
  haproxyConfig: string;
  instances: ClusterInstance[];
  postgres: Service;
  rabbitmq: Service & { restart(): Promise<void> };
  stop(): Promise<void>;
}

export interface ClusterOptions {
  instances: number;
  /** HAProxy's port; the instances take the next ones. */
  port: number;
  /** More environment for every instance (SIMULATOR, LOG_LEVEL...). */
  env?: NodeJS.ProcessEnv;
  /** Where the instances' output goes, a line at a time, with the instance's number. Default: nowhere. */
  output?: (n: number, line: string, stream: 'stdout' | 'stderr') => void;
  log?: (message: string) => void;
}

interface Instance {
  name: string;
  port: number;
  child: ChildProcess;
  exited: boolean;
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

async function healthy(url: string): Promise<boolean> {
  try {
    const res = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2000) });
    return res.ok;
  } catch {
    return false;
  }
}

const started = new Set<Instance>();
// Leaving any other way (an error thrown later), the instances go too: they run in process groups of their own.
process.once('exit', () => {
  for (const i of started) if (!i.exited && i.child.pid) i.child.kill('SIGKILL');
});

export async function startCluster(opts: ClusterOptions): Promise<Cluster> {
  const log = opts.log ?? (() => {});
  const services: Service[] = [];
  const servers: Instance[] = [];
  let haproxy: Service | undefined;
  let stopping: Promise<void> | undefined;
  const work = await mkdtemp(join(tmpdir(), 'quay-cluster-'));
  // PostgreSQL runs as the postgres user when this runs as root: it must be able to pass through the folder.
  chmodSync(work, 0o711);

  const stop = () =>
    (stopping ??= (async () => {
      // The balancer first, so that no request reaches an instance that is closing; the storage last.
      await haproxy?.stop().catch((err: unknown) => console.error(err));
      await Promise.all(servers.map(stopInstance));
      for (const s of servers) started.delete(s);
      await Promise.all(services.map((s) => s.stop().catch((err: unknown) => console.error(err))));
      await rm(work, { recursive: true, force: true });
    })());

  const startInstance = (n: number, env: NodeJS.ProcessEnv): Instance => {
    const port = opts.port + n;
    const dataDir = join(work, `instance-${n}`);
    mkdirSync(dataDir, { recursive: true });
    const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'server/main.ts'), '--no-build'], {
      cwd: root,
      env: { ...env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir },
      // Its own process group: Ctrl-C in a terminal reaches the caller, which stops the instances in order.
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const instance: Instance = { name: `instance ${n}`, port, child, exited: false };
    for (const stream of ['stdout', 'stderr'] as const) {
      child[stream]!.on('data', (chunk: Buffer) => {
        for (const line of chunk.toString().split('\n')) if (line) opts.output?.(n, line, stream);
      });
    }
    child.on('exit', (code, signal) => {
      instance.exited = true;
      if (!stopping) log(`${instance.name} (pid ${child.pid}) exited (${signal ?? `code ${code}`})`);
    });
    servers.push(instance);
    started.add(instance);
    return instance;
  };

  const waitHealthy = async (i: Instance) => {
    const url = `http://127.0.0.1:${i.port}`;
    const end = Date.now() + 180_000;
    while (Date.now() < end) {
      if (i.exited) throw new Error(`${i.name} exited while starting`);
      if (await healthy(url)) return;
      await sleep(250);
    }
    throw new Error(`${i.name} did not answer ${url}/healthz within 3 minutes`);
  };

  try {
    log(`starting PostgreSQL and RabbitMQ (in ${work})...`);
    const [postgres, rabbitmq] = await Promise.all([
      startPostgres({ dir: join(work, 'postgres') }).then((s) => (services.push(s), s)),
      startRabbitMQ({ dir: join(work, 'rabbitmq') }).then((s) => (services.push(s), s)),
    ]);
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATABASE_URL: postgres.url,
      AMQP_URL: rabbitmq.url,
      // One key for every instance: a token made by one is believed by the others.
      TOKEN_SECRET: randomBytes(32).toString('base64url'),
      SIMULATOR: 'on',
      ...opts.env,
    };
    // The first instance creates and seeds the database alone; the others then start side by side.
    log(`starting ${opts.instances} instance${opts.instances > 1 ? 's' : ''} of the server...`);
    await waitHealthy(startInstance(1, env));
    const rest: Instance[] = [];
    for (let n = 2; n <= opts.instances; n++) rest.push(startInstance(n, env));
    await Promise.all(rest.map(waitHealthy));
    const lb = await startHaproxy({
      port: opts.port,
      backends: servers.map((s, i) => ({ name: `instance${i + 1}`, port: s.port })),
      dir: join(work, 'haproxy'),
    });
    haproxy = lb;
    const end = Date.now() + 30_000;
    while (!(await healthy(lb.url))) {
      if (Date.now() > end) throw new Error(`HAProxy on ${lb.url} does not reach any instance`);
      await sleep(200);
    }
    return {
      app: lb.url,
      haproxyPid: lb.pid,
      haproxyConfig: join(work, 'haproxy', 'haproxy.cfg'),
      instances: servers.map((s) => ({ name: s.name, url: `http://127.0.0.1:${s.port}`, pid: s.child.pid! })),
      postgres,
      rabbitmq,
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}
