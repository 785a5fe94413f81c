// The server on the wire as production has it: HTTPS with HTTP/2 (and HTTP/1.1 for clients without it), the STOMP
// socket upgraded over TLS, idle connections kept for minutes, the build's precompressed files, and the app's
// files without the headers only a page reads.
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { connect, constants } from 'node:http2';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { startTestServer, type TestServer } from './helpers/server.ts';
import { selfSignedCert } from '../bench/tls-cert.ts';

let dir = '';
let server: TestServer;
let base = '';

/** The bench's self-signed certificate for 127.0.0.1, in the test's folder (removed with it). */
function certificate(into: string): { tlsCert: string; tlsKey: string } {
  const { cert, key } = selfSignedCert(into);
  return { tlsCert: cert, tlsKey: key };
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'quay-wire-'));
  const dist = join(dir, 'dist');
  await mkdir(join(dist, 'assets'), { recursive: true });
  await writeFile(join(dist, 'index.html'), '<!doctype html><title>Quay</title><div id="root"></div>');
  const script = `console.log(${JSON.stringify('a line of the app '.repeat(100))})`;
  await writeFile(join(dist, 'assets', 'index-AbCdEf12.js'), script);
  await writeFile(join(dist, 'assets', 'index-AbCdEf12.js.br'), brotliCompressSync(script));
  await writeFile(join(dist, 'assets', 'sync-worker-AbCdEf12.js'), script);
  await writeFile(join(dist, 'assets', 'index-AbCdEf12.css'), 'body { color: navy }');
  await writeFile(join(dist, 'sw.js'), script);
  server = await startTestServer({ distDir: dist, keepAliveS: 600, ...certificate(dir) });
  base = await server.listen();
});

afterAll(async () => {
  await server?.close();
  await rm(dir, { recursive: true, force: true });
});

/** One HTTP/2 GET; the answer's headers and body. */
async function h2get(path: string, headers: Record<string, string> = {}) {
  const session = connect(base, { rejectUnauthorized: false });
  try {
    return await new Promise<{ headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
      const req = session.request({ [constants.HTTP2_HEADER_PATH]: path, ...headers });
      const chunks: Buffer[] = [];
      let head: Record<string, unknown> = {};
      req.on('response', (h) => (head = h));
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => resolve({ headers: head, body: Buffer.concat(chunks) }));
      req.on('error', reject);
      req.end();
    });
  } finally {
    session.close();
  }
}

