// The services several instances of the server need, started from Debian's packages for tests, benches and
// `npm run cluster`: PostgreSQL, RabbitMQ and HAProxy, each on loopback only, each in its own folder, each stopped by
// the PID it was started with (never by name: other people's services run on the same machine).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import {
  existsSync,
  readdirSync,
  readFileSync,
  writeFileSync,
  mkdirSync,
  chownSync,
  openSync,
  closeSync,
  rmSync,
} from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface Service {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

const RABBIT_BIN = '/usr/lib/rabbitmq/bin';
const HAPROXY = '/usr/sbin/haproxy';
const EPMD = '/usr/bin/epmd';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A TCP port free on 127.0.0.1 right now (the kernel's choice). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** A port P such that P..P+count-1 are all free on 127.0.0.1 right now (a balancer and the instances after it). */
export async function freePortRange(count: number): Promise<number> {
  for (;;) {
    const port = await freePort();
    if (port + count - 1 > 65535) continue;
    let free = true;
    for (let p = port + 1; p < port + count && free; p++) free = await canListen(p);
    if (free) return port;
  }
}

function pgBin(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(a) - Number(b));
  const last = versions.at(-1);
  return last ? join(root, last, 'bin') : undefined;
}

/** Which Debian packages are missing for these services, for messages such as `apt-get install ...`. */
export function missingPackages(): string[] {
  const missing: string[] = [];
  if (!pgBin()) missing.push('postgresql');
  if (!existsSync(join(RABBIT_BIN, 'rabbitmq-server'))) missing.push('rabbitmq-server');
  if (!existsSync(HAPROXY)) missing.push('haproxy');
  return missing;
}

function requirePackage(name: string): void {
  if (missingPackages().includes(name)) {
    throw new Error(`${name} is not installed: apt-get install --no-install-recommends ${name}`);
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Signals a process group (our children are started detached, so their group's id is their PID). */
function killGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    try {
      process.kill(pid, signal);
    } catch {
      // already gone
    }
  }
}

function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM' || alive(pid);
  }
}

async function waitUntil(check: () => boolean, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (check()) return true;
    await sleep(100);
  }
  return check();
}

/** TERM to the group, then KILL after `graceMs` if anything of it is left. */
async function endGroup(pid: number, graceMs = 5000): Promise<void> {
  if (!groupAlive(pid)) return;
  killGroup(pid, 'SIGTERM');
  if (await waitUntil(() => !groupAlive(pid), graceMs)) return;
  killGroup(pid, 'SIGKILL');
  await waitUntil(() => !groupAlive(pid), 5000);
}

// Whatever is still running when this process exits (a test that threw, Ctrl-C in a script) is killed on the way out,
// and the folders made for it removed.
const running = new Set<() => void>();
const ownDirs = new Set<string>();
process.once('exit', () => {
  for (const kill of running) kill();
  for (const dir of ownDirs) {
    try {
      rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
    } catch {
      // a process that was just killed may still be writing there; /tmp is cleaned anyway
    }
  }
});

function run(
  cmd: string,
  args: string[],
  opts: { env?: NodeJS.ProcessEnv; cwd?: string; timeoutMs?: number } = {},
) {
  const r = spawnSync(cmd, args, {
    env: opts.env ?? process.env,
    cwd: opts.cwd,
    encoding: 'utf8',
    timeout: opts.timeoutMs ?? 60_000,
  });
  return { ok: r.status === 0, out: `${r.stdout ?? ''}${r.stderr ?? ''}${r.error ? String(r.error) : ''}` };
}

function runAsync(
  cmd: string,
  args: string[],
  opts: { env?: NodeJS.ProcessEnv; cwd?: string; timeoutMs?: number } = {},
): Promise<{ ok: boolean; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      env: opts.env ?? process.env,
      cwd: opts.cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), opts.timeoutMs ?? 60_000);
    child.on('error', (err) => {
      clearTimeout(timer);
      resolve({ ok: false, out: `${out}${String(err)}` });
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ ok: code === 0, out });
    });
  });
}

function tail(file: string, lines = 20): string {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

function detached(
  cmd: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  cwd: string,
  logFile: string,
): ChildProcess {
  const fd = openSync(logFile, 'a');
  const child = spawn(cmd, args, { env, cwd, detached: true, stdio: ['ignore', fd, fd] });
  closeSync(fd);
  child.unref();
  return child;
}

function tcpOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function waitForPort(port: number, ms: number, stillRunning: () => boolean): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await tcpOpen(port)) return true;
    if (!stillRunning()) return false;
    await sleep(100);
  }
  return false;
}

