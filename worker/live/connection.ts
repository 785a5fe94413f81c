// The live connection (architecture.md#live-path), a domain of its own: ONE STOMP-over-WebSocket connection, held by
// the leader tab's worker for every signed-on user, chat user or not, to the broker at the page's own origin (/ws). It
// hears the user's sync hint (SYNC_HINT_TOPIC); the parts of the product that use it register (chat is one:
// worker/chat/live.ts subscribes its topics when told the connection is up). The token goes in CONNECT's
// X-AUTH-TOKEN; a 401 ERROR refreshes it and connects again, a 403 never retries. No heart-beats (TCP keep-alive
// finds a dead link); reconnects wait 2 s doubling to 60 s with jitter, none while the link is down. Its state goes
// to `meta` ('liveLink') whenever it changes, so /health/ in any tab can show it.
import { Client, type IFrame, type IMessage, type IStompSocket } from '@stomp/stompjs';
import { STOMP_PATH } from '../../src/core/contract/chat.ts';
import { SYNC_HINT_TOPIC, SyncHint } from '../../src/core/contract/sync.ts';
import type { LiveLinkState, LiveLinkStatus } from '../../src/device/live-link.ts';
import type { QuayDb } from '../../src/device/db.ts';
import { TOKEN_HEADER } from '../../src/device/net/http.ts';
import { meteredWebSocket } from '../../src/device/net/metered-socket.ts';
import type { TokenStore } from '../../src/device/net/token.ts';
import { checkSchema } from '../../src/device/net/schema-check.ts';

/**
 * No STOMP heart-beats unless the build sets VITE_STOMP_HEARTBEAT_MS (README, build-time settings): Chromium already
 * sends a TCP keep-alive probe after 45 s of silence on the connection, answered by the other end's kernel, and a dead
 * link fails the socket after nine unanswered probes. A heart-beat each way every 60 s came on top of that probe: 380 B
 * a minute on the wire instead of 139 (architecture.md#one-connection). The reconnect pulls what was missed.
 */
const LIVE_HEARTBEAT_MS = heartbeatSetting(
  (import.meta as unknown as { env?: Record<string, string | undefined> }).env?.VITE_STOMP_HEARTBEAT_MS,
);
const LIVE_RECONNECT = { baseMs: 2_000, maxMs: 60_000 };
/**
 * The ERROR status the broker closes a socket with when its user's rights changed (server/live/live.ts
 * RIGHTS_CHANGED_STATUS): the device syncs before it connects again, so that it subscribes to its new rooms only.
 */
const RIGHTS_CHANGED_STATUS = 409;

export function heartbeatSetting(value: string | undefined): number {
  const ms = Number(value);
  return value && Number.isInteger(ms) && ms >= 0 ? ms : 0;
}

const checkHint = checkSchema(SyncHint);

/**
 * A MESSAGE may carry a renewed token (architecture.md#token-renewal): whichever part's topic it came on, the device
 * uses it from now on, so that its next call after a quiet spell needs no refresh first.
 */
function takeRenewedTokens(client: Client, tokens: Pick<TokenStore, 'accept'>): void {
  const subscribe = client.subscribe.bind(client);
  client.subscribe = (destination, callback, headers) =>
    subscribe(
      destination,
      (msg) => {
        const token = msg.headers[TOKEN_HEADER.toLowerCase()];
        if (token) void tokens.accept(token).catch(() => undefined);
        callback(msg);
      },
      headers,
    );
}

export interface LiveConnectionDeps {
  db: QuayDb;
  tokens: Pick<TokenStore, 'stored' | 'refresh' | 'usable' | 'accept'>;
  isOnline: () => boolean;
  /** The broker's URL; default ws(s)://{this origin}/ws. */
  url?: string;
  /** Node tests: a socket from the `ws` package (Node 20 has no WebSocket). */
  webSocketFactory?: () => IStompSocket;
  reconnect?: { baseMs: number; maxMs: number };
  heartbeatMs?: number;
  random?: () => number;
  now?: () => number;
  /** A hint frame, checked against the contract. */
  onHint?: (hint: SyncHint) => void;
  /**
   * The broker said the user's rights changed (sync.md#a-user-whose-rights-change): a sync, awaited before the next
   * connection, so that the parts subscribe under the new rights (an old room's topic would be refused with 403).
   */
  onRightsChanged?: () => Promise<void>;
}

function brokerUrl(): string {
  const loc = (globalThis as { location?: { protocol: string; host: string } }).location;
  if (!loc) throw new Error('No broker URL: pass url in Node.');
  return `${loc.protocol === 'https:' ? 'wss:' : 'ws:'}//${loc.host}${STOMP_PATH}`;
}

