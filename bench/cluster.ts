// `npm run bench -- cluster` (asked by name): HTTP throughput of one instance reached directly against three behind
// HAProxy, on PostgreSQL and RabbitMQ started on loopback (server/cluster/cluster.ts). Each variant keeps
// `--concurrency` requests in flight (GET notification/user/list with a token) for `--seconds`; the variants alternate
// within each of `--rounds` rounds, so that the machine's drift is not taken for a difference. The load generator runs
// on the same machine as everything else: on two cores, three instances, HAProxy, PostgreSQL and the generator share
// them, so this shows the cost of the balancer and of the shared database more than any gain from more instances.
import { cpus } from 'node:os';
import { startCluster } from '../server/cluster/cluster.ts';
import { freePortRange, missingPackages } from '../server/cluster/services.ts';
import { buildIfNeeded } from '../server/build-if-needed.ts';
import { pct, token, type Row } from './common.ts';

function arg(name: string, fallback: number): number {
  const raw = process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  const n = raw === undefined ? fallback : Number(raw);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`--${name} must be a positive number, got "${raw}"`);
  return n;
}

interface Run {
  requests: number;
  errors: number;
  seconds: number;
  latencies: number[];
}

/** `concurrency` loops, each sending the next request when the last is answered, for `seconds`. */
async function load(url: string, tok: string, concurrency: number, seconds: number): Promise<Run> {
  const target = `${url}/api/v2/app/notification/user/list`;
  const headers = { 'x-auth-token': tok };
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  const until = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < until) {
        const t0 = performance.now();
        try {
          const res = await fetch(target, { headers });
          await res.arrayBuffer();
          if (res.ok) latencies.push(performance.now() - t0);
          else errors++;
        } catch {
          errors++;
        }
      }
    }),
  );
  return { requests: latencies.length, errors, seconds: (performance.now() - started) / 1000, latencies };
}

export async function clusterBench(): Promise<Row[]> {
  const missing = missingPackages();
  if (missing.length) {
    console.log(
      `cluster bench skipped: needs ${missing.join(', ')} (apt-get install --no-install-recommends ${missing.join(' ')})`,
    );
    return [];
  }
  const rounds = arg('rounds', 3);
  const seconds = arg('seconds', 10);
  const concurrency = arg('concurrency', 32);
  const instances = 3;
  const cores = cpus().length;
  console.log(
    `cluster bench: this machine has ${cores} core${cores === 1 ? '' : 's'}. The ${instances} instances, HAProxy, ` +
      `PostgreSQL, RabbitMQ and this load generator all share ${cores === 1 ? 'it' : 'them'}: the figures show what ` +
      `the balancer and a shared database cost here, not what ${instances} machines would serve.`,
  );
  const root = new URL('..', import.meta.url).pathname;
  buildIfNeeded(root, `${root}dist`, (m) => console.log(m));
  const cluster = await startCluster({
    instances,
    port: await freePortRange(instances + 1),
    // The simulator off: what is measured is requests served, not the simulator's writes (three of them today).
    env: { SIMULATOR: 'off', LOG_LEVEL: 'warn' },
    log: (m) => console.log(m),
  });
  try {
    const variants = [
      { name: 'one instance, direct', url: cluster.instances[0]!.url },
      { name: `${instances} instances via HAProxy`, url: cluster.app },
    ];
    const tok = await token(cluster.app, 'vessel');
    // Warm up each path (JIT, connection pools, PostgreSQL's caches) before anything counts.
    for (const v of variants) await load(v.url, tok, concurrency, 2);
    const runs = new Map<string, Run[]>(variants.map((v) => [v.name, []]));
    for (let r = 0; r < rounds; r++) {
      const order = r % 2 === 0 ? variants : [...variants].reverse();
      for (const v of order) {
        const run = await load(v.url, tok, concurrency, seconds);
        runs.get(v.name)!.push(run);
        console.log(
          `  round ${r + 1} ${v.name}: ${(run.requests / run.seconds).toFixed(0)} req/s` +
            (run.errors ? `, ${run.errors} errors` : ''),
        );
      }
    }
    return variants.map((v) => {
      const list = runs.get(v.name)!;
      const rates = list.map((x) => x.requests / x.seconds).sort((a, b) => a - b);
      const median = rates[Math.floor(rates.length / 2)]!;
      const lat = list.flatMap((x) => x.latencies);
      const errors = list.reduce((n, x) => n + x.errors, 0);
      return {
        what: `notification list, ${concurrency} in flight: ${v.name} (${cores} cores)`,
        value: `${median.toFixed(0)} req/s`,
        budget: `no budget; median of ${rounds}×${seconds} s, p50 ${pct(lat, 50).toFixed(0)} ms, p99 ${pct(lat, 99).toFixed(0)} ms${errors ? `, ${errors} errors` : ''}`,
      };
    });
  } finally {
    await cluster.stop();
  }
}
