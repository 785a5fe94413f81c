// The state of the leader's live connection (architecture.md#live-path: the sync hint, and chat for a chat user), as
// the worker reports it and keeps it in `meta` (key 'liveLink') so that any tab, /health/ included, can show it.

/**
 * off: no leader holds it here (signed out, or not the leading tab); offline: the link is down, no attempts;
 * connecting; connected; waiting: a reconnect is planned after a failure; refused: the broker refused this user
 * (an older server that lets only chat users connect). no-rooms: no longer reported (every signed-on user connects).
 */
export type LiveLinkState =
  'off' | 'offline' | 'no-rooms' | 'connecting' | 'connected' | 'waiting' | 'refused';

export interface LiveLinkStatus {
  state: LiveLinkState;
  /** The broker confirmed this connection's subscriptions. */
  subscribed: boolean;
  /** The last ERROR frame's message or socket failure, cleared on connect. */
  lastError: string | null;
  /** When the connection was last established (ms since epoch), or null. */
  lastConnectedAt: number | null;
  /** Reconnect attempts since the last established connection (0 when connected). */
  attempts: number;
  /** When the next attempt is planned (state 'waiting'), or null. */
  nextAttemptAt: number | null;
  /** Chat's part: rooms subscribed to (or to be subscribed to). */
  rooms: number;
  /**
   * Whether the user chats (product.md#what-happens-when): false for a vessel whose service is not chat-enabled, which holds the connection
   * for the sync hint only; absent while not known.
   */
  chat?: boolean | undefined;
  /** Measured: CONNECT to CONNECTED, and SEND to RECEIPT of the last message (ms). */
  connectMs: number | null;
  receiptMs: number | null;
}

export const LIVE_LINK_OFF: LiveLinkStatus = {
  state: 'off',
  subscribed: false,
  lastError: null,
  lastConnectedAt: null,
  attempts: 0,
  nextAttemptAt: null,
  rooms: 0,
  connectMs: null,
  receiptMs: null,
};

/** What the worker's liveStatus() answers (for /health/): the leader's live link, and whether this tab holds it. */
export interface LiveStatusReport extends LiveLinkStatus {
  leader: boolean;
}
