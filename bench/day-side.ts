// One variant of the day bench (bench/day.ts): a fresh server (plain HTTP, or TLS with HTTP/2), the FleetBroadband
// link in front of it, and the vessel user's browser context through the link; windows of measured traffic.
import type { TLSSocket } from 'node:tls';
import {
  request,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
} from '@playwright/test';
import { TOKEN_HEADER } from '../server/auth/guard.ts';
import { boot } from '../server/boot.ts';
import { testConfig } from '../server/config.ts';
import type { App } from '../server/context.ts';
import { openPhone } from './browser.ts';
import { startCapture, type Capture, type WireFigures } from './capture.ts';
import { FLEET_BROADBAND, startLink, type Link, type Taken } from './link.ts';
import type { CertFiles } from './tls-cert.ts';

export interface Variant {
  /** e.g. "plain", "tls", "tls ka=72s" */
  name: string;
  tls: boolean;
  /** The server's idle keep-alive in seconds; null: the server's default. */
  keepAliveS: number | null;
  /** The built app to serve. */
  distDir: string;
}

/** What the server saw: TLS handshakes, how many resumed a session, HTTP/2 sessions, token renewals and 401s. */
interface TlsSeen {
  handshakes: number;
  resumed: number;
  h2Sessions: number;
  refreshes: number;
  /** Each refresh call's and 401's Date.now() at the server, from request to answer: their bytes on the capture. */
  refreshSpans: { from: number; to: number }[];
  /** New tokens handed out on a call's answer (its X-AUTH-TOKEN header): renewals without a refresh call. */
  answerRenewals: number;
  /** New tokens handed out on the live connection's messages (server/stomp/token-renewal.ts). */
  socketRenewals: number;
  /**
   * The map's coast tiles served (body and about 80 B of HTTP/2 headers each way, HPACK-compressed): through TLS the
   * link cannot tell them from the rest, and the day counts them once (bench/day.ts coastBytes).
   */
  coastBytes: number;
  unauthorized: number;
}
const noneSeen = (): TlsSeen => ({
  handshakes: 0,
  resumed: 0,
  h2Sessions: 0,
  refreshes: 0,
  refreshSpans: [],
  answerRenewals: 0,
  socketRenewals: 0,
  coastBytes: 0,
  unauthorized: 0,
});

export interface Side {
  variant: Variant;
  app: App;
  link: Link;
  /** The dev API, straight to the server (not through the link: the server's own change is not the device's cost). */
  dev: APIRequestContext;
  context: BrowserContext;
  page: Page;
  takeTls(): TlsSeen;
  /** tcpdump on the browser's side of the link, the whole run; null when it could not start (`captureNote` says why). */
  capture: Capture | null;
  captureNote: string;
}

/** Bytes stop moving for this long: what an action set going is over. */
const QUIET_MS = 3_000;

export async function quiet(link: Link, maxMs = 60_000): Promise<void> {
  const deadline = performance.now() + maxMs;
  while (link.quietForMs() < QUIET_MS && performance.now() < deadline)
    await new Promise((r) => setTimeout(r, 200));
}

/**
 * Over TLS, until the device holds one connection (the spare Chromium opens for the service worker's scripts closes
 * 40 s after its last request: architecture.md#one-connection), then quiet: the close belongs to what opened the
 * spare, not to the idle minutes after it. At most `maxMs`.
 */
export async function settled(side: Pick<Side, 'link' | 'variant'>, maxMs = 90_000): Promise<void> {
  const deadline = performance.now() + maxMs;
  if (side.variant.tls)
    while (side.link.openConnections() > 1 && performance.now() < deadline)
      await new Promise((r) => setTimeout(r, 500));
  await quiet(side.link);
}

