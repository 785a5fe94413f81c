// `npm run cluster` as a person runs it: two instances behind HAProxy on real PostgreSQL and RabbitMQ. A token made
// through the balancer works on every instance, the balancer carries on when an instance dies, and SIGTERM leaves
// nothing running.
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, expect, it } from 'vitest';
import { alive, freePortRange } from '../../server/cluster/services.ts';

const INSTANCES = 2;
let child: ChildProcess | undefined;
let output = '';
let pids: number[] = [];

function waitFor(pattern: RegExp, ms: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const end = Date.now() + ms;
    const timer = setInterval(() => {
      if (pattern.test(output)) {
        clearInterval(timer);
        resolve();
      } else if (Date.now() > end || child?.exitCode !== null) {
        clearInterval(timer);
        reject(new Error(`no ${pattern} in the output of npm run cluster:\n${output}`));
      }
    }, 200);
  });
}

async function signOn(app: string): Promise<string> {
  const login = await fetch(`${app}/sso/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ usrId: 'vessel', password: 'demo' }),
    redirect: 'manual',
  });
  const sid = /quay_sid=([^;]+)/.exec(login.headers.getSetCookie().join(';'))?.[1];
  expect(sid, `sign-on answered ${login.status}`).toBeTruthy();
  const refresh = await fetch(`${app}/IBP_REFRESH.do`, { headers: { cookie: `quay_sid=${sid}` } });
  const body = (await refresh.json()) as { Result: string; token: string };
  expect(body.Result).toBe('Ok');
  return body.token;
}

const notifications = (url: string, token: string) =>
  fetch(`${url}/api/v2/app/notification/user/list`, { headers: { 'X-AUTH-TOKEN': token } });

afterAll(async () => {
  // Whatever the test's outcome, nothing it started keeps running.
  if (child && child.exitCode === null && child.signalCode === null) {
    child.kill('SIGTERM');
    const end = Date.now() + 60_000;
    while (child.exitCode === null && child.signalCode === null && Date.now() < end)
      await new Promise((r) => setTimeout(r, 200));
  }
  for (const pid of pids) if (alive(pid)) process.kill(pid, 'SIGKILL');
});

it('runs instances behind HAProxy that share sign-on, survive one instance dying, and stop on SIGTERM', async () => {
  const port = await freePortRange(INSTANCES + 1);
  child = spawn('npm', ['run', 'cluster', '--', `--instances=${INSTANCES}`, `--port=${port}`], {
    env: { ...process.env, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  await waitFor(/Ctrl-C stops it all/, 240_000);

  pids = [...output.matchAll(/ pid (\d+)/g)].map((m) => Number(m[1]));
  const app = /app\s+(http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
  const instances = [...output.matchAll(/instance (\d+)\s+(http:\/\/\S+)\s+pid (\d+)/g)].map((m) => ({
    url: m[2]!,
    pid: Number(m[3]),
  }));
  expect(app).toBe(`http://127.0.0.1:${port}`);
  expect(instances).toHaveLength(INSTANCES);
  expect(pids).toHaveLength(INSTANCES + 3); // the instances, HAProxy, RabbitMQ, PostgreSQL
  expect(/RabbitMQ\s+amqp:\/\/guest:guest@127\.0\.0\.1:\d+/.test(output)).toBe(true);
  expect(/PostgreSQL\s+postgres:\/\/postgres@127\.0\.0\.1:\d+\/postgres/.test(output)).toBe(true);

  // Round robin sends each sign-on to another instance; every token works on every instance (one TOKEN_SECRET, one
  // database of sessions).
  const tokens: string[] = [];
  for (let i = 0; i < INSTANCES; i++) tokens.push(await signOn(app!));
  for (const token of tokens) {
    for (const instance of instances) expect((await notifications(instance.url, token)).status).toBe(200);
    expect((await notifications(app!, token)).status).toBe(200);
  }

  // One instance dies without a word: the balancer's retries and health checks keep requests succeeding.
  process.kill(instances[0]!.pid, 'SIGKILL');
  let inARow = 0;
  const end = Date.now() + 15_000;
  while (inARow < 2 * INSTANCES + 2 && Date.now() < end) {
    const res = await notifications(app!, tokens[0]!).catch(() => undefined);
    inARow = res?.status === 200 ? inARow + 1 : 0;
    if (inARow === 0) await new Promise((r) => setTimeout(r, 200));
  }
  expect(inARow).toBe(2 * INSTANCES + 2);

  const exited = new Promise<number | null>((resolve) => child!.once('exit', (code) => resolve(code)));
  child.kill('SIGTERM');
  expect(await exited).toBe(0);
  expect(output).toMatch(/stopped/);
  expect(pids.filter(alive)).toEqual([]);
});