// ---------------------------------------------------------------------------------------------------------- PostgreSQL

const isRoot = () => process.getuid?.() === 0;

/**
 * initdb -A trust + pg_ctl start on 127.0.0.1:port (as the postgres user when running as root, as .ci/run does);
 * url = postgres://postgres@127.0.0.1:PORT/postgres. A `dir` given must be reachable by that user (its parents
 * searchable: mkdtemp's 0700 is not).
 */
export async function startPostgres(opts: { port?: number; dir?: string } = {}): Promise<Service> {
  requirePackage('postgresql');
  const bin = pgBin()!;
  const port = opts.port ?? (await freePort());
  const ownDir = !opts.dir;
  const dir = opts.dir ?? (await mkdtemp(join(tmpdir(), 'quay-pg-')));
  if (ownDir) ownDirs.add(dir);
  mkdirSync(dir, { recursive: true });
  const data = join(dir, 'db');
  const log = join(dir, 'log');
  const pgUser = isRoot() ? spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }) : undefined;
  if (pgUser && pgUser.status === 0) {
    const uid = Number(pgUser.stdout.trim());
    const gid = Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout.trim());
    chownSync(dir, uid, gid);
    if (existsSync(log)) chownSync(log, uid, gid);
  }
  const asPg = (cmd: string, args: string[]) =>
    isRoot() ? (['runuser', ['-u', 'postgres', '--', cmd, ...args]] as const) : ([cmd, args] as const);

  if (!existsSync(join(data, 'PG_VERSION'))) {
    const [c, a] = asPg(join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8']);
    const r = await runAsync(c, [...a]);
    if (!r.ok) throw new Error(`initdb failed:\n${r.out}`);
  }
  const options = [
    `-c listen_addresses=127.0.0.1`,
    `-p ${port}`,
    `-k ${dir}`,
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c max_connections=200',
  ].join(' ');
  const [c, a] = asPg(join(bin, 'pg_ctl'), ['-D', data, '-l', log, '-w', '-t', '60', '-o', options, 'start']);
  const started = await runAsync(c, [...a], { timeoutMs: 70_000 });
  if (!started.ok) throw new Error(`PostgreSQL did not start:\n${started.out}\n${tail(log)}`);
  const pid = Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
  const ready = await waitUntil(
    () => run(join(bin, 'pg_isready'), ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres']).ok,
    30_000,
  );
  const kill = () => killGroup(pid, 'SIGKILL');
  running.add(kill);
  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      const [sc, sa] = asPg(join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', '-t', '15', 'stop']);
      if (alive(pid)) await runAsync(sc, [...sa], { timeoutMs: 20_000 });
      if (alive(pid)) {
        process.kill(pid, 'SIGKILL');
        await waitUntil(() => !alive(pid), 5000);
      }
      running.delete(kill);
      if (ownDir) {
        await rm(dir, { recursive: true, force: true });
        ownDirs.delete(dir);
      }
    })());
  if (!ready) {
    await stop();
    throw new Error(`PostgreSQL on port ${port} started but does not answer pg_isready`);
  }
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, pid, stop };
}

// ------------------------------------------------------------------------------------------------------------ RabbitMQ

/** Opens a TCP connection, sends the AMQP 0-9-1 protocol header and resolves true when the broker answers with
 * Connection.Start (a method frame), which is what a client library waits for first. */
export function amqpAnswers(port: number, timeoutMs = 3000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    let got = Buffer.alloc(0);
    const done = (ok: boolean) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(ok);
    };
    const timer = setTimeout(() => done(false), timeoutMs);
    socket.once('connect', () => socket.write(Buffer.from([0x41, 0x4d, 0x51, 0x50, 0, 0, 9, 1])));
    socket.on('data', (d: Buffer) => {
      got = Buffer.concat([got, d]);
      // frame type 1 (method), channel 0, then class 10 (connection) method 10 (start) after the 4-byte size
      if (got.length >= 11) done(got[0] === 1 && got.readUInt16BE(7) === 10 && got.readUInt16BE(9) === 10);
    });
    socket.once('error', () => done(false));
    socket.once('close', () => done(false));
  });
}

