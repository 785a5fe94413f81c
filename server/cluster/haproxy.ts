// HAProxy from Debian's package in front of several instances for tests, benches and `npm run cluster`: round robin,
// health checks, WebSockets kept.
import { writeFileSync, mkdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  HAPROXY,
  requirePackage,
  alive,
  killGroup,
  endGroup,
  run,
  tail,
  detached,
  waitForPort,
  running,
  ownDirs,
  type Service,
} from './services.ts';

/** The configuration startHaproxy writes: HTTP round robin, health checks on /healthz, WebSockets kept for 12 hours. */
function haproxyConfig(port: number, backends: { name: string; port: number }[]): string {
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
    '  # WebSockets (STOMP) carry no heart-beats (architecture.md#one-connection): once upgraded, a connection idles up',
    '  # to 12 hours; TCP keep-alive probes are below haproxy and do not count as traffic',
    '  timeout tunnel 12h',
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
