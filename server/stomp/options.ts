// What the embedded STOMP broker (broker.ts) is made with: its settings, the hooks by which the application decides
// what a destination means, and the log it writes to.
import type { Frame } from './frame.ts';
import { sendShare, type SendRate } from './rate.ts';

export interface StompSettings {
  /** The HTTP path of the WebSocket endpoint. */
  path: string;
  /** The server's heart-beat header [can send every ms, wants to receive every ms]; 0 = none. */
  heartBeat: [number, number];
  /** A connection's token with this many seconds left is renewed on its next MESSAGE (token-renewal.ts); 0: never. */
  renewTokenWhenLeftS: number;
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
  /**
   * The fair share of SEND (rate.ts, architecture.md#the-brokers-fair-share): each connection may send `burst`
   * at once and then `perSecond`; all of a user's connections on this instance together twice that by default.
   */
  send: SendRate;
  userSend: SendRate;
}

export const DEFAULT_STOMP_SETTINGS: StompSettings = {
  path: '/ws',
  heartBeat: [60_000, 60_000],
  renewTokenWhenLeftS: 0,
  idleFactor: 2.5,
  connectTimeoutMs: 30_000,
  partialFrameTimeoutMs: 120_000,
  maxFrameBytes: 64 * 1024,
  maxSubscriptions: 100,
  maxConnectionsPerUser: 10,
  maxQueuedFrames: 200,
  maxBufferedBytes: 4 * 1024 * 1024,
  // A person chatting sends a message every few seconds at most, and the app one SEND at a time (the next waits for
  // the RECEIPT): ten at once and two a second is never reached by hand.
  ...sendShare(10, 120),
};

/** Who is on a connection: at least a user id. */
export interface StompPrincipal {
  usrId: string;
  /** When the token the connection was made with expires (seconds since the epoch), for its renewal. */
  tokenExp?: number;
}

/** What the broker asks of the application; a hook refuses by throwing StompProtocolError or an HttpError. */
export interface StompHooks<U extends StompPrincipal> {
  /** The user of a CONNECT's token (undefined when none was given). */
  authenticate(token: string | undefined): Promise<U>;
  /** Before SUBSCRIBE and SEND: is the user still allowed on (session not ended)? */
  revalidate?(user: U): Promise<void>;
  /** May the user subscribe to the destination? */
  subscribe(user: U, destination: string): Promise<void>;
  /**
   * A new token for the connection's session and its expiry (seconds since the epoch), or null when the session ended
   * (token-renewal.ts). Without it, tokens are never renewed on the connection.
   */
  renewToken?(user: U): Promise<{ token: string; exp: number } | null>;
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
