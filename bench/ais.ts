// `npm run bench -- ais`: a feeder process streams `!AIVDM` traffic at 5,000 sentences a second into the server
// (AIS_SOURCES) while another user opens vessel pages; the sentences the server counted, the other user's p50 and
// p99 idle and fed (alternating windows), and the positions written per vessel per interval (budgets.md).
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { VESSEL_CURRENT, vesselPath } from '../src/core/contract/api.ts';
import { TOKEN_HEADER } from '../src/device/net/http.ts';
import { FLEET } from '../server/seed/world/fleet.ts';
import type { FeederCommand, FeederVessel } from './ais-feeder.ts';
import { freePort, pct, token, untilUp, type Row } from './common.ts';

const arg = (name: string, fallback: number): number =>
  Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback);
/** Sentences a second the feeder sends (`--rate=`), windows of each kind (`--rounds=`), the server's interval. */
const RATE = arg('rate', 5000);
const ROUNDS = arg('rounds', 5);
const WINDOW_MS = 8000;
const INTERVAL_S = 4;
const CALL_EVERY_MS = 20;
/** The other user (operator) and the vessels it may open. */
const OTHER = 'operator';
const OTHER_VESSELS = ['QHZN', 'QMRD', 'OCRS', 'PDWN', 'QBCN', 'AHDS'];

/** One 'AIS interval written' line of the server's log: each feed's counters then. */
interface IntervalLine {
  time: number;
  feeds: Record<string, number>[];
}

const root = fileURLToPath(new URL('..', import.meta.url));

/** The other user's vessel pages, one call at a time, for ms: each call's time, and each vessel's positions seen. */
async function calls(
  url: string,
  tok: string,
  ms: number,
  seen: Map<string, Set<string>>,
): Promise<number[]> {
  const headers = { [TOKEN_HEADER]: tok, 'accept-encoding': 'br, gzip' };
  const times: number[] = [];
  const end = performance.now() + ms;
  for (let i = 0; performance.now() < end; i++) {
    const vslCd = OTHER_VESSELS[i % OTHER_VESSELS.length] as string;
    const t0 = performance.now();
    const res = await fetch(`${url}${vesselPath(VESSEL_CURRENT)}?vslCd=${vslCd}`, { headers });
    const body = (await res.json()) as { posDt: string | null };
    if (!res.ok) throw new Error(`the other user's vessel page answered ${res.status}`);
    const took = performance.now() - t0;
    times.push(took);
    if (body.posDt) seen.get(vslCd)?.add(body.posDt);
    if (took < CALL_EVERY_MS) await new Promise((r) => setTimeout(r, CALL_EVERY_MS - took));
  }
  return times;
}

/** Where each demo vessel is, as staff see it: the feeder moves them on from there. */
async function fleetAt(url: string): Promise<FeederVessel[]> {
  const headers = { [TOKEN_HEADER]: await token(url, 'staff') };
  return Promise.all(
    FLEET.map(async (v) => {
      const res = await fetch(`${url}${vesselPath(VESSEL_CURRENT)}?vslCd=${v.vslCd}`, { headers });
      const at = res.ok ? ((await res.json()) as { lat: number | null; lon: number | null }) : null;
      return { mmsi: Number(v.mmsi), lat: at?.lat ?? 30, lon: at?.lon ?? -40 };
    }),
  );
}