export async function openSide(
  browser: Browser,
  variant: Variant,
  cert: CertFiles | null,
  tokenTtlS: number,
  preload: { usrId: string; count: number },
): Promise<Side> {
  const tls = variant.tls && cert ? { tlsCert: cert.cert, tlsKey: cert.key } : {};
  const config = testConfig({
    logLevel: 'silent',
    tokenTtlS,
    distDir: variant.distDir,
    ...tls,
    ...(variant.keepAliveS === null ? {} : { keepAliveS: variant.keepAliveS }),
  });
  const app = await boot(config);
  let seen = noneSeen();
  let socketRenewalsBefore = 0;
  // Through TLS the link cannot tell a token renewal from other traffic; the server can.
  const startedAt = new WeakMap<object, number>();
  app.addHook('onRequest', async (req) => {
    startedAt.set(req, Date.now());
  });
  app.addHook('onResponse', async (req, reply) => {
    if (req.url.includes('/assets/coast/'))
      seen.coastBytes += Number(reply.getHeader('content-length') ?? 0) + 80;
    const span = { from: startedAt.get(req) ?? Date.now(), to: Date.now() };
    if (req.url.startsWith('/IBP_REFRESH.do')) {
      seen.refreshes++;
      seen.refreshSpans.push(span);
    } else if (reply.getHeader(TOKEN_HEADER)) seen.answerRenewals++;
    if (reply.statusCode === 401) {
      seen.unauthorized++;
      seen.refreshSpans.push(span);
    }
  });
  // Counted where the handshakes end; the link cannot read inside TLS.
  app.server.on('secureConnection', (socket: TLSSocket) => {
    seen.handshakes++;
    if (socket.isSessionReused()) seen.resumed++;
  });
  app.server.on('session', () => seen.h2Sessions++);
  const serverUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  const link = await startLink(Number(new URL(serverUrl).port), FLEET_BROADBAND);
  // Before the browser opens: every connection's handshake is on the capture.
  let captureNote = 'captured';
  const capture = await startCapture(Number(new URL(link.url).port)).catch((e: Error) => {
    captureNote = `${e.message}; the figures with IP/TCP are the estimate alone`;
    console.error(`day [${variant.name}]: ${captureNote}`);
    return null;
  });
  const scheme = variant.tls ? 'https' : 'http';
  const base = link.url.replace(/^http/, scheme);
  const dev = await request.newContext({ baseURL: serverUrl, ignoreHTTPSErrors: true });
  // The budgets speak of a device with 1,000 notifications: the user has them before the first install.
  // Of every kind, about the user's own vessels and ports as the server picks them, so they compress as real ones do.
  const kinds = ['N001', 'N002', 'N003', 'N004', 'N005', 'N006', 'N007', 'N008', 'N009'];
  for (let left = preload.count, i = 0; left > 0; left -= 100, i++) {
    const data = { usrId: preload.usrId, notId: kinds[i % kinds.length], count: Math.min(100, left) };
    const res = await dev.post('/api/dev/notifications', { data, timeout: 120_000 });
    if (!res.ok()) throw new Error(`dev API: ${res.status()} ${await res.text()}`);
  }
  const { context, page } = await openPhone(browser, base);
  return {
    variant,
    app,
    link,
    dev,
    context,
    page,
    capture,
    captureNote,
    takeTls() {
      const broker = app.ctx.live.broker;
      const out = { ...seen, socketRenewals: broker.renewedTokens - socketRenewalsBefore };
      socketRenewalsBefore = broker.renewedTokens;
      seen = noneSeen();
      return out;
    },
  };
}

export async function closeSide(side: Side): Promise<void> {
  await side.context.close().catch(() => undefined);
  await side.capture?.stop().catch(() => undefined);
  await side.dev.dispose();
  await side.link.close();
  await side.app.close();
}

/** A measured stretch of the day: what crossed the link, how long it took, and when the effect was on screen. */
export interface Window extends Taken {
  ms: number;
  /** Date.now() at its start and end: the bounds of its share of the capture. */
  from: number;
  to: number;
  /** Its share of the capture, once the capture is stopped and read (bench/day-wire.ts); null without one. */
  wire: WireFigures | null;
  /** Of those, the bytes around its refresh calls and 401s: the token renewals at the bench's short lifetime. */
  wireRenewals: number;
  /** From the start to the effect on screen (the action's own wait); null when it never showed. */
  shownMs: number | null;
  tls: TlsSeen;
}

/** Runs `act` (which resolves when its effect is on screen, or null if it never is), then waits for the link to go quiet. */
/** `until: 'settled'`: the window also takes the close of a spare connection the action made (see settled()). */
export async function measure(
  side: Side,
  act: () => Promise<boolean>,
  until: 'quiet' | 'settled' = 'quiet',
): Promise<Window> {
  side.link.takeBytes();
  side.takeTls();
  const from = Date.now();
  const t0 = performance.now();
  const shown = await act();
  const shownMs = shown ? performance.now() - t0 : null;
  await (until === 'settled' ? settled(side) : quiet(side.link));
  const ms = performance.now() - t0;
  return {
    ...side.link.takeBytes(),
    ms,
    from,
    to: Date.now(),
    wire: null,
    wireRenewals: 0,
    shownMs,
    tls: side.takeTls(),
  };
}
