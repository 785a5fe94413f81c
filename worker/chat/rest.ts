// The chat calls of SPEC §7 the worker makes over REST (any tab's worker may: only STOMP is the leader's): the room
// list into IndexedDB, the newest page of a room's history (and the pages in between after an outage), older pages
// on scroll, and read marks (read-message with readSource=M).
import type { ChatMessage, ChatRoom, HistoryResponse, ReadResponse } from '../../src/core/contract/chat.ts';
import { HISTORY_PAGE_DEFAULT } from '../../src/core/contract/chat.ts';
import type { ChatRoomRow, QuayDb } from '../../src/core/db.ts';
import { PENDING_MSG_SEQ } from '../../src/core/db.ts';
import { ForbiddenError, query } from '../../src/core/net/http.ts';
import type { ApiClient } from '../../src/core/net/api-client.ts';
import { asChatMessage, storeChatMessages } from '../../src/core/outbox/chat.ts';

export const CHAT_API = '/api/v2/app/chat';
/** After an outage, at most this many pages are fetched to close the gap; older ones load on scroll. */
const GAP_PAGES_MAX = 10;

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

const checkRead = (v: unknown): ReadResponse | null =>
  isRecord(v) && typeof v.unreadCount === 'number' ? (v as unknown as ReadResponse) : null;

export type ChatApi = Pick<ApiClient, 'json'>;

/**
 * GET my-room-list/V into chatRooms (rooms left are removed). Gives the rooms, or null when the user may not chat
 * (403: a vessel whose service is not chat-enabled, SPEC §4): then the device keeps no rooms.
 */
export async function syncRooms(
  db: QuayDb,
  client: ChatApi,
  now = Date.now(),
): Promise<ChatRoomRow[] | null> {
  let rooms: ChatRoom[];
  try {
    rooms = await client.json(`${CHAT_API}/my-room-list/V`, checkRooms);
  } catch (err) {
    if (err instanceof ForbiddenError) {
      await db.chatRooms.clear();
      return null;
    }
    throw err;
  }
  return db.transaction('rw', db.chatRooms, async () => {
    const before = new Map((await db.chatRooms.toArray()).map((r) => [r.roomId, r]));
    const rows = rooms.map((r, order): ChatRoomRow => ({
      ...r,
      order,
      hasOlder: before.get(r.roomId)?.hasOlder ?? true,
      syncedAt: now,
    }));
    const keep = new Set(rows.map((r) => r.roomId));
    await db.chatRooms.bulkDelete([...before.keys()].filter((id) => !keep.has(id)));
    await db.chatRooms.bulkPut(rows);
    return rows;
  });
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
  const path = `${CHAT_API}/history/${encodeURIComponent(roomId)}/${beforeSeq}${query({ size: HISTORY_PAGE_DEFAULT })}`;
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
    if (had === 0 && i === 0) await db.chatRooms.update(roomId, { hasOlder: p.hasMore });
    if (!p.hasMore || oldest === undefined || oldest <= had || had === 0) break;
    beforeSeq = oldest;
  }
  return count;
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
  await db.chatRooms.update(roomId, { hasOlder: p.hasMore });
  return p.hasMore;
}

/**
 * The user saw the room's messages up to msgSeq: marked read on the device at once (the badge falls), then
 * GET read-message/{msgSeq} with readSource=M (SPEC §7). Gives the room's unread count after it.
 */
export async function markChatRead(
  db: QuayDb,
  client: ChatApi,
  me: string,
  roomId: string,
  msgSeq: number,
  now = new Date(),
): Promise<number> {
  const readDate = now.toISOString();
  const msg = await db.chatMessages.get([roomId, msgSeq]);
  await db.transaction('rw', db.chatMessages, db.chatRooms, async () => {
    await db.chatMessages
      .where('[roomId+msgSeq]')
      .between([roomId, 0], [roomId, msgSeq], true, true)
      .modify((m) => {
        if (m.sender !== me && m.readDate === null) m.readDate = readDate;
      });
    await db.chatRooms.update(roomId, { unreadCount: 0 });
  });
  const params = {
    roomId,
    readDate,
    readSource: 'M',
    ...(msg ? { sender: msg.sender, senderType: msg.senderType } : {}),
  };
  const answer = await client.json(`${CHAT_API}/read-message/${msgSeq}${query(params)}`, checkRead);
  await db.chatRooms.update(roomId, { unreadCount: answer.unreadCount });
  return answer.unreadCount;
}
