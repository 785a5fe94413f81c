// The worker's chat (SPEC §3, §4, §7; DESIGN.md §3): the live STOMP connection of the leader, the REST calls any tab's
// worker makes, the chat part of every sync pass, and the chat commands (messages, read marks, berth prospects and
// push alerts go through the outbox). worker/index.ts spreads `api` into its Comlink API.
import type { QuayDb } from '../../src/core/db.ts';
import type { ApiClient } from '../../src/core/net/api-client.ts';
import type { TokenStore } from '../../src/core/net/token.ts';
import { CHAT_LINK_OFF, type ChatStatusReport } from '../../src/core/chat-link.ts';
import { OUTBOX_SYNC_TAG } from '../../src/core/outbox/index.ts';
import { createCommands } from '../commands/commands.ts';
import { createChatLive, type ChatLiveDeps } from './live.ts';
import { fetchNewest, loadOlder, syncRooms } from './rest.ts';
import { SLOW_DATASET_MAX_AGE_MS } from '../sync/run-sync.ts';
import { syncChat } from './sync.ts';

interface SyncManagerLike {
  register(tag: string): Promise<void>;
}

/** Background Sync where it exists (Chromium), so the service worker sends a message if the page closes first. */
async function registerSync(): Promise<void> {
  const sw = (
    globalThis as { navigator?: { serviceWorker?: { ready: Promise<{ sync?: SyncManagerLike }> } } }
  ).navigator?.serviceWorker;
  if (!sw) return;
  await (await sw.ready).sync?.register(OUTBOX_SYNC_TAG);
}

export interface WorkerChatDeps {
  db: QuayDb;
  client: ApiClient;
  tokens: TokenStore;
  isOnline: () => boolean;
  onConnected?: ChatLiveDeps['onConnected'];
  /** Whether this worker leads (runs sync and STOMP): a follower reports the leader's chat state instead. */
  isLeader?: () => boolean;
  /** Whether any tab leads at all (a Web Lock query); unknown (undefined) where the browser cannot say. */
  leaderExists?: () => Promise<boolean | undefined>;
}

export function createWorkerChat(deps: WorkerChatDeps) {
  const { db, client, isOnline } = deps;
  const live = createChatLive({
    db,
    client,
    tokens: deps.tokens,
    isOnline,
    ...(deps.onConnected ? { onConnected: deps.onConnected } : {}),
  });
  const commands = createCommands({ db, client, registerSync, liveChat: live });

  /** The leader's state: its own, or as it last wrote it (when a leader runs at all). */
  async function chatStatus(): Promise<ChatStatusReport> {
    if (deps.isLeader?.() ?? true) return { ...live.status(), leader: true };
    const written = (await db.getMeta('chatLink')) ?? CHAT_LINK_OFF;
    // The leading tab closed without a word: no tab holds a connection now.
    if ((await deps.leaderExists?.()) === false) return { ...written, ...OFF_NOW, leader: false };
    return { ...written, leader: false };
  }

  const api = {
    /** Writes a message: pending at once, then STOMP or the outbox (SPEC §3 chat message). */
    sendChat: commands.sendChat,
    /** The messages up to msgSeq were seen: read at once on the device, the read mark through the outbox. */
    chatMarkRead: commands.markChatRead,
    /** A shore user posts a berth prospect into a vessel's room: pending at once, then the outbox. */
    postBerthProspect: commands.postBerthProspect,
    /** The sender asks for a push alert about its own message nobody has read yet (through the outbox). */
    askPushAlert: commands.askPushAlert,
    /** The room list and unread counts now (the /chat/ page); false when chat is not enabled. */
    chatSyncRooms: async (): Promise<boolean> => (isOnline() ? (await syncRooms(db, client)) !== null : true),
    /** The window opened a room: its newest messages now, and again after each reconnect. */
    chatOpen: async (roomId: string): Promise<void> => {
      live.open(roomId);
      if (isOnline()) await fetchNewest(db, client, roomId);
    },
    chatClose: (roomId: string): void => live.close(roomId),
    /** Scrolled to the top: the page before the oldest message on the device; false when none are older. */
    chatLoadOlder: (roomId: string): Promise<boolean> => loadOlder(db, client, roomId),
    chatStatus,
  };

  /**
   * The chat part of the leader's sync passes (timer, reconnect, pull-to-refresh): the room list (a 304 when nothing
   * changed), missed messages of rooms with new activity, and on pull-to-refresh the open rooms' newest page. While
   * the live connection is up it brings all of that itself (and catches up after each reconnect): a routine pass then
   * asks only once the room list is an hour old, so a resync with nothing new costs no chat request. While a
   * connection is being made (the app just opened) its catch-up asks in a moment: the pass does not ask as well.
   */
  async function syncPass(full: boolean): Promise<void> {
    if (!full && liveCovers(live.status(), (await db.syncState.get('chatRooms'))?.syncedAt ?? null)) return;
    const rooms = await syncChat(db, client, { openRooms: live.openRoomIds(), full });
    if (rooms) live.roomsChanged(rooms.map((r) => r.roomId));
  }

  return { live, api, syncPass };
}

/**
 * The live connection is subscribed and the room list was asked for within the hour (SLOW_DATASET_MAX_AGE_MS), or
 * a connection is being made: it asks for the room list and what was missed once subscribed. Should that attempt
 * fail, the pass after it asks.
 */
export function liveCovers(
  status: { state: string; subscribed: boolean },
  roomsSyncedAt: number | null,
  now = Date.now(),
): boolean {
  if (status.state === 'connecting' || (status.state === 'connected' && !status.subscribed)) return true;
  return (
    status.state === 'connected' &&
    status.subscribed &&
    roomsSyncedAt !== null &&
    now - roomsSyncedAt < SLOW_DATASET_MAX_AGE_MS
  );
}

const OFF_NOW = { state: 'off', subscribed: false, nextAttemptAt: null } as const;
