// The chat calls of product.md#the-calls the worker makes over REST (any tab's worker may: only STOMP is the leader's): the room
// list into IndexedDB (a conditional GET: a 304 when nothing changed), the newest page of a room's history (and the
// pages in between after an outage), older pages on scroll, and the missed messages of rooms with new activity.
// Read marks go through the outbox (worker/commands, src/device/outbox/ops/chat-read.ts); what the server says is
// written under them (./store.ts).
import type { ChatMessage, ChatRoom, HistoryResponse } from '../../src/core/contract/chat.ts';
import { HISTORY_PAGE_DEFAULT } from '../../src/core/contract/chat.ts';
import type { ChatRoomRow, QuayDb } from '../../src/device/db.ts';
import { PENDING_MSG_SEQ } from '../../src/device/db.ts';
import { ForbiddenError, query } from '../../src/device/net/http.ts';
import type { ApiClient } from '../../src/device/net/api-client.ts';
import { asChatMessage } from '../../src/device/outbox/chat.ts';
import { storeChatMessages } from './store.ts';
import { changeLocal } from '../../src/device/outbox/base.ts';
import { writeServerRows } from '../../src/device/outbox/rebase.ts';
import type { DatasetJob } from '../sync/datasets.ts';
import { syncDataset } from '../sync/run-sync.ts';
import {
  CHAT_INIT_SUB_VESSEL,
  CHAT_MY_ROOM_LIST,
  chatHistoryPath,
  chatPath,
} from '../../src/core/contract/api.ts';
import { RequestError } from '../../src/device/net/errors.ts';
import { ROOM_PREFIX } from '../../src/core/contract/chat-rules.ts';

/** After an outage, at most this many pages are fetched to close the gap; older ones load on scroll. */
const GAP_PAGES_MAX = 10;
/** A sync pass fetches the missed messages of at most this many rooms (newest activity first); the next pass the rest. */
const MISSED_ROOMS_MAX = 10;

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const checkRooms = (v: unknown): ChatRoom[] | null =>
  Array.isArray(v) && v.every((r) => isRecord(r) && typeof r.roomId === 'string') ? (v as ChatRoom[]) : null;

const checkHistory = (v: unknown): HistoryResponse | null => {
  if (!isRecord(v) || !Array.isArray(v.messages) || typeof v.hasMore !== 'boolean') return null;
  const messages = v.messages.map(asChatMessage);
  if (messages.some((m) => m === null)) return null;
  return { roomId: String(v.roomId), messages: messages as ChatMessage[], hasMore: v.hasMore };
};

export type ChatApi = Pick<ApiClient, 'json' | 'conditional'>;

/**
 * The room list as it replaces chatRooms (rooms left are removed), keeping what the device knows of each room (how
 * far back its history goes). The server's counts are written as they are: a read mark still waiting is applied
 * again on top by the rebase (architecture.md#convergence-by-rebase), so the count does not bounce back.
 */
const chatRoomsJob: DatasetJob<ChatRoom[]> = {
  dataset: 'chatRooms',
  path: chatPath(CHAT_MY_ROOM_LIST, { type: 'V' }),
  check: checkRooms,
  async apply(db, rooms, { syncedAt }) {
    const before = new Map((await db.chatRooms.toArray()).map((r) => [r.roomId, r]));
    const rows: ChatRoomRow[] = rooms.map((r, order) => ({
      ...r,
      order,
      hasOlder: before.get(r.roomId)?.hasOlder ?? true,
      syncedAt,
    }));
    const keep = new Set(rows.map((r) => r.roomId));
    await db.chatRooms.bulkDelete([...before.keys()].filter((id) => !keep.has(id)));
    await db.chatRooms.bulkPut(rows);
  },
};

/** Whether a room has older messages than the device holds: the device's own note, which a rebase keeps. */
async function setHasOlder(db: QuayDb, roomId: string, hasOlder: boolean): Promise<void> {
  await db.transaction('rw', db.chatRooms, db.base, async () =>
    changeLocal<ChatRoomRow>(db, db.chatRooms, roomId, (r) => ({ ...r, hasOlder })),
  );
}

/**
 * GET my-room-list/V into chatRooms, with If-None-Match (a 304 keeps the rooms). Gives the rooms, or null when the
 * user may not chat (403: a vessel whose service is not chat-enabled, product.md#what-happens-when): then the device keeps no rooms.
 */
export async function syncRooms(
  db: QuayDb,
  client: ChatApi,
  now: () => number = Date.now,
): Promise<ChatRoomRow[] | null> {
  // No rooms on the device (a first sync, or cleared): nothing a 304 could keep.
  if ((await db.chatRooms.count()) === 0) await db.syncState.delete('chatRooms');
  try {
    await syncDataset(db, client, chatRoomsJob, now);
  } catch (err) {
    if (err instanceof ForbiddenError) {
      await writeServerRows(db, [db.chatRooms, db.syncState], async () => {
        await db.chatRooms.clear();
        await db.syncState.delete('chatRooms');
      });
      return null;
    }
    throw err;
  }
  return db.chatRooms.orderBy('order').toArray();
}