/** The HTTP-like status an ERROR frame's message starts with ("401 …"), or null. */
function errorStatus(frame: Pick<IFrame, 'headers'>): number | null {
  const m = /^(\d{3})\b/.exec(frame.headers.message ?? '');
  return m ? Number(m[1]) : null;
}

/** A part of the product on the live connection (chat): told when it comes and goes, and asked for its status. */
export interface LivePart {
  /** Before each connection: what the part must know first (chat: whether the user chats, its rooms). */
  prepare?(): Promise<void>;
  /** Connected: subscribe its topics; the hint's subscription follows them all, with the receipt. */
  onConnect?(stomp: Client): void;
  /** The broker confirmed every subscription (the hint's receipt comes after the others). */
  onSubscribed?(): void;
  /** The connection went (or is stopped). */
  onDown?(): void;
  /** Its part of the published status. */
  status?(): Partial<Pick<LiveLinkStatus, 'rooms' | 'chat'>>;
}

export function createLiveConnection(deps: LiveConnectionDeps) {
  const { db, tokens, isOnline } = deps;
  const backoff = deps.reconnect ?? LIVE_RECONNECT;
  const heartbeat = deps.heartbeatMs ?? LIVE_HEARTBEAT_MS;
  const random = deps.random ?? Math.random;
  const now = deps.now ?? Date.now;
  /** Leading and signed on. */
  let wanted = false;
  /** The broker said 403: no connection until the next sign-on. */
  let refused = false;
  /** The broker said the user's rights changed: sync before connecting again. */
  let rightsChanged = false;
  let stomp: Client | null = null;
  let connected = false;
  /** The broker confirmed this connection's subscriptions. */
  let subscribed = false;
  let subscribeRound = 0;
  let attempts = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let nextAttemptAt: number | null = null;
  let lastConnectedAt: number | null = null;
  /** What the window last said of the link (a worker's own navigator.onLine may lag behind it). */
  let linkUp = true;
  const online = () => linkUp && isOnline();
  let lastError: string | null = null;
  const timings = { connectMs: null as number | null, receiptMs: null as number | null };
  const parts: LivePart[] = [];
  const partStatus = () =>
    Object.assign({}, ...parts.map((p) => p.status?.() ?? {})) as Partial<LiveLinkStatus>;

  const state = (): LiveLinkState => {
    if (refused) return 'refused';
    if (connected) return 'connected';
    if (stomp) return 'connecting';
    if (timer) return 'waiting';
    if (!wanted) return 'off';
    return online() ? 'connecting' : 'offline';
  };

  const status = (): LiveLinkStatus => {
    const part = partStatus();
    return {
      state: state(),
      subscribed,
      lastError,
      lastConnectedAt,
      attempts,
      nextAttemptAt: timer ? nextAttemptAt : null,
      rooms: part.rooms ?? 0,
      chat: part.chat,
      ...timings,
    };
  };

  /** The state as every tab reads it (meta 'liveLink'), written when something a person would see changed. */
  let published = '';
  function publish(): void {
    const c = status();
    const text = JSON.stringify([
      c.state,
      c.subscribed,
      c.lastError,
      c.lastConnectedAt,
      c.attempts,
      c.nextAttemptAt,
      c.rooms,
      c.chat,
    ]);
    if (text === published) return;
    published = text;
    void db.setMeta('liveLink', c).catch(() => undefined);
  }

  function delay(): number {
    const step = Math.min(backoff.maxMs, backoff.baseMs * 2 ** attempts);
    attempts += 1;
    return Math.round(step / 2 + random() * (step / 2));
  }

  function schedule(ms = delay()): void {
    clearTimeout(timer);
    timer = undefined;
    if (wanted && !refused && online()) {
      nextAttemptAt = now() + ms;
      timer = setTimeout(() => {
        timer = undefined;
        void bringUp();
      }, ms);
    }
    publish();
  }

  function teardown(): void {
    clearTimeout(timer);
    timer = undefined;
    const wasUp = subscribed;
    connected = false;
    subscribed = false;
    const old = stomp;
    stomp = null;
    if (old) void old.deactivate().catch(() => undefined);
    if (wasUp) for (const p of parts) p.onDown?.();
    publish();
  }

  function onHintFrame(msg: IMessage): void {
    let hint: SyncHint | null = null;
    try {
      hint = checkHint(JSON.parse(msg.body));
    } catch {
      // Not JSON: the same as a frame that is not a hint.
    }
    if (hint) deps.onHint?.(hint);
    else console.warn('A sync hint that is not what the contract says was ignored.');
  }

  function connect(): void {
    const started = performance.now();
    const c = new Client({
      ...(deps.webSocketFactory
        ? { webSocketFactory: deps.webSocketFactory }
        : { webSocketFactory: () => meteredWebSocket(deps.url ?? brokerUrl()) }),
      heartbeatIncoming: heartbeat,
      heartbeatOutgoing: heartbeat,
      // Reconnects are this module's (backoff with jitter, none while offline).
      reconnectDelay: 0,
      connectionTimeout: 30_000,
      debug: () => undefined,
      beforeConnect: async (self) => {
        // A token known to have run out is renewed first: a CONNECT refused with 401 costs a socket and a round trip.
        const token = await tokens.usable();
        self.connectHeaders = token ? { [TOKEN_HEADER]: token } : {};
      },
    });
    takeRenewedTokens(c, tokens);
    c.onConnect = () => {
      if (stomp !== c) return;
      connected = true;
      attempts = 0;
      lastError = null;
      lastConnectedAt = now();
      timings.connectMs = Math.round(performance.now() - started);
      for (const p of parts) p.onConnect?.(c);
      // The broker handles a connection's frames in order: the receipt of the last subscription comes after all.
      const receipt = `sub-${++subscribeRound}`;
      c.watchForReceipt(receipt, () => {
        if (stomp !== c) return;
        subscribed = true;
        publish();
        for (const p of parts) p.onSubscribed?.();
      });
      c.subscribe(SYNC_HINT_TOPIC, onHintFrame, { receipt });
      publish();
    };
    c.onStompError = (frame) => {
      if (stomp !== c) return;
      const status = errorStatus(frame);
      lastError = frame.headers.message ?? 'STOMP error';
      if (status === 403) {
        refused = true;
        publish();
      } else if (status === 401) {
        // The token ran out: a fresh one, and connect again soon (the close below schedules it).
        void tokens.refresh().catch(() => undefined);
      } else if (status === RIGHTS_CHANGED_STATUS) {
        rightsChanged = true;
      }
    };
    // A frame no STOMP server sends means the byte stream is broken (a proxy that reordered or cut it: TLS fails the
    // connection itself): the socket stays open while every frame after it is lost. It is dropped, and the reconnect's
    // catch-up brings what was missed.
    c.onUnhandledFrame = (frame) => {
      if (stomp !== c) return;
      lastError = `A frame the broker never sends (${frame.command.slice(0, 20)}): the stream is broken.`;
      c.forceDisconnect();
    };
    c.onWebSocketClose = () => {
      if (stomp !== c) return;
      // An ERROR frame said why already; otherwise the socket went (a dropped link) or never opened.
      lastError ??= connected ? 'The connection was lost.' : 'The live server could not be reached.';
      teardown();
      schedule();
    };
    stomp = c;
    c.activate();
    publish();
  }

  /** Connects when this worker leads, the link is up and no connection exists. */
  async function bringUp(): Promise<void> {
    if (!wanted || refused || stomp || !online()) return publish();
    try {
      if (rightsChanged) {
        await deps.onRightsChanged?.();
        rightsChanged = false;
      }
      for (const p of parts) await p.prepare?.();
    } catch (err) {
      lastError = err instanceof Error ? err.message : String(err);
      return schedule();
    }
    if (!wanted || refused || stomp || !online()) return publish();
    connect();
  }

  return {
    /** A part that uses the connection: told from the next connection on. */
    register(part: LivePart): void {
      parts.push(part);
    },
    /** This worker leads and the user is signed on: connect (once the link is up). */
    start(): Promise<void> {
      wanted = true;
      refused = false;
      attempts = 0;
      return bringUp();
    },
    /** Sign-out (or leadership lost): disconnect. */
    stop(): void {
      wanted = false;
      teardown();
    },
    /** The link came or went: no reconnect attempts while it is down; at once when it is back. */
    setOnline(up: boolean): void {
      linkUp = up;
      if (!up) return teardown();
      attempts = 0;
      if (!connected && !stomp) {
        clearTimeout(timer);
        timer = undefined;
        void bringUp();
      }
    },
    /** Gives the STOMP client while connected (a part subscribes and sends through it). */
    client: (): Client | null => (connected ? stomp : null),
    /** Measured SEND to RECEIPT of a chat message (ms). */
    receiptTook(ms: number): void {
      timings.receiptMs = ms;
    },
    publish,
    status,
    get connected() {
      return connected;
    },
    get subscribed() {
      return subscribed;
    },
  };
}

export type LiveConnection = ReturnType<typeof createLiveConnection>;
