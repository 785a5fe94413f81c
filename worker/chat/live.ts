// The live path of chat (DESIGN.md §3): ONE STOMP-over-WebSocket connection, held by the leader tab's worker only,
// to the broker at the page's own origin (/ws). The token goes in CONNECT's X-AUTH-TOKEN; a 401 ERROR refreshes it
// and connects again, a 403 (chat not enabled) never retries. Heart-beats 10 s each way; reconnects wait 2 s doubling
// to 60 s with jitter, and none is tried while the link is down. It subscribes to the user's unread counts and to
// each of its rooms, writes what comes into IndexedDB, and after each (re)connect fetches what it missed. Its state
// goes to `meta` (key 'chatLink') whenever it changes, so /health/ in any tab can show it.
import {
  Client,
  type IFrame,
  type IMessage,
  type IStompSocket,
  type StompSubscription,
} from '@stomp/stompjs';
import {
  CHAT_EVENT_HEADER,
  RECEIPT_MSG_SEQ_HEADER,
  STOMP_PATH,
  UNREAD_TOPIC,
  roomOfTopic,
  roomTopic,
  sendDestination,
  type ReadReceipt,
  type StompSendBody,
  type UnreadItem,
} from '../../src/core/contract/chat.ts';
import type { QuayDb } from '../../src/core/db.ts';
import { TOKEN_HEADER } from '../../src/core/net/http.ts';
import { meteredWebSocket } from '../../src/core/net/metered-socket.ts';
import type { TokenStore } from '../../src/core/net/token.ts';
import {
  applyReadReceipt,
  asChatMessage,
  confirmChatSent,
  storeChatMessages,
} from '../../src/core/outbox/chat.ts';
import { applyServerUnread } from '../../src/core/outbox/chat-ops.ts';
import type { ChatLinkState, ChatLinkStatus } from '../../src/core/chat-link.ts';
import { chatEnabled } from './enabled.ts';
import { fetchMissed, fetchNewest, syncRooms, type ChatApi } from './rest.ts';

export const CHAT_HEARTBEAT_MS = 10_000;
export const CHAT_RECONNECT = { baseMs: 2_000, maxMs: 60_000 };

export interface ChatLiveDeps {
  db: QuayDb;
  client: ChatApi;
  tokens: Pick<TokenStore, 'stored' | 'refresh'>;
  isOnline: () => boolean;
  /** The broker's URL; default ws(s)://{this origin}/ws. */
  url?: string;
  /** Node tests: a socket from the `ws` package (Node 20 has no WebSocket). */
  webSocketFactory?: () => IStompSocket;
  reconnect?: { baseMs: number; maxMs: number };
  heartbeatMs?: number;
  random?: () => number;
  /** Connected (again): send what waits in the outbox. */
  onConnected?: () => void;
  /** The chat-enabled services (SPEC §4, §9); default the build's VITE_CHAT_LANES. */
  chatLanes?: string;
  now?: () => number;
}

export type { ChatLinkState, ChatLinkStatus } from '../../src/core/chat-link.ts';

function brokerUrl(): string {
  const loc = (globalThis as { location?: { protocol: string; host: string } }).location;
  if (!loc) throw new Error('No broker URL: pass url in Node.');
  return `${loc.protocol === 'https:' ? 'wss:' : 'ws:'}//${loc.host}${STOMP_PATH}`;
}

/** The HTTP-like status an ERROR frame's message starts with ("401 …"), or null. */
export function errorStatus(frame: Pick<IFrame, 'headers'>): number | null {
  const m = /^(\d{3})\b/.exec(frame.headers.message ?? '');
  return m ? Number(m[1]) : null;
}

