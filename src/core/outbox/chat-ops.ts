// The chat kinds of the outbox besides messages (DESIGN.md §3 write path): read marks ('chatRead'), berth prospects
// ('berthProspect') and push alerts ('pushAlert'). All share their room's entity `chat:{roomId}`, so they go in order
// with the room's messages. Here: coalescing (only the newest read mark of a room is sent), what an answer changes
// on the device, what a refusal puts back, and the unread count while a read mark waits.
import type { ChatRoomRow, QuayDb } from '../db.ts';
import { PENDING_MSG_SEQ } from '../db.ts';
import { markChatFailed } from './chat.ts';
import type { OutboxRow, UndoByKind } from './types.ts';

const CHAT = '/api/v2/app/chat';
export const PUSH_ALERT_PATH = `${CHAT}/message/push-alert`;
export const readMarkPath = (msgSeq: number): string => `${CHAT}/read-message/${msgSeq}`;
export const berthProspectPath = (vslCd: string): string =>
  `${CHAT}/berth-prsp/message/${encodeURIComponent(vslCd)}`;

/** What a 'chatRead' operation carries in `body` (its GET sends it in the path's query). */
export interface ReadMarkBody {
  roomId: string;
  uptoSeq: number;
  readDate: string;
}

/** The tables the chat operations touch on the device: use them in the caller's transaction. */
export const chatOpTables = (db: QuayDb) => [db.chatMessages, db.chatRooms, db.outbox, db.meta];

const me = async (db: QuayDb): Promise<string> => (await db.getMeta('user'))?.usrId ?? '';

/**
 * Rule 2 for a room's read marks and alerts, before the general rules: of the room's read marks only the newest is
 * sent (it marks everything the older ones did), and it takes their undo (every readDate they set, and the unread
 * count before the first); a push alert repeated for one message goes. Other rows are left as they are, in order.
 */
export function coalesceChatOps(rows: readonly OutboxRow[]): { rows: OutboxRow[]; drop: OutboxRow[] } {
  const reads = rows.filter((r) => r.kind === 'chatRead');
  const last = reads[reads.length - 1];
  const drop: OutboxRow[] = [];
  let merged: OutboxRow | undefined;
  if (last && reads.length > 1) {
    const undos = reads.map((r) => r.undo as UndoByKind['chatRead']);
    const undo: UndoByKind['chatRead'] = {
      roomId: undos[0]?.roomId ?? '',
      readDates: undos.flatMap((u) => u.readDates),
      unreadBefore: undos[0]?.unreadBefore ?? 0,
    };
    merged = { ...last, undo };
    drop.push(...reads.slice(0, -1));
  }
  const alerted = new Set<number>();
  const out: OutboxRow[] = [];
  for (const row of rows) {
    if (row.kind === 'chatRead' && row !== last) continue;
    if (row.kind === 'pushAlert') {
      const msgSeq = (row.body as { msgSeq?: number } | null)?.msgSeq ?? 0;
      if (alerted.has(msgSeq)) {
        drop.push(row);
        continue;
      }
      alerted.add(msgSeq);
    }
    out.push(row === last && merged ? merged : row);
  }
  return { rows: out, drop };
}

/** The newest read mark of a room still waiting to be sent (its uptoSeq), or null. */
export async function waitingReadMark(db: QuayDb, roomId: string): Promise<number | null> {
  const rows = await db.outbox.where('entity').equals(`chat:${roomId}`).toArray();
  let upto: number | null = null;
  for (const r of rows) {
    if (r.kind !== 'chatRead') continue;
    const seq = (r.body as ReadMarkBody).uptoSeq;
    if (upto === null || seq > upto) upto = seq;
  }
  return upto;
}

/** Messages of others after `afterSeq` that this device holds, stored by the server and not read by the user. */
export async function unreadAfter(
  db: QuayDb,
  roomId: string,
  afterSeq: number,
  usrId: string,
): Promise<number> {
  return db.chatMessages
    .where('[roomId+msgSeq]')
    .between([roomId, afterSeq], [roomId, PENDING_MSG_SEQ], false, false)
    .filter((m) => m.sender !== usrId && m.readDate === null && m.status === 'sent')
    .count();
}