/**
 * rabbitmq-server bound to 127.0.0.1:port with its own data, logs, node name (quay-<port>@localhost), Erlang cookie
 * (HOME) and its own epmd on a port of its own, distribution on loopback, no plugins.
 * url = amqp://guest:guest@127.0.0.1:PORT. stop(): rabbitmqctl stop, then the process group by PID, then its epmd.
 * restart(): stop and start again on the same port and data.
 */
export async function startRabbitMQ(
  opts: { port?: number; dir?: string } = {},
): Promise<Service & { restart(): Promise<void> }> {
  requirePackage('rabbitmq-server');
  const port = opts.port ?? (await freePort());
  const distPort = await freePort();
  const epmdPort = await freePort();
  const ownDir = !opts.dir;
  const dir = opts.dir ?? (await mkdtemp(join(tmpdir(), 'quay-rabbitmq-')));
  if (ownDir) ownDirs.add(dir);
  mkdirSync(join(dir, 'log'), { recursive: true });
  const node = `quay-${port}@localhost`;
  writeFileSync(
    join(dir, 'rabbitmq.conf'),
    [
      `listeners.tcp.default = 127.0.0.1:${port}`,
      'loopback_users.guest = true',
      'log.console = false',
      'log.file.level = info',
      '',
    ].join('\n'),
  );
  writeFileSync(join(dir, 'advanced.config'), '[{kernel, [{inet_dist_use_interface, {127,0,0,1}}]}].\n');
  writeFileSync(join(dir, 'enabled_plugins'), '[].\n');
  writeFileSync(join(dir, 'rabbitmq-env.conf'), '');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOME: dir,
    RABBITMQ_NODENAME: node,
    RABBITMQ_CONF_ENV_FILE: join(dir, 'rabbitmq-env.conf'),
    RABBITMQ_CONFIG_FILE: join(dir, 'rabbitmq.conf'),
    RABBITMQ_ADVANCED_CONFIG_FILE: join(dir, 'advanced.config'),
    RABBITMQ_ENABLED_PLUGINS_FILE: join(dir, 'enabled_plugins'),
    RABBITMQ_MNESIA_BASE: join(dir, 'mnesia'),
    RABBITMQ_LOG_BASE: join(dir, 'log'),
    RABBITMQ_PID_FILE: join(dir, 'rabbitmq.pid'),
    RABBITMQ_DIST_PORT: String(distPort),
    ERL_EPMD_ADDRESS: '127.0.0.1',
    ERL_EPMD_PORT: String(epmdPort),
  };

  // Our own epmd, in the foreground under a PID we know, so that stopping it never touches anyone else's.
  const epmd = detached(
    EPMD,
    ['-port', String(epmdPort), '-address', '127.0.0.1'],
    env,
    dir,
    join(dir, 'epmd.log'),
  );
  const epmdPid = epmd.pid!;
  const killEpmd = () => killGroup(epmdPid, 'SIGKILL');
  running.add(killEpmd);
  if (!(await waitForPort(epmdPort, 10_000, () => alive(epmdPid)))) {
    await endGroup(epmdPid);
    running.delete(killEpmd);
    throw new Error(`epmd did not start on port ${epmdPort}:\n${tail(join(dir, 'epmd.log'))}`);
  }

  const ctl = (args: string[], timeoutMs: number) =>
    runAsync(join(RABBIT_BIN, 'rabbitmqctl'), ['-n', node, ...args], { env, cwd: dir, timeoutMs });

  let pid = 0;
  let killRabbit = () => {};
  const startNode = async () => {
    const child = detached(join(RABBIT_BIN, 'rabbitmq-server'), [], env, dir, join(dir, 'server.log'));
    pid = child.pid!;
    const thisPid = pid;
    killRabbit = () => killGroup(thisPid, 'SIGKILL');
    running.add(killRabbit);
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    // await_startup waits for the node to boot completely; the AMQP handshake proves the listener answers clients.
    const ready = (async () => {
      const end = Date.now() + 90_000;
      while (Date.now() < end) {
        const r = await ctl(['await_startup', '--timeout', '60'], 70_000);
        if (r.ok && (await amqpAnswers(port))) return true;
        if (!groupAlive(thisPid)) return false;
        await sleep(500);
      }
      return false;
    })();
    const ok = await Promise.race([ready, exited.then(() => false)]);
    if (!ok) {
      const why = `${tail(join(dir, 'server.log'))}\n${tail(join(dir, 'log', `${node}.log`))}`;
      await stopNode();
      throw new Error(`RabbitMQ did not start on port ${port}:\n${why}`);
    }
  };
  const stopNode = async () => {
    if (!pid) return;
    if (groupAlive(pid)) await ctl(['stop'], 30_000);
    await endGroup(pid, 10_000);
    running.delete(killRabbit);
  };

  try {
    await startNode();
  } catch (err) {
    await endGroup(epmdPid);
    running.delete(killEpmd);
    if (ownDir) {
      await rm(dir, { recursive: true, force: true });
      ownDirs.delete(dir);
    }
    throw err;
  }

  let stopping: Promise<void> | undefined;
  return {
    url: `amqp://guest:guest@127.0.0.1:${port}`,
    get pid() {
      return pid;
    },
    async restart() {
      if (stopping) throw new Error('RabbitMQ was stopped');
      await stopNode();
      await startNode();
    },
    stop: () =>
      (stopping ??= (async () => {
        await stopNode();
        await endGroup(epmdPid);
        running.delete(killEpmd);
        if (ownDir) {
          await rm(dir, { recursive: true, force: true });
          ownDirs.delete(dir);
        }
      })()),
  };
}