describe('the server over TLS', () => {
  it('speaks HTTP/2 to a client that offers it: health, the API with its token, the app with SPA fallback', async () => {
    expect(base).toMatch(/^https:/);
    expect((await h2get('/healthz')).headers[':status']).toBe(200);
    const token = await server.token('vessel');
    const badge = await h2get('/api/v2/app/notification/user/badge', { 'x-auth-token': token });
    expect(badge.headers[':status']).toBe(200);
    expect(JSON.parse(badge.body.toString())).toEqual([{ notCnt: expect.any(Number) }]);
    const page = await h2get('/voyage');
    expect(page.headers[':status']).toBe(200);
    expect(page.body.toString()).toContain('<div id="root">');
    expect(page.headers['content-security-policy']).toBeTruthy();
  });

  it('answers HTTP/1.1 too, and keeps an idle connection open for the configured time', async () => {
    const res = await new Promise<{ status: number; keepAlive: string }>((resolve, reject) => {
      const req = request(`${base}/healthz`, { rejectUnauthorized: false }, (r) => {
        r.resume();
        r.on('end', () => resolve({ status: r.statusCode ?? 0, keepAlive: String(r.headers['keep-alive']) }));
      });
      req.on('error', reject);
      req.end();
    });
    expect(res).toEqual({ status: 200, keepAlive: 'timeout=600' });
  });

  it('upgrades the STOMP socket over TLS and accepts a CONNECT with a token', async () => {
    const ws = new WebSocket(`${base.replace(/^https/, 'wss')}/ws`, ['v12.stomp'], {
      rejectUnauthorized: false,
    });
    const token = await server.token('vessel');
    const frame = await new Promise<string>((resolve, reject) => {
      ws.once('error', reject);
      ws.once('message', (data: Buffer) => resolve(data.toString()));
      ws.once('open', () =>
        ws.send(`CONNECT\naccept-version:1.2\nhost:quay\nheart-beat:0,0\nX-AUTH-TOKEN:${token}\n\n\0`),
      );
    });
    ws.close();
    expect(frame.startsWith('CONNECTED\n')).toBe(true);
  });

  it('carries the STOMP socket as a stream of the HTTP/2 connection the calls use (RFC 8441)', async () => {
    const session = connect(base, { rejectUnauthorized: false });
    await new Promise((resolve) => session.once('remoteSettings', resolve));
    expect(session.remoteSettings.enableConnectProtocol).toBe(true);
    const stream = session.request(
      {
        ':method': 'CONNECT',
        ':protocol': 'websocket',
        ':path': '/ws',
        ':scheme': 'https',
        'sec-websocket-version': '13',
        'sec-websocket-protocol': 'v12.stomp',
      },
      { endStream: false },
    );
    const head = await new Promise<Record<string, unknown>>((resolve) => stream.once('response', resolve));
    expect(head[':status']).toBe(200);
    expect(head['sec-websocket-protocol']).toBe('v12.stomp');
    // HTTP/1.1's handshake headers have no place on HTTP/2 (RFC 8441 section 5).
    for (const h of ['upgrade', 'connection', 'sec-websocket-accept']) expect(head[h], h).toBeUndefined();
    const token = await server.token('vessel');
    stream.write(
      clientFrame(`CONNECT\naccept-version:1.2\nhost:quay\nheart-beat:0,0\nX-AUTH-TOKEN:${token}\n\n\0`),
    );
    expect((await serverText(stream)).startsWith('CONNECTED\n')).toBe(true);
    // A call on the same connection beside it.
    const call = session.request({ ':path': '/healthz' });
    const status = await new Promise<unknown>((resolve) =>
      call.once('response', (h) => resolve(h[':status'])),
    );
    call.resume();
    expect(status).toBe(200);
    expect(server.app.ctx.live.broker.connectionCount).toBeGreaterThanOrEqual(1);
    session.destroy();
  });

  it('answers an extended CONNECT to another path with 404', async () => {
    const session = connect(base, { rejectUnauthorized: false });
    await new Promise((resolve) => session.once('remoteSettings', resolve));
    const stream = session.request(
      { ':method': 'CONNECT', ':protocol': 'websocket', ':path': '/elsewhere', ':scheme': 'https' },
      { endStream: false },
    );
    const head = await new Promise<Record<string, unknown>>((resolve) => stream.once('response', resolve));
    expect(head[':status']).toBe(404);
    session.destroy();
  });

  it("sends the build's brotli file as it is, and a script without the headers only a page reads", async () => {
    const res = await h2get('/assets/index-AbCdEf12.js', { 'accept-encoding': 'br' });
    expect(res.headers[':status']).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect(res.headers['cross-origin-opener-policy']).toBeUndefined();
    expect(res.headers['content-security-policy']).toBeUndefined();
    // Kept a year: no Last-Modified or Accept-Ranges. A script keeps its ETag, so the revalidation of the modules
    // a service worker imports when it installs is a 304, not the file again; other hashed files go without one.
    expect(res.headers['cache-control']).toContain('immutable');
    for (const h of ['last-modified', 'accept-ranges']) expect(res.headers[h], h).toBeUndefined();
    const etag = String(res.headers.etag);
    expect(etag).toMatch(/^(W\/)?"/);
    const again = await h2get('/assets/index-AbCdEf12.js', {
      'accept-encoding': 'br',
      'if-none-match': etag,
    });
    expect(again.headers[':status']).toBe(304);
    expect(
      (await h2get('/assets/index-AbCdEf12.css', { 'accept-encoding': 'br' })).headers.etag,
    ).toBeUndefined();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // A worker's script carries its CSP: it is the worker's policy.
    for (const path of ['/assets/sync-worker-AbCdEf12.js', '/sw.js'])
      expect((await h2get(path)).headers['content-security-policy'], path).toContain("connect-src 'self'");
  });
});

/** A client's WebSocket text frame (masked, as a client's must be; short payloads only). */
function clientFrame(text: string): Buffer {
  const payload = Buffer.from(text);
  const mask = Buffer.from([1, 2, 3, 4]);
  const masked = Buffer.from(payload.map((b, i) => b ^ (mask[i % 4] ?? 0)));
  const length =
    payload.length < 126
      ? Buffer.from([0x80 | payload.length])
      : Buffer.from([0x80 | 126, payload.length >> 8, payload.length & 255]);
  return Buffer.concat([Buffer.from([0x81]), length, mask, masked]);
}

/** The text of the server's first WebSocket frame on the stream (unmasked, uncompressed, under 64 KB). */
function serverText(stream: NodeJS.ReadableStream): Promise<string> {
  return new Promise((resolve) => {
    let got = Buffer.alloc(0);
    const onData = (d: Buffer) => {
      got = Buffer.concat([got, d]);
      const len = (got[1] ?? 0) & 127;
      const start = len === 126 ? 4 : 2;
      const size = len === 126 && got.length >= 4 ? got.readUInt16BE(2) : len;
      if (got.length < start + size) return;
      stream.off('data', onData);
      resolve(got.subarray(start, start + size).toString());
    };
    stream.on('data', onData);
  });
}
