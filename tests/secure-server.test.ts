// The HTTPS server's idle rule (architecture.md#one-connection): a session carrying a WebSocket (an RFC 8441 extended
// CONNECT) is never closed for idleness; a spare beside it from the same address goes after the spare time; a session
// alone without one stays for the idle time, as a device that only calls needs.
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect, type ClientHttp2Session, type Http2SecureServer } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secureServer } from '../server/http/secure-server.ts';
import { WEBSOCKET_CONNECT } from '../server/stomp/h2-tunnel.ts';
import { selfSignedCert } from '../bench/tls-cert.ts';

let dir = '';
let server: Http2SecureServer & { closeHttp2Sessions(): void };
let base = '';
const SPARE_MS = 300;
const IDLE_MS = 60_000;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'quay-secure-'));
  const { cert, key } = selfSignedCert(dir);
  server = secureServer(
    { cert: readFileSync(cert), key: readFileSync(key), idleMs: IDLE_MS, spareIdleMs: SPARE_MS },
    (_req, res) => res.end('ok'),
  );
  // A WebSocket's stream, answered and held open as the broker does.
  server.on(WEBSOCKET_CONNECT, (_req, res: { stream: { respond(h: object): void } }) =>
    res.stream.respond({ ':status': 200 }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeHttp2Sessions();
  await new Promise((resolve) => server.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

async function session(): Promise<ClientHttp2Session> {
  const s = connect(base, { rejectUnauthorized: false });
  await new Promise((resolve) => s.once('remoteSettings', resolve));
  return s;
}

function get(s: ClientHttp2Session, path = '/'): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = s.request({ ':path': path });
    let status = 0;
    req.on('response', (h) => (status = Number(h[':status'])));
    req.on('error', reject);
    req.on('close', () => resolve(status));
    req.resume();
    req.end();
  });
}

function webSocket(s: ClientHttp2Session): Promise<number> {
  const stream = s.request(
    { ':method': 'CONNECT', ':protocol': 'websocket', ':path': '/ws', ':scheme': 'https' },
    { endStream: false },
  );
  return new Promise((resolve, reject) => {
    stream.once('response', (h) => resolve(Number(h[':status'])));
    stream.once('error', reject);
  });
}

/** Resolves true when the server sends GOAWAY (closes the session) within `ms`, false when it keeps it. */
function closedWithin(s: ClientHttp2Session, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    s.once('goaway', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

describe('the HTTPS server', () => {
  it('offers the extended CONNECT of RFC 8441', async () => {
    const s = await session();
    expect(s.remoteSettings.enableConnectProtocol).toBe(true);
    s.close();
  });

  it('keeps the session carrying a WebSocket and closes a spare beside it from the same address', async () => {
    const live = await session();
    expect(await webSocket(live)).toBe(200);
    expect(await get(live)).toBe(200);
    const spare = await session();
    expect(await get(spare)).toBe(200);
    const [spareClosed, liveClosed] = await Promise.all([
      closedWithin(spare, SPARE_MS * 20),
      closedWithin(live, SPARE_MS * 20),
    ]);
    expect(spareClosed).toBe(true);
    expect(liveClosed).toBe(false);
    // The live session still carries calls.
    expect(await get(live)).toBe(200);
    live.destroy();
    spare.destroy();
  });

  it('keeps a session without a WebSocket when no other session of its address has one', async () => {
    const alone = await session();
    expect(await get(alone)).toBe(200);
    expect(await closedWithin(alone, SPARE_MS * 10)).toBe(false);
    alone.destroy();
  });

  it('answers a CONNECT that is not a WebSocket with 405', async () => {
    const s = await session();
    const stream = s.request({ ':method': 'CONNECT', ':authority': 'example.org:443' }, { endStream: false });
    const status = await new Promise<number>((resolve) =>
      stream.once('response', (h) => resolve(Number(h[':status']))),
    );
    expect(status).toBe(405);
    s.destroy();
  });
});
