// One STOMP connection of the broker (broker.ts): its frames parsed and handled one after the other, yielding between
// them, CONNECT with a token, heart-beats both ways, SUBSCRIBE/UNSUBSCRIBE, SEND to the application's hooks within its
// fair share (rate.ts), RECEIPT for any frame that asks, DISCONNECT, and ERROR (then close) for whatever breaks the
// protocol or the rules.
import { WebSocket, type RawData } from 'ws';
import { encodeFrame, FrameParser, header, parseHeartBeat, StompProtocolError, type Frame } from './frame.ts';
import type { StompHooks, StompLog, StompPrincipal, StompSettings } from './options.ts';
import { shareExceeded, TokenBucket, type SendLimiter } from './rate.ts';
import { FrameBatch } from './frame-batch.ts';
import { TokenRenewal } from './token-renewal.ts';

/** A connection's subscription to a destination. */
export interface Subscription<U extends StompPrincipal> {
  conn: Connection<U>;
  id: string;
  destination: string;
  ack: string;
}

/** What a connection asks of its broker: settings, hooks and log, and the indexes of users and subscriptions. */
export interface ConnectionHost<U extends StompPrincipal> {
  readonly settings: StompSettings;
  readonly hooks: StompHooks<U>;
  readonly log: StompLog;
  /** The users' share of SEND on this instance. */
  readonly sendLimiter: SendLimiter;
  connectionsOf(usrId: string): number;
  /** The connection is authenticated. */
  register(conn: Connection<U>): void;
  /** The connection closed. */
  unregister(conn: Connection<U>): void;
  index(sub: Subscription<U>): void;
  unindex(sub: Subscription<U>): void;
}

const TOKEN_HEADERS = ['X-AUTH-TOKEN', 'x-auth-token', 'passcode'];
const SERVER_NAME = 'Quay/1.0';
const ACK_MODES = new Set(['auto', 'client', 'client-individual']);
/**
 * With this many frames waiting, the socket is not read until half of them are handled: the client's own TCP window
 * then holds what it sends, not this server's memory (maxQueuedFrames still bounds what one read can bring).
 */
const PAUSE_READING_AT = 16;

/** WebSocket close codes. */
const CLOSE_NORMAL = 1000;
export const CLOSE_GOING_AWAY = 1001;
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

export class Connection<U extends StompPrincipal> {
  readonly id = `c${(++nextConnId).toString(36)}`;
  user: U | null = null;
  closed = false;
  readonly subs = new Map<string, Subscription<U>>();
  private readonly parser: FrameParser;
  private queue: Promise<void> = Promise.resolve();
  private queued = 0;
  private readingPaused = false;
  private readonly sendBucket: TokenBucket;
  private lastRecv = Date.now();
  private lastSent = Date.now();
  private sendEvery = 0;
  private expectEvery = 0;
  private sendTimer: NodeJS.Timeout | null = null;
  private idleTimer: NodeJS.Timeout | null = null;
  private connectTimer: NodeJS.Timeout | null = null;
  private partialTimer: NodeJS.Timeout | null = null;
  renewal: TokenRenewal<U> | null = null; // set at CONNECT: token-renewal.ts
  private readonly batch: FrameBatch;

  constructor(
    private readonly broker: ConnectionHost<U>,
    readonly ws: WebSocket,
    readonly remote: string,
  ) {
    const s = broker.settings;
    this.parser = new FrameParser({ maxFrameBytes: s.maxFrameBytes });
    this.sendBucket = new TokenBucket(s.send);
    this.batch = new FrameBatch(ws);
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
      this.queue = this.queue.then(() => this.next(frame));
    }
    if (this.queued >= PAUSE_READING_AT && !this.readingPaused) {
      this.readingPaused = true;
      this.ws.pause();
    }
  }

  /**
   * One frame, after the frames before it. The event loop turns first: the database work of a frame (PGlite's above
   * all) resolves without ever giving way, so 50 frames in a row would hold every HTTP request of every user until
   * they are done. One turn between frames lets those requests in.
   */
  private async next(frame: Frame): Promise<void> {
    await new Promise<void>((resolve) => setImmediate(resolve));
    this.queued--;
    if (this.readingPaused && this.queued <= PAUSE_READING_AT / 2) {
      this.readingPaused = false;
      this.ws.resume();
    }
    if (this.closed) return;
    try {
      await this.handle(frame);
    } catch (err) {
      this.fail(err, header(frame, 'receipt'));
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
        this.takeSend(user.usrId, receipt);
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

  /**
   * A SEND within the fair share of the connection and of its user (architecture.md#the-brokers-fair-share), or
   * an ERROR 429 that says how long to wait. STOMP has no refusal of one frame short of ERROR and a close (a RECEIPT
   * says the frame was done); the connection's frames queued after it are dropped with it, and a client that kept a
   * copy (the app's outbox) sends it again, stored once by its clientMsgId.
   */
  private takeSend(usrId: string, receipt: string | undefined): void {
    const rates = { connection: this.broker.settings.send, user: this.broker.settings.userSend };
    const waitMs = this.broker.sendLimiter.take(this.sendBucket, usrId, rates);
    if (waitMs > 0) throw shareExceeded(waitMs, rates, receipt);
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
    const s = this.broker.settings;
    // A user whose share of SEND is spent gets its CONNECTED when it may send again: a client that comes straight back
    // after the ERROR, as a flood does, then costs a connection per message of its share, not one per round trip.
    await this.broker.sendLimiter.share(user.usrId, s.userSend, s.connectTimeoutMs, () => this.closed);
    if (this.closed) return;
    if (this.broker.connectionsOf(user.usrId) >= s.maxConnectionsPerUser) {
      throw new StompProtocolError(429, `at most ${s.maxConnectionsPerUser} connections per user`);
    }
    this.user = user;
    if (this.connectTimer) clearTimeout(this.connectTimer);
    this.connectTimer = null;
    this.broker.register(this);
    this.renewal = new TokenRenewal(this.broker.hooks, user, s.renewTokenWhenLeftS);
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
    if (this.ws.bufferedAmount + this.batch.bytes > this.broker.settings.maxBufferedBytes) {
      this.broker.log.warn({ conn: this.id, usrId: this.user?.usrId }, 'stomp: client too slow; dropped');
      this.cleanup();
      this.ws.terminate();
      return;
    }
    this.batch.add(bytes);
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
    this.batch.flush();
    this.cleanup();
    // The closing handshake needs the peer's close frame read.
    if (this.readingPaused) this.ws.resume();
    this.ws.close(code, reason);
    // A peer that never answers the closing handshake is cut off.
    setTimeout(() => this.ws.terminate(), 5000).unref();
  }

  cleanup(): void {
    if (this.closed) return;
    this.closed = true;
    for (const t of [this.sendTimer, this.idleTimer, this.connectTimer, this.partialTimer])
      if (t) clearTimeout(t);
    this.renewal?.stop();
    this.batch.stop();
    for (const sub of this.subs.values()) this.broker.unindex(sub);
    this.subs.clear();
    this.broker.unregister(this);
  }
}
