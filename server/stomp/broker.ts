// An embedded STOMP 1.2 broker over WebSocket, in the manner of Spring's simple broker (architecture.md#the-reference-server, traps.md "STOMP"). It
// takes the WebSocket upgrades of its path, keeps the open connections (each one's protocol is connection.ts) and the
// indexes of users and subscriptions (subscriptions.ts), and publishes MESSAGE frames to subscribers. What a
// destination means (who may subscribe, what a SEND does) is decided by the hooks (options.ts); the broker only moves
// frames.
import type { IncomingMessage, Server } from 'node:http';
import type { Http2ServerRequest, Http2ServerResponse } from 'node:http2';
import type { Duplex } from 'node:stream';
import { WebSocketServer, WebSocket } from 'ws';
import { foreignOrigin } from '../http/origin.ts';
import { tunnelOf, WEBSOCKET_CONNECT } from './h2-tunnel.ts';
import { CLOSE_GOING_AWAY, Connection, type ConnectionHost, type Subscription } from './connection.ts';
import { encodeFrame, StompProtocolError } from './frame.ts';
import {
  DEFAULT_STOMP_SETTINGS,
  type StompHooks,
  type StompLog,
  type StompOptions,
  type StompPrincipal,
  type StompSettings,
} from './options.ts';
import { SendLimiter } from './rate.ts';
import { SubscriptionIndex } from './subscriptions.ts';

export { StompProtocolError } from './frame.ts';
export {
  DEFAULT_STOMP_SETTINGS,
  type StompHooks,
  type StompLog,
  type StompOptions,
  type StompPrincipal,
  type StompSettings,
} from './options.ts';

let nextMessageId = 0;

