// The worker's chat (product.md#what-the-app-holds, product.md#what-happens-when, product.md#the-calls; architecture.md#how-data-moves): chat's part of the leader's live connection, the REST calls any tab's
// worker makes and the chat part of every sync pass. The chat commands (messages, read marks, berth prospects and push
// alerts go through the outbox) are the worker's commands (worker/commands/chat.ts), given `live` to send over.
// worker/index.ts lists `handlers` in its Comlink API.
import type { QuayDb } from '../../src/device/db.ts';
import type { ApiClient } from '../../src/device/net/api-client.ts';
import { createChatLive, type ChatLiveDeps } from './live.ts';
import type { PullOutcome } from '../sync/pull.ts';
import { chatEnabled } from './enabled.ts';
import { fetchMissed, loadOlder, openRoom, syncRooms, type RoomOpenOutcome } from './rest.ts';
import { syncChat } from './sync.ts';

/** What opening a room found (rest.ts's openRoom), or no link to ask: at sea a room is not joined. */
export type ChatOpenOutcome = RoomOpenOutcome | 'offline';

export interface WorkerChatDeps {
  db: QuayDb;
  client: ApiClient;
  live: ChatLiveDeps['live'];
  isOnline: () => boolean;
  onConnected?: ChatLiveDeps['onConnected'];
  onLive?: ChatLiveDeps['onLive'];
}

export function createWorkerChat(deps: WorkerChatDeps) {
  const { db, client, isOnline } = deps;
  const live = createChatLive({
    db,
    client,
    live: deps.live,
    ...(deps.onConnected ? { onConnected: deps.onConnected } : {}),
    ...(deps.onLive ? { onLive: deps.onLive } : {}),
  });

  /** What the window reads of chat and asks of the live connection (the writes are the worker's commands). */
  const handlers = {
    /** The room list and unread counts now (the /chat/ page); false when chat is not enabled. */
    chatSyncRooms: async (): Promise<boolean> => {
      // The room topics and the pull keep the rooms current while the live connection is up: nothing to ask.
      if (!isOnline() || live.chatHeard()) return true;
      return (await syncRooms(db, client)) !== null;
    },
    /** The window opened a room: its newest messages now, and again after each reconnect. */
    chatOpen: async (roomId: string): Promise<ChatOpenOutcome> => {
      live.open(roomId);
      if (!isOnline()) return 'offline';
      return openRoom(db, client, roomId);
    },
    chatClose: (roomId: string): void => live.close(roomId),
    /** Scrolled to the top: the page before the oldest message on the device; false when none are older. */
    chatLoadOlder: (roomId: string): Promise<boolean> => loadOlder(db, client, roomId),
  };

  /**
   * The chat part of the leader's sync passes, after the pull (which brings the rooms whose summary or unread count
   * changed): the live connection's room subscriptions follow the rooms, and the messages of rooms with newer
   * activity than the device holds are fetched (none while the room topics bring them). On pull-to-refresh, the room
   * list (a 304 when nothing changed: it also finds rooms left) and the open rooms' newest page.
   */
  async function syncPass(full: boolean, pulled: PullOutcome | null): Promise<void> {
    if (full) {
      const rooms = await syncChat(db, client, { openRooms: live.openRoomIds(), full });
      await live.roomsChanged((rooms ?? []).map((r) => r.roomId));
      return;
    }
    const rooms = await db.chatRooms.orderBy('order').toArray();
    if (pulled?.chatRooms || !live.chatHeard()) await live.roomsChanged(rooms.map((r) => r.roomId));
    if ((await chatEnabled(db)) === 'yes') await fetchMissed(db, client, rooms);
  }

  return { live, handlers, syncPass };
}