// ------------------------------------------------------------------------------------------------------------- HAProxy

/** The configuration startHaproxy writes: HTTP round robin, health checks on /healthz, WebSockets kept for an hour. */
export function haproxyConfig(port: number, backends: { name: string; port: number }[]): string {
  return [
    'global',
    '  # 2,000 WebSocket clients and their 2,000 connections to the instances fit; haproxy needs about 2 fds each',
    '  maxconn 4096',
    '',
    'defaults',
    '  mode http',
    '  option forwardfor',
    '  option redispatch',
    '  retries 3',
    '  timeout connect 2s',
    '  timeout http-request 30s',
    '  timeout client 60s',
    '  timeout server 60s',
    "  # as the server's KEEP_ALIVE_S: a request after a quiet spell on a satellite link needs no new handshake",
    '  timeout http-keep-alive 600s',
    '  # WebSockets (STOMP): once upgraded, a connection idles up to an hour instead of timeout client/server',
    '  timeout tunnel 1h',
    '',
    'frontend app',
    `  bind 127.0.0.1:${port}`,
    '  default_backend instances',
    '',
    'backend instances',
    '  balance roundrobin',
    '  option httpchk GET /healthz',
    '  http-check expect status 200',
    ...backends.map((b) => `  server ${b.name} 127.0.0.1:${b.port} check inter 1s fall 2 rise 1`),
    '',
  ].join('\n');
}

/** haproxy in the foreground under our PID, in mode http on 127.0.0.1:port; the config is written to the folder. */
export async function startHaproxy(opts: {
  port: number;
  backends: { name: string; port: number }[];
  dir?: string;
}): Promise<Service> {
  requirePackage('haproxy');
  const ownDir = !opts.dir;
  const dir = opts.dir ?? (await mkdtemp(join(tmpdir(), 'quay-haproxy-')));
  if (ownDir) ownDirs.add(dir);
  mkdirSync(dir, { recursive: true });
  const cfg = join(dir, 'haproxy.cfg');
  const log = join(dir, 'haproxy.log');
  writeFileSync(cfg, haproxyConfig(opts.port, opts.backends));
  const check = run(HAPROXY, ['-c', '-q', '-f', cfg]);
  if (!check.ok) throw new Error(`HAProxy refuses its configuration:\n${check.out}`);
  const child = detached(HAPROXY, ['-db', '-f', cfg], process.env, dir, log);
  const pid = child.pid!;
  const kill = () => killGroup(pid, 'SIGKILL');
  running.add(kill);
  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      await endGroup(pid, 5000);
      running.delete(kill);
      if (ownDir) {
        await rm(dir, { recursive: true, force: true });
        ownDirs.delete(dir);
      }
    })());
  if (!(await waitForPort(opts.port, 15_000, () => alive(pid)))) {
    const why = tail(log);
    await stop();
    throw new Error(`HAProxy did not listen on port ${opts.port}:\n${why}`);
  }
  return { url: `http://127.0.0.1:${opts.port}`, pid, stop };
}