/** The newest stored msgSeq of a room on the device (pending ones not counted), or 0. */
async function newestStored(db: QuayDb, roomId: string): Promise<number> {
  const last = await db.chatMessages
    .where('[roomId+msgSeq]')
    .between([roomId, 0], [roomId, PENDING_MSG_SEQ], true, false)
    .last();
  return last?.msgSeq ?? 0;
}

async function page(client: ChatApi, roomId: string, beforeSeq: number): Promise<HistoryResponse> {
  const path = `${chatHistoryPath(roomId, beforeSeq)}${query({ size: HISTORY_PAGE_DEFAULT })}`;
  return client.json(path, checkHistory);
}

/**
 * The newest page of a room's history, and the pages after what the device had (a gap after an outage), into
 * chatMessages. Gives how many messages came.
 */
export async function fetchNewest(db: QuayDb, client: ChatApi, roomId: string): Promise<number> {
  const had = await newestStored(db, roomId);
  let beforeSeq = 0;
  let count = 0;
  for (let i = 0; i < GAP_PAGES_MAX; i++) {
    const p = await page(client, roomId, beforeSeq);
    await storeChatMessages(db, p.messages);
    count += p.messages.length;
    const oldest = p.messages[p.messages.length - 1]?.msgSeq;
    if (had === 0 && i === 0) await setHasOlder(db, roomId, p.hasMore);
    if (!p.hasMore || oldest === undefined || oldest <= had || had === 0) break;
    beforeSeq = oldest;
  }
  return count;
}

/**
 * What opening a room found: its messages fetched, no such room (404), or a room the user is not a member of and may
 * not join (403): the window then shows no conversation and no composer (product.md#chat-rooms).
 */
export type RoomOpenOutcome = 'fetched' | 'unknown' | 'not-member';

const statusOf = (err: unknown): number | undefined => (err instanceof RequestError ? err.status : undefined);

/**
 * Opens a room with the link: its newest messages; a room the user is not in yet (403, or 404 for a room not made
 * yet) is joined first through the vessel's initial subscription (init-sub) when the server allows it, as staff may
 * any vessel's (product.md#chat-rooms), and the room list is asked again so the room is among the user's rooms.
 */
export async function openRoom(db: QuayDb, client: ChatApi, roomId: string): Promise<RoomOpenOutcome> {
  try {
    await fetchNewest(db, client, roomId);
    return 'fetched';
  } catch (err) {
    const status = statusOf(err);
    if (status !== 403 && status !== 404) throw err;
  }
  const vslCd = roomId.startsWith(ROOM_PREFIX) ? roomId.slice(ROOM_PREFIX.length) : '';
  try {
    await client.json(chatPath(CHAT_INIT_SUB_VESSEL, { vslCd }), (v) => (isRecord(v) ? v : null));
  } catch (err) {
    const status = statusOf(err);
    // The server's 400 for a code that is no vessel code is a room that does not exist too.
    if (status === 404 || status === 400) return 'unknown';
    if (status === 403) return 'not-member';
    throw err;
  }
  await syncRooms(db, client);
  await fetchNewest(db, client, roomId);
  return 'fetched';
}

/** The page before the oldest message on the device (scrolled to the top). Gives whether older ones remain. */
export async function loadOlder(db: QuayDb, client: ChatApi, roomId: string): Promise<boolean> {
  const first = await db.chatMessages
    .where('[roomId+msgSeq]')
    .between([roomId, 0], [roomId, PENDING_MSG_SEQ])
    .first();
  if (!first) {
    await fetchNewest(db, client, roomId);
    return (await db.chatRooms.get(roomId))?.hasOlder ?? false;
  }
  const p = await page(client, roomId, first.msgSeq);
  await storeChatMessages(db, p.messages);
  await setHasOlder(db, roomId, p.hasMore);
  return p.hasMore;
}

/**
 * Rooms whose newest message (as the room list says) is newer than what the device holds: their missed messages,
 * newest activity first, at most MISSED_ROOMS_MAX rooms. Gives the rooms fetched.
 */
export async function fetchMissed(
  db: QuayDb,
  client: ChatApi,
  rooms: readonly ChatRoomRow[],
  skip: ReadonlySet<string> = new Set(),
): Promise<string[]> {
  const behind: ChatRoomRow[] = [];
  for (const room of rooms) {
    if (skip.has(room.roomId) || !room.lastMessage) continue;
    if ((await newestStored(db, room.roomId)) < room.lastMessage.msgSeq) behind.push(room);
  }
  behind.sort((a, b) => (b.lastMessage?.creDt ?? '').localeCompare(a.lastMessage?.creDt ?? ''));
  const fetched: string[] = [];
  for (const room of behind.slice(0, MISSED_ROOMS_MAX)) {
    await fetchNewest(db, client, room.roomId);
    fetched.push(room.roomId);
  }
  return fetched;
}
