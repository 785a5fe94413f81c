// An embedded STOMP 1.2 broker over WebSocket, in the manner of Spring's simple broker (DESIGN §5, TRAPS "STOMP"):
// CONNECT with a token, heart-beats both ways, SUBSCRIBE/UNSUBSCRIBE, SEND to application handlers, RECEIPT for
// any frame that asks, DISCONNECT, and ERROR (then close) for whatever breaks the protocol or the rules. What a
// destination means (who may subscribe, what a SEND does) is decided by the hooks; the broker only moves frames.
// Frames of one connection are handled one after the other, so receipts and stored sends keep the client's order.
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, WebSocket, type RawData } from 'ws';
import { foreignOrigin } from '../http/origin.ts';
import { encodeFrame, FrameParser, header, parseHeartBeat, StompProtocolError, type Frame } from './frame.ts';

export { StompProtocolError } from './frame.ts';

export interface StompSettings {
  /** The HTTP path of the WebSocket endpoint. */
  path: string;
  /** The server's heart-beat header [can send every ms, wants to receive every ms]; 0 = none. */
  heartBeat: [number, number];
  /** A connection that sends nothing for this many agreed client intervals is closed (satellite: generous). */
  idleFactor: number;
  /** A socket that has not sent CONNECT within this time is closed. */
  connectTimeoutMs: number;
  /** A frame begun but not finished within this time is an error (a frame without NUL). */
  partialFrameTimeoutMs: number;
  maxFrameBytes: number;
  maxSubscriptions: number;
  maxConnectionsPerUser: number;
  /** Frames received and not yet handled, per connection. */
  maxQueuedFrames: number;
  /** A client that lets more than this many bytes queue up unread is too slow: it is dropped. */
  maxBufferedBytes: number;
}

export const DEFAULT_STOMP_SETTINGS: StompSettings = {
  path: '/ws',
  heartBeat: [60_000, 60_000],
  idleFactor: 2.5,
  connectTimeoutMs: 30_000,
  partialFrameTimeoutMs: 120_000,
  maxFrameBytes: 64 * 1024,
  maxSubscriptions: 100,
  maxConnectionsPerUser: 10,
  maxQueuedFrames: 200,
  maxBufferedBytes: 4 * 1024 * 1024,
};

/** Who is on a connection: at least a user id. */
export interface StompPrincipal {
  usrId: string;
}

/** What the broker asks of the application; a hook refuses by throwing StompProtocolError or an HttpError. */
export interface StompHooks<U extends StompPrincipal> {
  /** The user of a CONNECT's token (undefined when none was given). */
  authenticate(token: string | undefined): Promise<U>;
  /** Before SUBSCRIBE and SEND: is the user still allowed on (session not ended)? */
  revalidate?(user: U): Promise<void>;
  /** May the user subscribe to the destination? */
  subscribe(user: U, destination: string): Promise<void>;
  /** A SEND: resolves when it is done (the RECEIPT follows), with extra RECEIPT headers. */
  send(user: U, destination: string, frame: Frame): Promise<[string, string][] | void>;
}

export interface StompLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  debug(obj: object, msg?: string): void;
}

export interface StompOptions<U extends StompPrincipal> {
  hooks: StompHooks<U>;
  log: StompLog;
  settings?: Partial<StompSettings>;
}

interface Subscription<U extends StompPrincipal> {
  conn: Connection<U>;
  id: string;
  destination: string;
  ack: string;
}

const TOKEN_HEADERS = ['X-AUTH-TOKEN', 'x-auth-token', 'passcode'];
const SERVER_NAME = 'Quay/1.0';
const ACK_MODES = new Set(['auto', 'client', 'client-individual']);

/** WebSocket close codes. */
const CLOSE_NORMAL = 1000;
const CLOSE_GOING_AWAY = 1001;
const CLOSE_PROTOCOL = 1002;
const CLOSE_POLICY = 1008;

const statusOf = (err: unknown): number | null =>
  typeof err === 'object' && err !== null && typeof (err as { statusCode?: unknown }).statusCode === 'number'
    ? (err as { statusCode: number }).statusCode
    : null;

