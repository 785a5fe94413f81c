// One connection on the TLS path (architecture.md#one-connection): a signed-on device over HTTPS holds, once idle,
// ONE TCP and TLS connection, seen by the server: the calls' HTTP/2 connection carries the live WebSocket as a stream
// (RFC 8441), and the spare Chromium opens for the service worker's scripts is closed. The server runs here with a
// certificate Chromium is told to trust, so that it behaves as with a real one.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TLSSocket } from 'node:tls';
import { fileURLToPath } from 'node:url';
import { chromium, expect, test } from '@playwright/test';
import { boot } from '../server/boot.ts';
import { testConfig } from '../server/config.ts';
import { selfSignedCert } from '../bench/tls-cert.ts';
import { CHROMIUM_ARGS, chromiumPath } from './chromium.ts';
import { SignOnPage } from './page-models/sign-on.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

test('over TLS an idle signed-on device holds one connection, with the live connection on it', async () => {
  test.setTimeout(180_000);
  const dir = mkdtempSync(join(tmpdir(), 'quay-one-'));
  const cert = selfSignedCert(dir);
  const app = await boot(
    testConfig({ distDir: process.env.DIST_DIR ?? join(ROOT, 'dist'), tlsCert: cert.cert, tlsKey: cert.key }),
  );
  const open = new Set<TLSSocket>();
  let http1Upgrades = 0;
  let webSocketStreams = 0;
  app.server.on('secureConnection', (socket: TLSSocket) => {
    open.add(socket);
    socket.once('close', () => open.delete(socket));
  });
  app.server.on('upgrade', () => http1Upgrades++);
  app.server.on('stream', (_stream: unknown, headers: Record<string, string>) => {
    if (headers[':protocol'] === 'websocket') webSocketStreams++;
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  const path = chromiumPath();
  const browser = await chromium.launch({
    ...(path ? { executablePath: path } : {}),
    args: [...CHROMIUM_ARGS, `--ignore-certificate-errors-spki-list=${cert.spki}`],
  });
  try {
    const page = await browser.newPage({ baseURL: url, viewport: { width: 390, height: 844 } });
    await page.goto('/');
    await new SignOnPage(page).signOn('vessel', 'demo');
    await expect(page.getByRole('navigation', { name: 'App bar' })).toBeVisible({ timeout: 60_000 });
    // The live connection is up, as a stream of an HTTP/2 connection, never an HTTP/1.1 upgrade of its own.
    await expect
      .poll(() => app.ctx.live.broker.connectedUsers().has('vessel'), { timeout: 60_000 })
      .toBe(true);
    expect(webSocketStreams).toBeGreaterThanOrEqual(1);
    expect(http1Upgrades).toBe(0);
    // Idle: one connection is left (the spare goes 40 s after its last request), and it stays one.
    await expect.poll(() => open.size, { timeout: 120_000, intervals: [1_000] }).toBe(1);
    await page.waitForTimeout(5_000);
    expect(open.size).toBe(1);
    expect(app.ctx.live.broker.connectionCount).toBe(1);
  } finally {
    await browser.close();
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
