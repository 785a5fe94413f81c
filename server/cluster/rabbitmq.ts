// RabbitMQ from Debian's package for tests, benches and `npm run cluster`: its own node name and folders, loopback
// only (epmd too), stopped by the PID it was started with.
import { writeFileSync, mkdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  RABBIT_BIN,
  freePort,
  requirePackage,
  alive,
  killGroup,
  groupAlive,
  endGroup,
  runAsync,
  tail,
  detached,
  waitForPort,
  sleep,
  running,
  ownDirs,
  type Service,
} from './services.ts';

const EPMD = '/usr/bin/epmd';

/** Opens a TCP connection, sends the AMQP 0-9-1 protocol header and resolves true when the broker answers with
 * Connection.Start (a method frame), which is what a client library waits for first. */
function amqpAnswers(port: number, timeoutMs = 3000): Promise<boolean> {
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