const toBuffer = (data: RawData): Buffer =>
  Buffer.isBuffer(data)
    ? data
    : Array.isArray(data)
      ? Buffer.concat(data)
      : Buffer.from(data instanceof ArrayBuffer ? new Uint8Array(data) : data);

let nextConnId = 0;
let nextMessageId = 0;

class Connection<U extends StompPrincipal> {
  readonly id = `c${(++nextConnId).toString(36)}`;
  user: U | null = null;
  closed = false;
  readonly subs = new Map<string, Subscription<U>>();
  private readonly parser: FrameParser;
  private queue: Promise<void> = Promise.resolve();
  private queued = 0;
  private lastRecv = Date.now();
  private lastSent = Date.now();
  private sendEvery = 0;
  private expectEvery = 0;
  private sendTimer: NodeJS.Timeout | null = null;
  private idleTimer: NodeJS.Timeout | null = null;
  private connectTimer: NodeJS.Timeout | null = null;
  private partialTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly broker: StompBroker<U>,
    readonly ws: WebSocket,
    readonly remote: string,
  ) {
    const s = broker.settings;
    this.parser = new FrameParser({ maxFrameBytes: s.maxFrameBytes });
    this.connectTimer = setTimeout(() => {
      if (!this.user) this.fail(new StompProtocolError(408, 'no CONNECT frame in time'));
    }, s.connectTimeoutMs);
    this.connectTimer.unref();
    ws.on('message', (data) => this.receive(toBuffer(data)));
    ws.on('pong', () => (this.lastRecv = Date.now()));
    ws.on('close', () => this.cleanup());
    ws.on('error', (err) => broker.log.debug({ conn: this.id, err: err.message }, 'stomp: socket error'));
  }

  private receive(bytes: Buffer): void {
    if (this.closed) return;
    this.lastRecv = Date.now();
    let frames: Frame[];
    try {
      frames = this.parser.push(bytes);
    } catch (err) {
      this.fail(err);
      return;
    }
    this.watchPartial();
    for (const frame of frames) {
      if (++this.queued > this.broker.settings.maxQueuedFrames) {
        this.fail(new StompProtocolError(429, 'too many frames waiting; slow down'));
        return;
      }
      this.queue = this.queue.then(async () => {
        this.queued--;
        if (this.closed) return;
        try {
          await this.handle(frame);
        } catch (err) {
          this.fail(err, header(frame, 'receipt'));
        }
      });
    }
  }

  /** A frame begun must end in time, or it is taken for a frame without its NUL. */
  private watchPartial(): void {
    if (this.parser.pending === 0) {
      if (this.partialTimer) clearTimeout(this.partialTimer);
      this.partialTimer = null;
    } else if (!this.partialTimer) {
      this.partialTimer = setTimeout(() => {
        this.partialTimer = null;
        if (this.parser.pending > 0)
          this.fail(new StompProtocolError(400, 'incomplete frame: no NUL terminator in time'));
      }, this.broker.settings.partialFrameTimeoutMs);
      this.partialTimer.unref();
    }
  }

  private async handle(frame: Frame): Promise<void> {
    const { command } = frame;
    const receipt = header(frame, 'receipt');
    if (command === 'CONNECT' || command === 'STOMP') {
      await this.connect(frame);
      return;
    }
    const user = this.user;
    if (!user) throw new StompProtocolError(400, `${command} before CONNECT`, receipt);
    switch (command) {
      case 'SUBSCRIBE': {
        const destination = header(frame, 'destination');
        const id = header(frame, 'id');
        if (!destination) throw new StompProtocolError(400, 'SUBSCRIBE needs a destination header', receipt);
        if (!id) throw new StompProtocolError(400, 'SUBSCRIBE needs an id header', receipt);
        if (this.subs.has(id)) throw new StompProtocolError(400, `subscription id ${id} is in use`, receipt);
        if (this.subs.size >= this.broker.settings.maxSubscriptions) {
          throw new StompProtocolError(
            429,
            `at most ${this.broker.settings.maxSubscriptions} subscriptions per connection`,
            receipt,
          );
        }
        const ack = header(frame, 'ack') ?? 'auto';
        if (!ACK_MODES.has(ack)) throw new StompProtocolError(400, `unknown ack mode ${ack}`, receipt);
        await this.broker.hooks.revalidate?.(user);
        await this.broker.hooks.subscribe(user, destination);
        if (this.closed) return;
        const sub: Subscription<U> = { conn: this, id, destination, ack };
        this.subs.set(id, sub);
        this.broker.index(sub);
        break;
      }
      case 'UNSUBSCRIBE': {
        const id = header(frame, 'id');
        if (!id) throw new StompProtocolError(400, 'UNSUBSCRIBE needs an id header', receipt);
        const sub = this.subs.get(id);
        if (sub) {
          this.subs.delete(id);
          this.broker.unindex(sub);
        }
        break;
      }
      case 'SEND': {
        const destination = header(frame, 'destination');
        if (!destination) throw new StompProtocolError(400, 'SEND needs a destination header', receipt);
        if (header(frame, 'transaction') !== undefined)
          throw new StompProtocolError(501, 'transactions are not supported', receipt);
        await this.broker.hooks.revalidate?.(user);
        const extra = await this.broker.hooks.send(user, destination, frame);
        if (receipt !== undefined) this.sendFrame('RECEIPT', [['receipt-id', receipt], ...(extra ?? [])]);
        return;
      }
      case 'ACK':
      case 'NACK':
        // Every subscription is acknowledged automatically: ACK and NACK change nothing.
        if (!header(frame, 'id')) throw new StompProtocolError(400, `${command} needs an id header`, receipt);
        break;
      case 'BEGIN':
      case 'COMMIT':
      case 'ABORT':
        throw new StompProtocolError(501, 'transactions are not supported', receipt);
      case 'DISCONNECT':
        if (receipt !== undefined) this.sendFrame('RECEIPT', [['receipt-id', receipt]]);
        this.close(CLOSE_NORMAL, 'disconnect');
        return;
      default:
        throw new StompProtocolError(400, `unknown command ${command}`, receipt);
    }
    if (receipt !== undefined) this.sendFrame('RECEIPT', [['receipt-id', receipt]]);
  }

  private async connect(frame: Frame): Promise<void> {
    if (this.user) throw new StompProtocolError(400, 'already connected');
    const versions = (header(frame, 'accept-version') ?? '1.0').split(',').map((v) => v.trim());
    if (!versions.includes('1.2')) {
      throw new StompProtocolError(505, 'Supported protocol versions are 1.2');
    }
    const hb = parseHeartBeat(header(frame, 'heart-beat'));
    if (!hb) throw new StompProtocolError(400, 'heart-beat header must be two integers, e.g. 10000,10000');
    let token: string | undefined;
    for (const name of TOKEN_HEADERS) {
      token = header(frame, name);
      if (token) break;
    }
    const user = await this.broker.hooks.authenticate(token || undefined);
    if (this.closed) return;
    const s = this.broker.settings;
    if (this.broker.connectionsOf(user.usrId) >= s.maxConnectionsPerUser) {
      throw new StompProtocolError(429, `at most ${s.maxConnectionsPerUser} connections per user`);
    }
    this.user = user;
    if (this.connectTimer) clearTimeout(this.connectTimer);
    this.connectTimer = null;
    this.broker.register(this);
    const [sx, sy] = s.heartBeat;
    const [cx, cy] = hb;
    this.sendEvery = sx === 0 || cy === 0 ? 0 : Math.max(sx, cy);
    this.expectEvery = cx === 0 || sy === 0 ? 0 : Math.max(cx, sy);
    this.sendFrame('CONNECTED', [
      ['version', '1.2'],
      ['heart-beat', `${sx},${sy}`],
      ['server', SERVER_NAME],
      ['session', this.id],
      ['user-name', user.usrId],
    ]);
    this.armSend();
    this.armIdle();
    this.broker.log.debug(
      { conn: this.id, usrId: user.usrId, send: this.sendEvery, expect: this.expectEvery },
      'stomp: connected',
    );
  }

  /** Sends an EOL when the server has sent nothing for the agreed interval. */
  private armSend(): void {
    if (this.sendEvery === 0 || this.closed) return;
    const due = this.lastSent + this.sendEvery - Date.now();
    this.sendTimer = setTimeout(
      () => {
        if (this.closed) return;
        if (Date.now() - this.lastSent >= this.sendEvery - 5) this.write(Buffer.from('\n'));
        this.armSend();
      },
      Math.max(due, 1),
    );
    this.sendTimer.unref();
  }

  /** Closes the connection when the client has sent nothing for idleFactor agreed intervals. */
  private armIdle(): void {
    if (this.expectEvery === 0 || this.closed) return;
    const limit = this.expectEvery * this.broker.settings.idleFactor;
    const due = this.lastRecv + limit - Date.now();
    this.idleTimer = setTimeout(
      () => {
        if (this.closed) return;
        if (Date.now() - this.lastRecv >= limit) {
          this.broker.log.info(
            { conn: this.id, usrId: this.user?.usrId, silentMs: Date.now() - this.lastRecv },
            'stomp: no heart-beat from the client; closing',
          );
          this.cleanup();
          this.ws.terminate();
          return;
        }
        this.armIdle();
      },
      Math.max(due, 1),
    );
    this.idleTimer.unref();
  }

  write(bytes: Buffer): void {
    if (this.closed || this.ws.readyState !== WebSocket.OPEN) return;
    if (this.ws.bufferedAmount > this.broker.settings.maxBufferedBytes) {
      this.broker.log.warn({ conn: this.id, usrId: this.user?.usrId }, 'stomp: client too slow; dropped');
      this.cleanup();
      this.ws.terminate();
      return;
    }
    this.ws.send(bytes, { binary: false });
    this.lastSent = Date.now();
  }

  sendFrame(command: string, headers: [string, string][], body?: Buffer | string): void {
    this.write(encodeFrame(command, headers, body));
  }

  /** ERROR frame (message: "<status> <text>"), then close: STOMP 1.2 wants the connection closed after an ERROR. */
  fail(err: unknown, receipt?: string): void {
    if (this.closed) return;
    let status = 500;
    let text = 'internal error';
    if (err instanceof StompProtocolError) {
      status = err.status;
      text = err.message;
      receipt = err.receiptId ?? receipt;
    } else if (statusOf(err) !== null && err instanceof Error) {
      status = statusOf(err) ?? 500;
      text = err.message;
    } else {
      this.broker.log.warn(
        { conn: this.id, err: err instanceof Error ? err.message : String(err) },
        'stomp: frame failed',
      );
    }
    const headers: [string, string][] = [
      ['message', `${status} ${text}`],
      ['content-type', 'text/plain'],
    ];
    if (status === 505) headers.push(['version', '1.2']);
    if (receipt !== undefined) headers.push(['receipt-id', receipt]);
    this.sendFrame('ERROR', headers, text);
    this.broker.log.debug({ conn: this.id, usrId: this.user?.usrId, status, text }, 'stomp: ERROR');
    this.close(status === 400 || status === 413 ? CLOSE_PROTOCOL : CLOSE_POLICY, `${status}`);
  }

  close(code: number, reason: string): void {
    this.cleanup();
    this.ws.close(code, reason);
    // A peer that never answers the closing handshake is cut off.
    setTimeout(() => this.ws.terminate(), 5000).unref();
  }

  cleanup(): void {
    if (this.closed) return;
    this.closed = true;
    for (const t of [this.sendTimer, this.idleTimer, this.connectTimer, this.partialTimer])
      if (t) clearTimeout(t);
    for (const sub of this.subs.values()) this.broker.unindex(sub);
    this.subs.clear();
    this.broker.unregister(this);
  }
}

