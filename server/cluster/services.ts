// What starting the services several instances of the server need (postgres.ts, rabbitmq.ts, haproxy.ts: Debian's
// packages, for tests, benches and `npm run cluster`) shares: free ports, the packages present, and processes run in
// their own group, each on loopback only, in its own folder, and stopped by the PID it was started with (never by
// name: other people's services run on the same machine), even when this process exits early.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, openSync, closeSync, rmSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { join } from 'node:path';

export const RABBIT_BIN = '/usr/lib/rabbitmq/bin';
export const HAPROXY = '/usr/sbin/haproxy';

export interface Service {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

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

export function pgBin(): string | undefined {
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

export function requirePackage(name: string): void {
  if (missingPackages().includes(name)) {
    throw new Error(`${name} is not installed: apt-get install --no-install-recommends ${name}`);
  }
}

export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Signals a process group (our children are started detached, so their group's id is their PID). */
export function killGroup(pid: number, signal: NodeJS.Signals): void {
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

export function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM' || alive(pid);
  }
}

export async function waitUntil(check: () => boolean, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (check()) return true;
    await sleep(100);
  }
  return check();
}

/** TERM to the group, then KILL after `graceMs` if anything of it is left. */
export async function endGroup(pid: number, graceMs = 5000): Promise<void> {
  if (!groupAlive(pid)) return;
  killGroup(pid, 'SIGTERM');
  if (await waitUntil(() => !groupAlive(pid), graceMs)) return;
  killGroup(pid, 'SIGKILL');
  await waitUntil(() => !groupAlive(pid), 5000);
}

// Whatever is still running when this process exits (a test that threw, Ctrl-C in a script) is killed on the way out,
// and the folders made for it removed.
export const running = new Set<() => void>();
export const ownDirs = new Set<string>();
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

export function run(
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

export function runAsync(
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

export function tail(file: string, lines = 20): string {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

export function detached(
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

export async function waitForPort(port: number, ms: number, stillRunning: () => boolean): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await tcpOpen(port)) return true;
    if (!stillRunning()) return false;
    await sleep(100);
  }
  return false;
}

export const isRoot = () => process.getuid?.() === 0;