async function measure(url: string, feeder: ChildProcess, intervals: IntervalLine[]): Promise<Row[]> {
  const tok = await token(url, OTHER);
  const seen = new Map(OTHER_VESSELS.map((v) => [v, new Set<string>()]));
  feeder.send({ cmd: 'setup', vessels: await fleetAt(url), rate: RATE } satisfies FeederCommand);
  await calls(url, tok, 1000, new Map()); // warm up: the page's first calls compile its queries
  const idle: number[] = [];
  const fed: number[] = [];
  let sent = 0;
  let fedMs = 0;
  const before = intervals.at(-1)?.feeds[0]?.sentences ?? 0;
  for (let round = 0; round < ROUNDS; round++) {
    idle.push(...(await calls(url, tok, WINDOW_MS, new Map())));
    for (const s of seen.values()) s.clear();
    feeder.send({ cmd: 'start' } satisfies FeederCommand);
    fed.push(...(await calls(url, tok, WINDOW_MS, seen)));
    feeder.send({ cmd: 'stop' } satisfies FeederCommand);
    // The feeder's own time: it sent at the rate from its start to its stop.
    const [tally] = (await once(feeder, 'message')) as [{ sent: number; ms: number }];
    fedMs += tally.ms;
    sent += tally.sent;
  }
  // The interval after the last window logs the last counters.
  await new Promise((r) => setTimeout(r, (INTERVAL_S + 1) * 1000));
  const last = intervals.at(-1)?.feeds[0] ?? {};
  const counted = (last.sentences ?? 0) - before;
  const rate = (counted * 1000) / fedMs;
  const c = (k: string) => last[k] ?? 0;
  // Positions written per interval against the vessels the interval's reports matched: at most one each.
  let worst = 0;
  for (let i = 1; i < intervals.length; i++) {
    const [a, b] = [intervals[i - 1]?.feeds[0], intervals[i]?.feeds[0]];
    if (a && b && (b.matched ?? 0) > 0)
      worst = Math.max(worst, ((b.positions ?? 0) - (a.positions ?? 0)) / (b.matched ?? 1));
  }
  // Seen from outside: the other user's vessels' positions in one fed window, against the intervals it spans.
  const pagesSaw = Math.max(...[...seen.values()].map((s) => s.size));
  const idleP99 = pct(idle, 99);
  const fedP99 = pct(fed, 99);
  const p = (xs: number[], q: number) => pct(xs, q).toFixed(1);
  const what = "another user's GET vessel/current";
  return [
    {
      what: `ais: sentences a second the server counted (feeder ${RATE}/s, ${FLEET.length} demo MMSIs among a recorded stream's)`,
      value: `${rate.toFixed(0)}/s`,
      // The feeder's timer sends a few lines short of its rate: within 1% of 5,000, every line sent counted.
      budget: `>= 5,000/s, all counted: ${rate >= 4950 && counted >= sent ? 'PASS' : 'FAIL'} (sent ${sent}, counted ${counted})`,
    },
    {
      what: 'ais: counted bad (checksum / truncated / garbage / other types / no position / out of range)',
      value: `${c('bad')}`,
      budget: ['badChecksum', 'badTruncated', 'badGarbage', 'badOtherType', 'badNoPosition', 'badOutOfRange']
        .map(c)
        .join(' / '),
    },
    {
      what: `ais: positions written per matched vessel per interval (AIS_INTERVAL_S=${INTERVAL_S}), worst interval`,
      value: worst.toFixed(2),
      budget: `<= 1: ${worst <= 1 ? 'PASS' : 'FAIL'}; a vessel page saw <= ${pagesSaw} positions in ${WINDOW_MS / 1000} s`,
    },
    {
      what: `${what}, p50 idle | fed (${idle.length} | ${fed.length} calls)`,
      value: `${p(idle, 50)} | ${p(fed, 50)} ms`,
      budget: '-',
    },
    {
      what: `${what}, p99 idle | fed`,
      value: `${p(idle, 99)} | ${p(fed, 99)} ms`,
      budget: `fed p99 within 2x idle p99: ${fedP99 <= 2 * idleP99 ? 'PASS' : 'FAIL'}`,
    },
  ];
}

/** The server as `npm start` runs it, in a process of its own on a fresh data folder, reading the feeder. */
export async function aisBench(): Promise<Row[]> {
  const dir = await mkdtemp(join(tmpdir(), 'quay-ais-'));
  const [port, feederPort] = [await freePort(), await freePort()];
  const feeder = spawn(process.execPath, ['--import', 'tsx', join(root, 'bench/ais-feeder.ts')], {
    env: { ...process.env, AIS_FEEDER_PORT: String(feederPort) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  await once(feeder, 'message');
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts', '--no-build'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dir,
      SIMULATOR: 'off',
      LOG_LEVEL: 'info',
      AIS_SOURCES: `127.0.0.1:${feederPort}`,
      AIS_INTERVAL_S: String(INTERVAL_S),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const intervals: IntervalLine[] = [];
  createInterface({ input: child.stdout! }).on('line', (text) => {
    if (!text.includes('AIS interval written')) return;
    intervals.push(JSON.parse(text) as IntervalLine);
  });
  // Should the bench die, the server and the feeder go with it.
  const orphan = () => {
    child.kill();
    feeder.kill();
  };
  process.once('exit', orphan);
  const url = `http://127.0.0.1:${port}`;
  try {
    await untilUp(child, url);
    return await measure(url, feeder, intervals);
  } finally {
    process.off('exit', orphan);
    feeder.kill();
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
    await rm(dir, { recursive: true, force: true });
  }
}
