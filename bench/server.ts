// Server figures: cold start (fresh and existing data folder), notification list latency, and the cost of a resync.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { boot } from '../server/boot.ts';
import { testConfig } from '../server/config.ts';
import type { App } from '../server/context.ts';

export interface Row {
  what: string;
  value: string;
  budget: string;
}

const pct = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};

async function start(dataDir: string): Promise<{ app: App; url: string; ms: number }> {
  const t0 = performance.now();
  const app = await boot(testConfig({ dataDir, logLevel: 'silent' }));
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  const ok = await fetch(`${url}/healthz`);
  if (!ok.ok) throw new Error('healthz failed');
  return { app, url, ms: performance.now() - t0 };
}

async function token(url: string, usrId: string): Promise<string> {
  const login = await fetch(`${url}/sso/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ usrId, password: 'demo' }),
    redirect: 'manual',
  });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const res = (await (await fetch(`${url}/IBP_REFRESH.do`, { headers: { cookie } })).json()) as {
    token: string;
  };
  return res.token;
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
    let etag = '';
    for (let i = 0; i < calls; i++) {
      const t0 = performance.now();
      const res = await fetch(list, { headers });
      await res.arrayBuffer();
      times.push(performance.now() - t0);
      etag = res.headers.get('etag') ?? '';
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

    // What a resync costs when nothing changed: the conditional GETs of the first datasets, 304s with headers only.
    const datasets = [
      'notification/user/list',
      'notification/user/badge',
      'notification/settings',
      'common/logged-user',
      'common/programs',
    ];
    let bytes = 0;
    for (const path of datasets) {
      const first = await fetch(`${warm.url}/api/v2/app/${path}`, { headers });
      await first.arrayBuffer();
      const tag = first.headers.get('etag') ?? '';
      const again = await fetch(`${warm.url}/api/v2/app/${path}`, {
        headers: { ...headers, 'if-none-match': tag },
      });
      if (again.status !== 304) throw new Error(`${path} answered ${again.status}, expected 304`);
      let headerBytes = `HTTP/1.1 304 Not Modified\r\n`.length + 2;
      again.headers.forEach((v, k) => (headerBytes += k.length + v.length + 4));
      const requestBytes = `GET /api/v2/app/${path} HTTP/1.1\r\n`.length + tok.length + tag.length + 120;
      bytes += headerBytes + requestBytes;
    }
    rows.push({
      what: `resync with nothing changed (${datasets.length} conditional GETs, request + response)`,
      value: `${(bytes / 1024).toFixed(2)} KB`,
      budget: '<= 2 KB',
    });
    void etag;
    await warm.app.close();
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  return rows;
}