export function createChatLive(deps: ChatLiveDeps) {
  const { db, client, tokens, isOnline } = deps;
  const backoff = deps.reconnect ?? CHAT_RECONNECT;
  const heartbeat = deps.heartbeatMs ?? CHAT_HEARTBEAT_MS;
  const random = deps.random ?? Math.random;
  /** Leading and signed on. */
  let wanted = false;
  /** The server said 403 (chat not enabled, SPEC §4): no connection until the next sign-on. */
  let refused = false;
  let stomp: Client | null = null;
  let connected = false;
  /** The broker confirmed this connection's subscriptions. */
  let subscribed = false;
  let subscribeRound = 0;
  let attempts = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let nextAttemptAt: number | null = null;
  let lastConnectedAt: number | null = null;
  /** The user is in no room: nothing to hear until a sync finds one. */
  let noRooms = false;
  let roomCount = 0;
  /** What the window last said of the link (a worker's own navigator.onLine may lag behind it). */
  let linkUp = true;
  const online = () => linkUp && isOnline();
  let me = '';
  let lastError: string | null = null;
  const now = deps.now ?? Date.now;
  const subs = new Map<string, StompSubscription>();
  const openRooms = new Set<string>();
  /** Measured: CONNECT to CONNECTED, and SEND to RECEIPT of the last message (ms). */
  const timings = { connectMs: null as number | null, receiptMs: null as number | null };

  const state = (): ChatLinkState => {
    if (refused) return 'refused';
    if (connected) return 'connected';
    if (stomp) return 'connecting';
    if (timer) return 'waiting';
    if (!wanted) return 'off';
    if (!online()) return 'offline';
    return noRooms ? 'no-rooms' : 'connecting';
  };

  const status = (): ChatLinkStatus => ({
    state: state(),
    subscribed,
    lastError,
    lastConnectedAt,
    attempts,
    nextAttemptAt: timer ? nextAttemptAt : null,
    rooms: roomCount,
    ...timings,
  });

  /** The state as every tab reads it (meta 'chatLink'), written when something a person would see changed. */
  let published = '';
  function publish(): void {
    const current = status();
    const text = JSON.stringify([
      current.state,
      current.subscribed,
      current.lastError,
      current.lastConnectedAt,
      current.attempts,
      current.nextAttemptAt,
      current.rooms,
    ]);
    if (text === published) return;
    published = text;
    void db.setMeta('chatLink', current).catch(() => undefined);
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
    connected = false;
    subscribed = false;
    subs.clear();
    const old = stomp;
    stomp = null;
    if (old) void old.deactivate().catch(() => undefined);
    publish();
  }

  async function onUnread(msg: IMessage): Promise<void> {
    const item = JSON.parse(msg.body) as UnreadItem;
    // While a read mark of the room waits in the outbox, the server's count is older than the device's.
    if (typeof item.roomId === 'string' && typeof item.unreadCount === 'number')
      await applyServerUnread(db, item.roomId, item.unreadCount);
  }

  async function onRoom(msg: IMessage): Promise<void> {
    const event = msg.headers[CHAT_EVENT_HEADER];
    const body: unknown = JSON.parse(msg.body);
    if (event === 'read') {
      const r = body as ReadReceipt;
      if (typeof r.uptoSeq === 'number' && roomOfTopic(msg.headers.destination ?? '') === r.roomId)
        await applyReadReceipt(db, r, me);
      return;
    }
    const m = asChatMessage(body);
    if (m) await storeChatMessages(db, [m], { dropOps: true });
  }

  const handle = (fn: (msg: IMessage) => Promise<void>) => (msg: IMessage) =>
    void fn(msg).catch((err: unknown) => console.warn('chat message not stored', err));

  function subscribeRooms(roomIds: readonly string[]): void {
    roomCount = roomIds.length;
    if (!stomp || !connected) return;
    for (const roomId of roomIds) {
      if (subs.has(roomId)) continue;
      subs.set(roomId, stomp.subscribe(roomTopic(roomId), handle(onRoom)));
    }
    for (const [roomId, sub] of subs) {
      if (roomId !== UNREAD_TOPIC && !roomIds.includes(roomId)) {
        sub.unsubscribe();
        subs.delete(roomId);
      }
    }
  }

  /**
   * After each (re)connect: the room list with its unread counts (a 304 when nothing changed), the missed messages
   * of rooms with new activity, the newest page of open rooms (read receipts too), the outbox.
   */
  async function catchUp(): Promise<void> {
    const rooms = await syncRooms(db, client);
    if (rooms === null) {
      refused = true;
      teardown();
      return;
    }
    subscribeRooms(rooms.map((r) => r.roomId));
    await fetchMissed(db, client, rooms, openRooms);
    for (const roomId of openRooms) await fetchNewest(db, client, roomId);
  }

  function connect(roomIds: string[]): void {
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
        const token = (await tokens.stored()) ?? (await tokens.refresh());
        self.connectHeaders = token ? { [TOKEN_HEADER]: token } : {};
      },
    });
    c.onConnect = () => {
      if (stomp !== c) return;
      connected = true;
      attempts = 0;
      lastError = null;
      lastConnectedAt = now();
      timings.connectMs = Math.round(performance.now() - started);
      subscribeRooms(roomIds);
      // Once the broker has the subscriptions (it handles a connection's frames in order, so the receipt of the last
      // one comes after all), fetch what was missed while away: nothing falls between the two.
      const receipt = `sub-${++subscribeRound}`;
      c.watchForReceipt(receipt, () => {
        if (stomp !== c) return;
        subscribed = true;
        publish();
        void catchUp().catch((err: unknown) => console.warn('chat catch-up failed', err));
      });
      subs.set(UNREAD_TOPIC, c.subscribe(UNREAD_TOPIC, handle(onUnread), { receipt }));
      publish();
      deps.onConnected?.();
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
      }
    };
    c.onWebSocketClose = () => {
      if (stomp !== c) return;
      // An ERROR frame said why already; otherwise the socket went (a dropped link) or never opened.
      lastError ??= connected ? 'The connection was lost.' : 'The chat server could not be reached.';
      teardown();
      schedule();
    };
    stomp = c;
    c.activate();
    publish();
  }

  /** Connects when this worker leads, the user may chat, the link is up and no connection exists. */
  async function bringUp(): Promise<void> {
    if (!wanted || refused || stomp || !online()) return publish();
    const user = await db.getMeta('user');
    me = user?.usrId ?? '';
    // SPEC §4: a vessel user whose service is not chat-enabled gets no connection, and costs no request.
    if (user && (await chatEnabled(db, deps.chatLanes)) === 'no') {
      refused = true;
      await db.chatRooms.clear();
      return publish();
    }
    let rooms = (await db.chatRooms.toArray()).map((r) => r.roomId);
    if (rooms.length === 0) {
      try {
        const listed = await syncRooms(db, client);
        if (listed === null) {
          refused = true;
          return publish();
        }
        rooms = listed.map((r) => r.roomId);
      } catch (err) {
        lastError = err instanceof Error ? err.message : String(err);
        return schedule();
      }
    }
    // A shore user in no room has nothing to hear (a sync pass that finds one calls roomsChanged).
    noRooms = rooms.length === 0;
    roomCount = rooms.length;
    if (noRooms || !wanted || stomp || !online()) return publish();
    connect(rooms);
  }

  return {
    /** This worker leads and the user is signed on: connect (once the link is up). */
    start(): Promise<void> {
      wanted = true;
      refused = false;
      attempts = 0;
      return bringUp();
    },
    /** Sign-out (or leadership lost): disconnect, forget the open rooms. */
    stop(): void {
      wanted = false;
      openRooms.clear();
      noRooms = false;
      teardown();
    },
    /**
     * A sync pass listed the user's rooms: subscribe to new ones (and leave rooms left) when connected; connect when
     * the user was in no room before.
     */
    roomsChanged(roomIds: readonly string[]): void {
      roomCount = roomIds.length;
      noRooms = roomIds.length === 0;
      if (connected) subscribeRooms(roomIds);
      else if (!noRooms && !stomp && !timer) void bringUp();
      publish();
    },
    /** The rooms the window shows. */
    openRoomIds: (): string[] => [...openRooms],
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
    /** The window shows a room: its newest page is fetched after each reconnect. */
    open(roomId: string): void {
      openRooms.add(roomId);
    },
    close(roomId: string): void {
      openRooms.delete(roomId);
    },
    /**
     * Sends a message over STOMP with a receipt when connected (gives true): the RECEIPT marks it sent and removes
     * its outbox operation. Not connected: false, and the outbox sends it.
     */
    send(roomId: string, clientMsgId: string, text: string): boolean {
      if (!stomp || !connected) return false;
      const receipt = `r-${clientMsgId}`;
      const sentAt = performance.now();
      stomp.watchForReceipt(receipt, (frame) => {
        const msgSeq = Number(frame.headers[RECEIPT_MSG_SEQ_HEADER]);
        timings.receiptMs = Math.round(performance.now() - sentAt);
        if (Number.isInteger(msgSeq) && msgSeq > 0)
          void confirmChatSent(db, roomId, clientMsgId, msgSeq).catch(() => undefined);
      });
      const body: StompSendBody = { clientMsgId, text };
      stomp.publish({
        destination: sendDestination(roomId),
        body: JSON.stringify(body),
        headers: { receipt, 'content-type': 'application/json' },
      });
      return true;
    },
    status,
    get connected() {
      return connected;
    },
  };
}

export type ChatLive = ReturnType<typeof createChatLive>;