export class StompBroker<U extends StompPrincipal> implements ConnectionHost<U> {
  /** Live settings: tests shorten the intervals; a change applies to connections made after it. */
  readonly settings: StompSettings;
  readonly hooks: StompHooks<U>;
  readonly log: StompLog;
  readonly sendLimiter = new SendLimiter();
  private readonly wss: WebSocketServer;
  private readonly conns = new Set<Connection<U>>();
  private readonly indexes = new SubscriptionIndex<U>();
  private attached: Server | null = null;
  /** Tokens handed out on MESSAGE frames so far (token-renewal.ts): the day bench counts them. */
  renewedTokens = 0;
  /** Told each time a user's number of open, authenticated connections changes (cluster presence). */
  onConnections: ((usrId: string, connections: number) => void) | null = null;
  private readonly onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer): void =>
    this.upgrade(req, socket, head);
  /** RFC 8441: a WebSocket as a stream of an HTTP/2 connection (h2-tunnel.ts), handled as an upgrade. */
  private readonly onConnect = (req: Http2ServerRequest, res: Http2ServerResponse): void => {
    if ((req.headers[':path'] ?? '').split('?')[0] !== this.settings.path) {
      res.writeHead(404).end();
      return;
    }
    const { request, socket, head } = tunnelOf(req, res);
    this.upgrade(request, socket, head);
  };

  constructor(opts: StompOptions<U>) {
    this.settings = { ...DEFAULT_STOMP_SETTINGS, ...opts.settings };
    this.hooks = opts.hooks;
    this.log = opts.log;
    this.wss = new WebSocketServer({
      noServer: true,
      // Several frames may come in one message: the frame limit is the parser's; this only bounds memory.
      maxPayload: 1024 * 1024,
      // Compressed on the wire (browsers offer permessage-deflate): with the context kept between messages, a chat
      // message after the first costs tens of bytes. Tiny frames (heart-beats, receipts) are sent as they are; an
      // 8 KB window holds many chat messages and keeps a connection's zlib memory near 100 KB.
      perMessageDeflate: {
        threshold: 128,
        serverMaxWindowBits: 13,
        zlibDeflateOptions: { level: 6, memLevel: 7 },
      },
      // A client offering only STOMP 1.0 or 1.1 is taken in all the same, so that its CONNECT is answered with an
      // ERROR that says 1.2 is needed, instead of a failed handshake that says nothing.
      handleProtocols: (protocols) =>
        ['v12.stomp', 'stomp', 'v11.stomp', 'v10.stomp'].find((p) => protocols.has(p)) ?? false,
    });
  }

  /**
   * Takes WebSocket upgrades for settings.path on the HTTP server: HTTP/1.1's Upgrade, and HTTP/2's extended CONNECT
   * when the server is the HTTPS one (http/secure-server.ts).
   */
  attach(server: Server): void {
    if (this.attached) return;
    this.attached = server;
    server.on('upgrade', this.onUpgrade);
    server.on(WEBSOCKET_CONNECT, this.onConnect);
  }

  private upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    const path = (req.url ?? '').split('?')[0];
    if (path !== this.settings.path) {
      // Another upgrade listener may want it; if none does, refuse.
      if (this.attached && this.attached.listenerCount('upgrade') > 1) return;
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    // A page of another site may not open a socket with this user's cookies or token: a browser names the page's
    // origin, which must be this server's. Clients that are not browsers send none (their token is checked as ever).
    if (foreignOrigin(req.headers.origin, req.headers.host)) {
      socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    this.wss.handleUpgrade(req, socket, head, (ws) => {
      const conn = new Connection(this, ws, req.socket.remoteAddress ?? '');
      this.conns.add(conn);
    });
  }

  /** @internal */
  register(conn: Connection<U>): void {
    const n = this.indexes.addConnection(conn);
    if (n !== null && conn.user) this.onConnections?.(conn.user.usrId, n);
  }

  /** @internal */
  unregister(conn: Connection<U>): void {
    this.conns.delete(conn);
    const n = this.indexes.removeConnection(conn);
    if (n !== null && conn.user) this.onConnections?.(conn.user.usrId, n);
  }

  /** @internal */
  index(sub: Subscription<U>): void {
    this.indexes.add(sub);
  }

  /** @internal */
  unindex(sub: Subscription<U>): void {
    this.indexes.remove(sub);
  }

  connectionsOf(usrId: string): number {
    return this.indexes.connectionsOf(usrId);
  }

  /** Users with at least one open, authenticated connection. */
  connectedUsers(): Set<string> {
    return this.indexes.connectedUsers();
  }

  /** The user of every open, authenticated connection (one entry per connection). */
  users(): U[] {
    return this.indexes.users();
  }

  /** Destinations with at least one subscription. */
  destinations(): string[] {
    return this.indexes.destinations();
  }

  /** Users with a subscription to the destination. */
  subscribers(destination: string): Set<string> {
    return this.indexes.subscribers(destination);
  }

  /** The user of one of usrId's open connections with a subscription to the destination, or null. */
  listener(usrId: string, destination: string): U | null {
    return this.indexes.listener(usrId, destination);
  }

  /** Open sockets, connected or not yet. */
  get connectionCount(): number {
    return this.conns.size;
  }

  private message(sub: Subscription<U>, body: Buffer, headers: readonly [string, string][]): void {
    const id = (++nextMessageId).toString(36);
    const h: [string, string][] = [
      ['destination', sub.destination],
      ['message-id', id],
      ['subscription', sub.id],
    ];
    if (sub.ack !== 'auto') h.push(['ack', id]);
    const renewed = sub.conn.renewal?.take() ?? [];
    this.renewedTokens += renewed.length;
    h.push(['content-type', 'application/json'], ...headers, ...renewed);
    sub.conn.write(encodeFrame('MESSAGE', h, body));
  }

  /**
   * Sends a MESSAGE to every subscription of the destination whose user passes `to` (every one when absent).
   * Answers how many subscriptions it went to.
   */
  publish(
    destination: string,
    body: string | Buffer,
    opts: { headers?: [string, string][]; to?: (user: U) => boolean } = {},
  ): number {
    const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
    let n = 0;
    for (const sub of this.indexes.of(destination)) {
      const user = sub.conn.user;
      if (!user || sub.conn.closed || (opts.to && !opts.to(user))) continue;
      this.message(sub, bytes, opts.headers ?? []);
      n++;
    }
    return n;
  }

  /** Sends a MESSAGE to the subscriptions of the destination held by one user's connections only. */
  publishToUser(
    usrId: string,
    destination: string,
    body: string | Buffer,
    headers: [string, string][] = [],
  ): number {
    const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
    let n = 0;
    for (const conn of this.indexes.connectionsOfUser(usrId)) {
      for (const sub of conn.subs.values()) {
        if (sub.destination !== destination || conn.closed) continue;
        this.message(sub, bytes, headers);
        n++;
      }
    }
    return n;
  }

  /** Closes every connection whose user matches (e.g. of a session that signed out), with an ERROR frame saying why. */
  disconnectWhere(match: (user: U) => boolean, status: number, text: string): number {
    let n = 0;
    for (const conn of this.indexes.allConnections())
      if (conn.user && match(conn.user)) {
        conn.fail(new StompProtocolError(status, text));
        n++;
      }
    return n;
  }

  /** Stops taking connections and closes the open ones (server shutdown). */
  async close(): Promise<void> {
    this.attached?.off('upgrade', this.onUpgrade);
    this.attached?.off(WEBSOCKET_CONNECT, this.onConnect);
    this.attached = null;
    for (const conn of [...this.conns]) conn.close(CLOSE_GOING_AWAY, 'server shutting down');
    // Closing handshakes get a moment; sockets still open after it are cut.
    const deadline = Date.now() + 1000;
    while ([...this.wss.clients].some((c) => c.readyState !== WebSocket.CLOSED) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 20));
    for (const c of this.wss.clients) c.terminate();
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
  }
}
