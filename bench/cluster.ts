// `npm run bench -- cluster` (asked by name): Quay as three instances on PostgreSQL and RabbitMQ started on loopback
// (server/cluster/cluster.ts), simulator off.
// - HTTP throughput: one instance reached directly against three behind HAProxy. Each variant keeps `--concurrency`
//   requests in flight (GET notification/user/list with a token) for `--seconds`; the variants alternate within each
//   of `--rounds` rounds, so that the machine's drift is not taken for a difference.
// - Fan-out: `--connections` STOMP connections (@stomp/stompjs over ws) of bench users (copies of the staff user, 10
//   per user: the broker's limit per user and instance) spread over the three instances, subscribed to one vessel's
//   room; `--messages` messages sent one at a time through instance 1's REST API; p50/p99 from the send to delivery on
//   instance 1 and on the others (which hear it through RabbitMQ).
// `--only=http` or `--only=fanout` runs one. The load generator runs on the same machine as everything else: on two
// cores, three instances, HAProxy, PostgreSQL, RabbitMQ and the generator share them, so this shows what the balancer
// and the broker cost, not what three machines would serve.
import { cpus } from 'node:os';
import { Client, type IStompSocket } from '@stomp/stompjs';
import pg from 'pg';
import WebSocket from 'ws';
import { roomIdOf, roomTopic, STOMP_PATH } from '../src/core/contract/chat.ts';
import { startCluster, type Cluster } from '../server/cluster/cluster.ts';
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

async function throughput(
  cluster: Cluster,
  rounds: number,
  seconds: number,
  concurrency: number,
): Promise<Row[]> {
  const instances = cluster.instances.length;
  const cores = cpus().length;
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
  const only = process.argv.find((a) => a.startsWith('--only='))?.slice(7);
  try {
    const rows: Row[] = [];
    if (only !== 'fanout') rows.push(...(await throughput(cluster, rounds, seconds, concurrency)));
    if (only !== 'http') rows.push(...(await fanOut(cluster, arg('connections', 2000), arg('messages', 20))));
    return rows;
  } finally {
    await cluster.stop();
  }
}

// ------------------------------------------------------------------------------------------------------------ fan-out

/** Bench users made for the fan-out: copies of the staff user (who may join any vessel's room), password demo. */
async function benchUsers(databaseUrl: string, count: number): Promise<{ users: string[]; room: string }> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    await db.query(
      `INSERT INTO users (usr_id, usr_nm, usr_tp_cd, usr_role_cd, ofc_id, ext_usr_id, email, password_hash)
       SELECT 'bench' || lpad(g::text, 4, '0'), 'Bench ' || g, usr_tp_cd, usr_role_cd, ofc_id, '',
              'bench' || g || '@example.com', password_hash
         FROM users, generate_series(1, $1::int) g WHERE usr_id = 'staff'
       ON CONFLICT (usr_id) DO NOTHING`,
      [count],
    );
    const rows = await db.query<{ ofc_id: string }>(`SELECT ofc_id FROM users WHERE usr_id = 'vessel'`);
    const users = Array.from({ length: count }, (_, i) => `bench${String(i + 1).padStart(4, '0')}`);
    return { users, room: roomIdOf(rows.rows[0]!.ofc_id) };
  } finally {
    await db.end();
  }
}

/** `tasks` run with at most `width` at a time. */
async function pool<T>(tasks: (() => Promise<T>)[], width: number): Promise<T[]> {
  const out: T[] = new Array<T>(tasks.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, tasks.length) }, async () => {
      while (next < tasks.length) {
        const i = next++;
        out[i] = await tasks[i]!();
      }
    }),
  );
  return out;
}

interface Listener {
  instance: number;
  client: Client;
  heard: Map<string, number>;
}

