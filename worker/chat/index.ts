// The worker's chat (SPEC §3, §4, §7; DESIGN.md §3): the live STOMP connection of the leader, the REST calls any tab's
// worker makes, and sendChat bound to the connection. worker/index.ts spreads `api` into its Comlink API.
import type { QuayDb } from '../../src/core/db.ts';
import type { ApiClient } from '../../src/core/net/api-client.ts';
import type { TokenStore } from '../../src/core/net/token.ts';
import { OUTBOX_SYNC_TAG } from '../../src/core/outbox/index.ts';
import { createCommands } from '../commands/commands.ts';
import { createChatLive, type ChatLiveDeps } from './live.ts';
import { fetchNewest, loadOlder, markChatRead, syncRooms } from './rest.ts';

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
  const { sendChat } = createCommands({ db, client, registerSync, liveChat: live });
  const me = async () => (await db.getMeta('user'))?.usrId ?? '';

  const api = {
    /** Writes a message: pending at once, then STOMP or the outbox (SPEC §3 chat message). */
    sendChat,
    /** The room list and unread counts now (the /chat/ page, pull-to-refresh); false when chat is not enabled. */
    chatSyncRooms: async (): Promise<boolean> => (isOnline() ? (await syncRooms(db, client)) !== null : true),
    /** The window opened a room: its newest messages now, and again after each reconnect. */
    chatOpen: async (roomId: string): Promise<void> => {
      live.open(roomId);
      if (isOnline()) await fetchNewest(db, client, roomId);
    },
    chatClose: (roomId: string): void => live.close(roomId),
    /** Scrolled to the top: the page before the oldest message on the device; false when none are older. */
    chatLoadOlder: (roomId: string): Promise<boolean> => loadOlder(db, client, roomId),
    /** The messages up to msgSeq were seen: read (readSource=M); gives the room's unread count. */
    chatMarkRead: async (roomId: string, msgSeq: number): Promise<number> =>
      markChatRead(db, client, await me(), roomId, msgSeq),
    chatStatus: () => live.status(),
  };
  return { live, api };
}