export class StompBroker<U extends StompPrincipal> {
  /** Live settings: tests shorten the intervals; a change applies to connections made after it. */
  readonly settings: StompSettings;
  readonly hooks: StompHooks<U>;
  readonly log: StompLog;
  private readonly wss: WebSocketServer;
  private readonly conns = new Set<Connection<U>>();
  private readonly byUser = new Map<string, Set<Connection<U>>>();
  private readonly byDest = new Map<string, Set<Subscription<U>>>();
  private attached: Server | null = null;
  /** Told each time a user's number of open, authenticated connections changes (cluster presence). */
  onConnections: ((usrId: string, connections: number) => void) | null = null;
  private readonly onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer): void =>
    this.upgrade(req, socket, head);

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

  /** Takes WebSocket upgrades for settings.path on the HTTP server. */
  attach(server: Server): void {
    if (this.attached) return;
    this.attached = server;
    server.on('upgrade', this.onUpgrade);
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
    const usrId = conn.user?.usrId;
    if (!usrId) return;
    let set = this.byUser.get(usrId);
    if (!set) this.byUser.set(usrId, (set = new Set()));
    set.add(conn);
    this.onConnections?.(usrId, set.size);
  }

  /** @internal */
  unregister(conn: Connection<U>): void {
    this.conns.delete(conn);
    const usrId = conn.user?.usrId;
    if (!usrId) return;
    const set = this.byUser.get(usrId);
    if (!set?.delete(conn)) return;
    if (set.size === 0) this.byUser.delete(usrId);
    this.onConnections?.(usrId, set.size);
  }

  /** @internal */
  index(sub: Subscription<U>): void {
    let set = this.byDest.get(sub.destination);
    if (!set) this.byDest.set(sub.destination, (set = new Set()));
    set.add(sub);
  }

  /** @internal */
  unindex(sub: Subscription<U>): void {
    const set = this.byDest.get(sub.destination);
    set?.delete(sub);
    if (set?.size === 0) this.byDest.delete(sub.destination);
  }

  connectionsOf(usrId: string): number {
    return this.byUser.get(usrId)?.size ?? 0;
  }

  /** Users with at least one open, authenticated connection. */
  connectedUsers(): Set<string> {
    return new Set(this.byUser.keys());
  }

  /** The user of every open, authenticated connection (one entry per connection). */
  users(): U[] {
    const out: U[] = [];
    for (const conns of this.byUser.values()) for (const conn of conns) if (conn.user) out.push(conn.user);
    return out;
  }

  /** Destinations with at least one subscription. */
  destinations(): string[] {
    return [...this.byDest.keys()];
  }

  /** Users with a subscription to the destination. */
  subscribers(destination: string): Set<string> {
    const out = new Set<string>();
    for (const sub of this.byDest.get(destination) ?? []) if (sub.conn.user) out.add(sub.conn.user.usrId);
    return out;
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
    h.push(['content-type', 'application/json'], ...headers);
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
    for (const sub of this.byDest.get(destination) ?? []) {
      const user = sub.conn.user;
      if (!user || sub.conn.closed || (opts.to && !opts.to(user))) continue;
      this.message(sub, bytes, opts.headers ?? []);
      n++;
    }
    return n;
  }

  /** The user of one of usrId's open connections with a subscription to the destination, or null. */
  listener(usrId: string, destination: string): U | null {
    for (const conn of this.byUser.get(usrId) ?? [])
      if (!conn.closed && conn.user)
        for (const sub of conn.subs.values()) if (sub.destination === destination) return conn.user;
    return null;
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
    for (const conn of this.byUser.get(usrId) ?? []) {
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
    for (const conns of this.byUser.values())
      for (const conn of [...conns])
        if (conn.user && match(conn.user)) {
          conn.fail(new StompProtocolError(status, text));
          n++;
        }
    return n;
  }

  /** Stops taking connections and closes the open ones (server shutdown). */
  async close(): Promise<void> {
    this.attached?.off('upgrade', this.onUpgrade);
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
