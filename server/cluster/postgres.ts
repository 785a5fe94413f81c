// PostgreSQL from Debian's package for tests, benches and `npm run cluster`: its own cluster folder, loopback only,
// stopped by the PID it was started with.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, mkdirSync, chownSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  freePort,
  pgBin,
  requirePackage,
  alive,
  killGroup,
  waitUntil,
  run,
  runAsync,
  tail,
  running,
  ownDirs,
  isRoot,
  type Service,
} from './services.ts';

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
