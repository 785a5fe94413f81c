// The chat part of pull-to-refresh (the routine passes take the rooms from the pull, worker/chat/index.ts): for a
// chat user only, the room list with its unread counts as a conditional GET (a 304 of a few hundred bytes when
// nothing changed; it also finds rooms left), then the messages missed in rooms whose newest message the device lacks.
import type { ChatRoomRow, QuayDb } from '../../src/device/db.ts';
import { chatEnabled } from './enabled.ts';
import { fetchMissed, fetchNewest, syncRooms, type ChatApi } from './rest.ts';

export interface ChatSyncOptions {
  /** Rooms the window shows: on pull-to-refresh their newest page comes again (read receipts too). */
  openRooms?: readonly string[];
  full?: boolean;
  now?: () => number;
}

/** Gives the rooms, or null when the user does not chat (or may not yet be known to): nothing asked, or a 403. */
export async function syncChat(
  db: QuayDb,
  client: ChatApi,
  opts: ChatSyncOptions = {},
): Promise<ChatRoomRow[] | null> {
  // A vessel user's service is known from its own vessel (synced in the same pass): until then the server is not
  // asked (product.md#chat-enablement: a vessel off the chat-enabled services costs no chat request); the live path asks once known.
  if ((await chatEnabled(db)) !== 'yes') return null;
  const rooms = await syncRooms(db, client, opts.now);
  if (rooms === null) return null;
  const open = new Set(opts.full ? (opts.openRooms ?? []) : []);
  await fetchMissed(db, client, rooms, open);
  for (const roomId of open) await fetchNewest(db, client, roomId);
  return rooms;
}
