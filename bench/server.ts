// Server figures: cold start (fresh and existing data folder), notification list latency, what the sync worker's
// code transfers (bench/sync.ts) and chat over STOMP (bench/chat.ts).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { boot } from '../server/boot.ts';
import { testConfig } from '../server/config.ts';
import type { App } from '../server/context.ts';
import { chatBench } from './chat.ts';
import { pct, token, type Row } from './common.ts';
import { syncBench } from './sync.ts';

async function start(dataDir: string): Promise<{ app: App; url: string; ms: number }> {
  const t0 = performance.now();
  // The chat part sends 100 messages back to back, past a person's share of STOMP SEND (architecture.md#the-reference-server).
  const app = await boot(testConfig({ dataDir, logLevel: 'silent', stompSendBurst: 1000 }));
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  const ok = await fetch(`${url}/healthz`);
  if (!ok.ok) throw new Error('healthz failed');
  return { app, url, ms: performance.now() - t0 };
}

/** A server of its own on a fresh data folder, for a bench part that needs nothing else. */
export async function withServer(part: (url: string) => Promise<Row[]>): Promise<Row[]> {
  const dir = await mkdtemp(join(tmpdir(), 'quay-bench-'));
  try {
    const { app, url } = await start(dir);
    try {
      return await part(url);
    } finally {
      await app.close();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export async function serverBench(calls = 200): Promise<Row[]> {
  const dir = await mkdtemp(join(tmpdir(), 'quay-bench-'));
  const rows: Row[] = [];
  try {
    const fresh = await start(dir);
    rows.push({
      what: 'server cold start, empty data folder (create, migrate, seed)',
      value: `${fresh.ms.toFixed(0)} ms`,
      budget: '-',
    });
    await fresh.app.close();
    const warm = await start(dir);
    rows.push({
      what: 'server cold start, existing data folder',
      value: `${warm.ms.toFixed(0)} ms`,
      budget: '-',
    });

    const tok = await token(warm.url, 'vessel');
    const headers = { 'x-auth-token': tok, 'accept-encoding': 'br, gzip' };
    const list = `${warm.url}/api/v2/app/notification/user/list`;
    for (let i = 0; i < 20; i++) await (await fetch(list, { headers })).arrayBuffer();
    const times: number[] = [];
    for (let i = 0; i < calls; i++) {
      const t0 = performance.now();
      const res = await fetch(list, { headers });
      await res.arrayBuffer();
      times.push(performance.now() - t0);
    }
    rows.push({
      what: `GET notification/user/list (vessel user), p50 of ${calls}`,
      value: `${pct(times, 50).toFixed(1)} ms`,
      budget: '-',
    });
    rows.push({
      what: `GET notification/user/list, p95 of ${calls}`,
      value: `${pct(times, 95).toFixed(1)} ms`,
      budget: '-',
    });

    rows.push(...(await syncBench(warm.url)));
    rows.push(...(await chatBench(warm.url)));
    await warm.app.close();
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  return rows;
}