/**
 * A room's unread count from the server (room list, the unread topic, a read mark's answer): taken as it is,
 * unless a read mark of the room still waits, when the server's count is stale (it has not heard of the read): then
 * what this device knows to be unread after the mark, at least 1 when the room's last message is another's and
 * newer, and never more than the server said. So a count does not bounce back while the mark waits.
 * Call inside a transaction over chatOpTables.
 */
export async function unreadToShow(
  db: QuayDb,
  roomId: string,
  serverCount: number,
  lastMessage?: ChatRoomRow['lastMessage'],
): Promise<number> {
  const upto = await waitingReadMark(db, roomId);
  if (upto === null) return serverCount;
  const usrId = await me(db);
  const known = await unreadAfter(db, roomId, upto, usrId);
  const last = lastMessage ?? (await db.chatRooms.get(roomId))?.lastMessage ?? null;
  const newer = last !== null && last.msgSeq > upto && last.sender !== usrId ? 1 : 0;
  return Math.min(serverCount, Math.max(known, newer));
}

/** A server count for a room: stored, as unreadToShow says. */
export async function applyServerUnread(db: QuayDb, roomId: string, serverCount: number): Promise<void> {
  await db.transaction('rw', chatOpTables(db), async () => {
    if (!(await db.chatRooms.get(roomId))) return;
    await db.chatRooms.update(roomId, { unreadCount: await unreadToShow(db, roomId, serverCount) });
  });
}

/** What an applied chat operation changes on the device (inside the drain's transaction over chatOpTables). */
export async function applyChatOp(
  db: QuayDb,
  row: OutboxRow,
  unreadCount: number | undefined,
): Promise<void> {
  if (row.kind === 'chatRead' && unreadCount !== undefined) {
    const { roomId } = row.body as ReadMarkBody;
    if (await db.chatRooms.get(roomId))
      await db.chatRooms.update(roomId, { unreadCount: await unreadToShow(db, roomId, unreadCount) });
  } else if (row.kind === 'pushAlert') {
    const u = row.undo as UndoByKind['pushAlert'];
    await db.chatMessages.update([u.roomId, u.msgSeq], { alert: 'sent' });
  }
}

/** Puts back what a refused chat operation changed (inside the drain's transaction over chatOpTables). */
export async function undoChatOp(db: QuayDb, row: OutboxRow, why: string): Promise<void> {
  switch (row.kind) {
    case 'chatRead': {
      const u = row.undo as UndoByKind['chatRead'];
      const usrId = await me(db);
      const dates = new Set(u.readDates);
      const marked = db.chatMessages
        .where('roomId')
        .equals(u.roomId)
        .filter((m) => m.sender !== usrId && m.readDate !== null && dates.has(m.readDate));
      const reverted = await marked.count();
      await marked.modify({ readDate: null });
      const room = await db.chatRooms.get(u.roomId);
      if (room)
        await db.chatRooms.update(u.roomId, {
          unreadCount: Math.max(room.unreadCount + reverted, u.unreadBefore),
        });
      return;
    }
    case 'berthProspect':
      // Like a message: it stays on screen, marked not sent, with why, so nothing the user wrote is lost.
      await markChatFailed(db, row.undo as UndoByKind['berthProspect'], why);
      return;
    case 'pushAlert': {
      const u = row.undo as UndoByKind['pushAlert'];
      await db.chatMessages.update([u.roomId, u.msgSeq], { alert: undefined });
      return;
    }
    default:
      return;
  }
}

/** The user-facing words of a refused chat operation, and whether it is a toast (a button the user pressed). */
export function chatRefusal(row: OutboxRow, message: string): { message: string; toast: boolean } | null {
  if (row.kind === 'chatRead') return { message, toast: false };
  if (row.kind === 'berthProspect') return { message: `Berth prospect not posted: ${message}`, toast: true };
  if (row.kind === 'pushAlert') return { message: `Alert not sent: ${message}`, toast: true };
  return null;
}