/** A STOMP connection (stompjs over ws) to an instance, subscribed to the room once its receipt has come. */
function listen(wsUrl: string, instance: number, tok: string, topic: string): Promise<Listener> {
  return new Promise((resolve, reject) => {
    const heard = new Map<string, number>();
    const client = new Client({
      webSocketFactory: () => new WebSocket(wsUrl, ['v12.stomp']) as unknown as IStompSocket,
      connectHeaders: { 'X-AUTH-TOKEN': tok },
      heartbeatIncoming: 0,
      heartbeatOutgoing: 0,
      reconnectDelay: 0,
      connectionTimeout: 60_000,
      debug: () => undefined,
    });
    const timer = setTimeout(() => reject(new Error(`no subscription on ${wsUrl} within 60 s`)), 60_000);
    client.onStompError = (f) => {
      clearTimeout(timer);
      reject(new Error(`STOMP error from ${wsUrl}: ${f.headers.message}`));
    };
    client.onConnect = () => {
      const receipt = `sub-${Math.random().toString(36).slice(2)}`;
      client.watchForReceipt(receipt, () => {
        clearTimeout(timer);
        resolve({ instance, client, heard });
      });
      client.subscribe(
        topic,
        (m) => {
          if (m.headers.event !== 'message') return;
          const text = (JSON.parse(m.body) as { msgText?: string }).msgText;
          if (text) heard.set(text, performance.now());
        },
        { receipt },
      );
    };
    client.activate();
  });
}

async function fanOut(cluster: Cluster, connections: number, messages: number): Promise<Row[]> {
  const perUser = 10; // the broker's limit of connections per user and instance; each user's are spread anyway
  const { users, room } = await benchUsers(cluster.postgres.url, Math.ceil(connections / perUser));
  const topic = roomTopic(room);
  console.log(`  fan-out: ${users.length} users sign on and join ${room}...`);
  const tokens = await pool(
    users.map((u) => async () => {
      const tok = await token(cluster.app, u);
      const res = await fetch(`${cluster.app}/api/v2/app/chat/init-sub/vessel/${room.slice(2)}`, {
        headers: { 'x-auth-token': tok },
      });
      if (!res.ok) throw new Error(`${u} could not join ${room}: ${res.status} ${await res.text()}`);
      return tok;
    }),
    8,
  );
  const senderToken = await token(cluster.app, 'vessel');
  const wsUrls = cluster.instances.map((i) => `${i.url.replace(/^http/, 'ws')}${STOMP_PATH}`);
  console.log(`  fan-out: opening ${connections} STOMP connections over ${wsUrls.length} instances...`);
  const listeners = await pool(
    Array.from({ length: connections }, (_, c) => () => {
      const user = Math.floor(c / perUser);
      const instance = c % wsUrls.length;
      return listen(wsUrls[instance]!, instance, tokens[user]!, topic);
    }),
    50,
  );
  try {
    const byInstance: number[][] = wsUrls.map(() => []);
    let missed = 0;
    for (let m = 0; m < messages; m++) {
      const text = `fan-out ${m} ${Date.now()}`;
      const t0 = performance.now();
      const res = await fetch(`${cluster.instances[0]!.url}/api/v2/app/chat/message`, {
        method: 'POST',
        headers: { 'x-auth-token': senderToken, 'content-type': 'application/json' },
        body: JSON.stringify({ roomId: room, clientMsgId: `fan-${m}-${Date.now()}`, msgText: text }),
      });
      if (!res.ok) throw new Error(`the message was refused: ${res.status} ${await res.text()}`);
      await res.arrayBuffer();
      const until = performance.now() + 10_000;
      while (listeners.some((l) => !l.heard.has(text)) && performance.now() < until)
        await new Promise((r) => setTimeout(r, 5));
      for (const l of listeners) {
        const at = l.heard.get(text);
        if (at === undefined) missed++;
        else byInstance[l.instance]!.push(at - t0);
        l.heard.delete(text);
      }
      // A quiet moment between messages: each one is timed on its own.
      await new Promise((r) => setTimeout(r, 300));
    }
    const others = byInstance.slice(1).flat();
    const row = (what: string, xs: number[]): Row => ({
      what,
      value: `${pct(xs, 50).toFixed(0)} / ${pct(xs, 99).toFixed(0)} ms`,
      budget: `p50 / p99 of ${xs.length} deliveries, no budget${missed ? `; ${missed} not delivered within 10 s` : ''}`,
    });
    return [
      row(
        `fan-out: ${connections} STOMP connections, sent via instance 1, delivered on instance 1`,
        byInstance[0]!,
      ),
      row(
        `fan-out: ${connections} STOMP connections, sent via instance 1, delivered on instances 2-3`,
        others,
      ),
    ];
  } finally {
    await Promise.all(listeners.map((l) => l.client.deactivate()));
  }
}
