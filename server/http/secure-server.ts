// The HTTPS server: HTTP/2 (HTTP/1.1 for clients without it), with WebSockets over HTTP/2 (RFC 8441), and the idle
// rule of the one connection a device holds at sea (architecture.md#one-connection).
import {
  createSecureServer,
  type Http2SecureServer,
  type Http2ServerRequest,
  type Http2ServerResponse,
  type Http2Session,
} from 'node:http2';
import { isWebSocketConnect, WEBSOCKET_CONNECT } from '../stomp/h2-tunnel.ts';

type Handler = (req: Http2ServerRequest, res: Http2ServerResponse) => void;

/**
 * A session that carries no WebSocket, idle this long, while another session from the same address carries one, is a
 * spare: closed. Chromium opens one for the service worker's scripts (a pool of their own) besides the page's; held,
 * it would cost a keep-alive probe and its answer (104 B) every 45 s until the idle rule, about 1.4 KB in ten
 * minutes, against a close of about 200 B and, at the next reopening of the app, a resumed handshake. 40 s: before
 * Chromium's first probe.
 */
const SPARE_IDLE_MS = 40_000;
/** A session not closed this long after a failed close (a peer that does not answer GOAWAY) is cut. */
const CLOSE_GRACE_MS = 5_000;

interface SessionState {
  address: string;
  /** Open streams, WebSockets among them. */
  streams: number;
  tunnels: number;
  lastActive: number;
  timer: NodeJS.Timeout | undefined;
}

/**
 * An HTTP/2 server that advertises SETTINGS_ENABLE_CONNECT_PROTOCOL, so that Chromium opens the live connection as a
 * stream of the HTTP/2 connection its calls already use instead of a TCP and TLS connection of its own. Sessions close
 * by the idle rule: one carrying a WebSocket never for idleness (it is the connection worth keeping, and its calls
 * need no new handshake); a spare after SPARE_IDLE_MS; any other after `idleMs`, as HTTP/1.1's connections do.
 */
export function secureServer(
  tls: { cert: Buffer; key: Buffer; idleMs: number; spareIdleMs?: number },
  handler: Handler,
): Http2SecureServer & { closeHttp2Sessions(): void } {
  const sessions = new Map<Http2Session, SessionState>();
  const spareMs = Math.min(tls.spareIdleMs ?? SPARE_IDLE_MS, tls.idleMs);
  const server = createSecureServer(
    { allowHTTP1: true, cert: tls.cert, key: tls.key, settings: { enableConnectProtocol: true } },
    handler,
  );

  /** GOAWAY, and the session cut if the peer does not close it within the grace. */
  const closeSession = (session: Http2Session) => {
    session.close();
    setTimeout(() => session.destroy(), CLOSE_GRACE_MS).unref();
  };
  const isSpare = (state: SessionState) =>
    [...sessions.values()].some((o) => o !== state && o.address === state.address && o.tunnels > 0);
  const check = (session: Http2Session, state: SessionState) => {
    state.timer = undefined;
    if (session.closed || session.destroyed || state.streams > 0) return;
    const idle = Date.now() - state.lastActive;
    if (idle >= tls.idleMs || isSpare(state)) closeSession(session);
    else arm(session, state, Math.min(spareMs, tls.idleMs - idle));
  };
  const arm = (session: Http2Session, state: SessionState, ms: number) => {
    clearTimeout(state.timer);
    state.timer = setTimeout(() => check(session, state), ms).unref();
  };

  server.on('session', (session: Http2Session) => {
    const state: SessionState = {
      address: session.socket?.remoteAddress ?? '',
      streams: 0,
      tunnels: 0,
      lastActive: Date.now(),
      timer: undefined,
    };
    sessions.set(session, state);
    session.on('stream', (stream) => {
      state.streams++;
      state.lastActive = Date.now();
      clearTimeout(state.timer);
      stream.once('close', () => {
        state.streams--;
        state.lastActive = Date.now();
        if (state.streams === 0) arm(session, state, spareMs);
      });
    });
    session.once('close', () => {
      clearTimeout(state.timer);
      sessions.delete(session);
    });
    arm(session, state, spareMs);
  });

  // Node's compatibility API gives a CONNECT to 'connect' listeners, not to the request handler.
  server.on('connect', (req: Http2ServerRequest, res: Http2ServerResponse) => {
    const state = sessions.get(req.stream.session as Http2Session);
    if (state && isWebSocketConnect(req) && server.emit(WEBSOCKET_CONNECT, req, res)) {
      state.tunnels++;
      req.stream.once('close', () => state.tunnels--);
      return;
    }
    res.writeHead(405, { allow: 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS' }).end();
  });

  /** Fastify's close calls it after the broker closed the WebSockets: what is left goes. */
  const closeHttp2Sessions = () => {
    for (const session of sessions.keys()) closeSession(session);
  };
  return Object.assign(server, { closeHttp2Sessions });
}
