// Chat messages: storing one idempotently by (sender, clientMsgId), reading history, unread counts and marking read.
// Plain functions over an Sql so the REST routes and the STOMP broker share them.
import type { Sql } from '../db/db.ts';
import { badRequest, forbidden, HttpError, notFound } from '../http/errors.ts';
import { iso, isoRequired } from '../http/rows.ts';
import {
  cleanChatText,
  type ChatMessage,
  type MsgTpCd,
  type SenderType,
  type UnreadItem,
} from '../../src/core/contract/chat.ts';
import { memberRoom, senderTypeOf, type ChatCaller } from './access.ts';
import { recordChange } from '../sync/changes.ts';
import { recordEvent } from '../domain/events.ts';

interface MessageRow {
  msg_seq: number;
  room_id: string;
  client_msg_id: string | null;
  sender: string;
  sender_nm: string;
  sender_type: string;
  msg_tp_cd: string;
  msg_text: string;
  cre_dt: Date;
  read_date: Date | null;
  read_source: string | null;
  read_count: number;
}

/** Messages as `viewer` ($1) sees them: its own read time, and how many members other than the sender read each. */
const SELECT = `SELECT m.msg_seq, m.room_id, m.client_msg_id, m.sender, u.usr_nm AS sender_nm, m.sender_type, m.msg_tp_cd,
       m.msg_text, m.cre_dt, mr.read_date, mr.read_source,
       (SELECT count(*)::int FROM chat_reads r JOIN chat_members cm ON cm.room_id = m.room_id AND cm.usr_id = r.usr_id
         WHERE r.msg_seq = m.msg_seq AND r.usr_id <> m.sender) AS read_count
  FROM chat_messages m JOIN users u ON u.usr_id = m.sender
  LEFT JOIN chat_reads mr ON mr.msg_seq = m.msg_seq AND mr.usr_id = $1`;

/** Not sent by $1 and not read by $1. */
const UNREAD = `m.sender <> $1 AND NOT EXISTS (SELECT 1 FROM chat_reads r WHERE r.msg_seq = m.msg_seq AND r.usr_id = $1)`;

const toMessage = (r: MessageRow): ChatMessage => ({
  msgSeq: r.msg_seq,
  roomId: r.room_id,
  clientMsgId: r.client_msg_id,
  sender: r.sender,
  senderNm: r.sender_nm,
  senderType: r.sender_type === 'V' ? 'V' : 'S',
  msgTpCd: r.msg_tp_cd === 'BERTH_PRSP' ? 'BERTH_PRSP' : 'TEXT',
  msgText: r.msg_text,
  creDt: isoRequired(r.cre_dt),
  readDate: iso(r.read_date),
  readSource: r.read_source,
  readCount: r.read_count,
});

export async function messageBySeq(sql: Sql, viewer: string, msgSeq: number): Promise<ChatMessage | null> {
  const rows = await sql.query<MessageRow>(`${SELECT} WHERE m.msg_seq = $2`, [viewer, msgSeq]);
  return rows[0] ? toMessage(rows[0]) : null;
}

/** Messages of the rooms after afterSeq, oldest first, as a member other than the sender sees them (at most limit). */
export async function messagesSince(
  sql: Sql,
  roomIds: readonly string[],
  afterSeq: number,
  limit: number,
): Promise<ChatMessage[]> {
  if (roomIds.length === 0) return [];
  const rows = await sql.query<MessageRow>(
    `${SELECT} WHERE m.room_id = ANY($2::text[]) AND m.msg_seq > $3 ORDER BY m.msg_seq LIMIT $4`,
    ['', [...roomIds], afterSeq, limit],
  );
  return rows.map(toMessage);
}

/** One page of a room's history, newest first, older than beforeSeq (0: from the newest). */
export async function history(
  sql: Sql,
  viewer: string,
  roomId: string,
  beforeSeq: number,
  size: number,
): Promise<{ messages: ChatMessage[]; hasMore: boolean }> {
  const rows = await sql.query<MessageRow>(
    `${SELECT} WHERE m.room_id = $2 AND ($3::int = 0 OR m.msg_seq < $3::int) ORDER BY m.msg_seq DESC LIMIT $4`,
    [viewer, roomId, beforeSeq, size + 1],
  );
  return { messages: rows.slice(0, size).map(toMessage), hasMore: rows.length > size };
}

/** The viewer's unread messages of a room, oldest first. */
export async function unreadMessages(
  sql: Sql,
  viewer: string,
  roomId: string,
  limit: number,
): Promise<ChatMessage[]> {
  const rows = await sql.query<MessageRow>(
    `${SELECT} WHERE m.room_id = $2 AND ${UNREAD} ORDER BY m.msg_seq LIMIT $3`,
    [viewer, roomId, limit],
  );
  return rows.map(toMessage);
}

/** Unread counts of usrId's rooms among roomIds (all its rooms when undefined), by room id. */
export async function unreadCounts(
  sql: Sql,
  usrId: string,
  roomIds?: readonly string[],
): Promise<UnreadItem[]> {
  const rows = await sql.query<{ room_id: string; unread_count: number }>(
    `SELECT cm.room_id,
            (SELECT count(*)::int FROM chat_messages m WHERE m.room_id = cm.room_id AND ${UNREAD}) AS unread_count
       FROM chat_members cm
      WHERE cm.usr_id = $1 AND ($2::text[] IS NULL OR cm.room_id = ANY($2::text[]))
      ORDER BY cm.room_id`,
    [usrId, roomIds ? [...roomIds] : null],
  );
  return rows.map((r) => ({ roomId: r.room_id, subscriber: usrId, unreadCount: r.unread_count }));
}

export async function unreadCount(sql: Sql, usrId: string, roomId: string): Promise<number> {
  const rows = await sql.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM chat_messages m WHERE m.room_id = $2 AND ${UNREAD}`,
    [usrId, roomId],
  );
  return rows[0]?.n ?? 0;
}

export interface ReadOptions {
  /** Mark messages up to and including this one; all when absent. */
  uptoSeq?: number;
  /** When the user read them (not later than now, not before each message); now when absent. */
  readDate?: string | Date;
  readSource?: string;
}

/**
 * Marks the reader's unread messages of a room read; answers how many it marked. Earlier reads keep their time. When
 * it marked any, the room gets a read receipt and the reader's connections its new count, after the commit.
 */
export async function markRead(
  sql: Sql,
  reader: ChatCaller,
  roomId: string,
  opts: ReadOptions = {},
): Promise<number> {
  const usrId = reader.usrId;
  const rows = await sql.query<{ msg_seq: number }>(
    `INSERT INTO chat_reads (msg_seq, usr_id, read_date, read_source)
     SELECT m.msg_seq, $1, greatest(least(coalesce($3::timestamptz, now()), now()), m.cre_dt), $4
       FROM chat_messages m
      WHERE m.room_id = $2 AND m.sender <> $1 AND ($5::int IS NULL OR m.msg_seq <= $5::int)
     ON CONFLICT (msg_seq, usr_id) DO NOTHING
     RETURNING msg_seq`,
    [usrId, roomId, opts.readDate ?? null, opts.readSource ?? 'M', opts.uptoSeq ?? null],
  );
  if (rows.length > 0) {
    await recordChange(sql, usrId, 'chat', roomId);
    recordEvent(sql, { type: 'messageRead', roomId, reader, uptoSeq: opts.uptoSeq ?? null });
  }
  return rows.length;
}

/** A message of a room, or null when msgSeq is unknown or belongs to another room. */
export async function messageInRoom(
  sql: Sql,
  roomId: string,
  msgSeq: number,
): Promise<{ msg_seq: number; sender: string; sender_type: string } | null> {
  const rows = await sql.query<{ msg_seq: number; sender: string; sender_type: string }>(
    'SELECT msg_seq, sender, sender_type FROM chat_messages WHERE room_id = $1 AND msg_seq = $2',
    [roomId, msgSeq],
  );
  return rows[0] ?? null;
}

export interface NewMessage {
  roomId: string;
  /** Null for messages the server writes (berth prospects). */
  clientMsgId: string | null;
  msgText: string;
  msgTpCd?: MsgTpCd;
}

/**
 * Stores a message of a room member. A resend with the same (sender, clientMsgId) stores nothing and answers the first
 * message with duplicate true; the same clientMsgId for a different room or text is a 409.
 */
export async function storeMessage(
  sql: Sql,
  user: ChatCaller,
  input: NewMessage,
): Promise<{ message: ChatMessage; duplicate: boolean }> {
  await memberRoom(sql, user, input.roomId);
  const senderType: SenderType = senderTypeOf(user.usrTpCd);
  const inserted = await sql.query<{ msg_seq: number }>(
    `INSERT INTO chat_messages (room_id, client_msg_id, sender, sender_type, msg_tp_cd, msg_text)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (sender, client_msg_id) DO NOTHING RETURNING msg_seq`,
    [input.roomId, input.clientMsgId, user.usrId, senderType, input.msgTpCd ?? 'TEXT', input.msgText],
  );
  let seq = inserted[0]?.msg_seq;
  let duplicate = false;
  if (seq === undefined) {
    const prior = await sql.query<{ msg_seq: number; room_id: string; msg_text: string }>(
      'SELECT msg_seq, room_id, msg_text FROM chat_messages WHERE sender = $1 AND client_msg_id = $2',
      [user.usrId, input.clientMsgId],
    );
    const first = prior[0];
    if (!first) throw new Error('chat message vanished');
    if (first.room_id !== input.roomId || first.msg_text !== input.msgText) {
      throw new HttpError(
        409,
        'ConflictError',
        `clientMsgId ${input.clientMsgId ?? ''} was already used for another message`,
      );
    }
    seq = first.msg_seq;
    duplicate = true;
  }
  // Every member's room summary (last message, unread count) changed: the sender's too.
  if (!duplicate)
    for (const member of await roomMemberIds(sql, input.roomId))
      await recordChange(sql, member, 'chat', input.roomId);
  const message = await messageBySeq(sql, user.usrId, seq);
  if (!message) throw new Error('chat message vanished');
  // New: after the commit it goes to the room's topic, the members' unread counts and Web Push.
  if (!duplicate) recordEvent(sql, { type: 'messageStored', message });
  return { message, duplicate };
}

/**
 * The sender asks for a Web Push alert about its message to the other members, while none has read it (a 409 once one
 * has); answers the members to alert, who are pushed after the commit.
 */
export async function askPushAlert(
  sql: Sql,
  user: ChatCaller,
  roomId: string,
  msgSeq: number,
): Promise<string[]> {
  await memberRoom(sql, user, roomId);
  const msg = await messageInRoom(sql, roomId, msgSeq);
  if (!msg) throw notFound(`Message ${msgSeq} was not found in chat room ${roomId}`);
  if (msg.sender !== user.usrId) throw forbidden('Only the sender of a message can ask for its push alert');
  const readCount = (await messageBySeq(sql, user.usrId, msgSeq))?.readCount ?? 0;
  if (readCount > 0)
    throw new HttpError(409, 'ConflictError', `Message ${msgSeq} was already read: no alert is needed`);
  const recipients = await otherMembers(sql, roomId, [user.usrId]);
  if (recipients.length > 0) recordEvent(sql, { type: 'chatAlertAsked', msgSeq, recipients });
  return recipients;
}

/** Members of a room other than the given users, who are to be push-alerted about a message. */
async function otherMembers(sql: Sql, roomId: string, exclude: readonly string[]): Promise<string[]> {
  const rows = await sql.query<{ usr_id: string }>(
    'SELECT usr_id FROM chat_members WHERE room_id = $1 AND NOT (usr_id = ANY($2::text[])) ORDER BY usr_id',
    [roomId, [...exclude]],
  );
  return rows.map((r) => r.usr_id);
}

/** The text of a message to store (trimmed, 1..MSG_TEXT_MAX characters, no NUL), or 400 naming the field. */
export function messageText(raw: string, field: string): string {
  const checked = cleanChatText(raw);
  if (!checked.ok) throw badRequest(`${field} ${checked.reason}`);
  return checked.text;
}

/** Every member of a room. */
export async function roomMemberIds(sql: Sql, roomId: string): Promise<string[]> {
  const rows = await sql.query<{ usr_id: string }>(
    'SELECT usr_id FROM chat_members WHERE room_id = $1 ORDER BY usr_id',
    [roomId],
  );
  return rows.map((r) => r.usr_id);
}

/** The unread count of one room for each of the given members (non-members are left out). */
export async function roomUnreadCounts(
  sql: Sql,
  roomId: string,
  usrIds: readonly string[],
): Promise<UnreadItem[]> {
  if (usrIds.length === 0) return [];
  const rows = await sql.query<{ usr_id: string; unread_count: number }>(
    `SELECT cm.usr_id,
            (SELECT count(*)::int FROM chat_messages m
              WHERE m.room_id = cm.room_id AND m.sender <> cm.usr_id
                AND NOT EXISTS (SELECT 1 FROM chat_reads r WHERE r.msg_seq = m.msg_seq AND r.usr_id = cm.usr_id)) AS unread_count
       FROM chat_members cm
      WHERE cm.room_id = $1 AND cm.usr_id = ANY($2::text[])
      ORDER BY cm.usr_id`,
    [roomId, [...usrIds]],
  );
  return rows.map((r) => ({ subscriber: r.usr_id, roomId, unreadCount: r.unread_count }));
}

/** The newest message of a room, 0 when it has none. */
export async function lastSeq(sql: Sql, roomId: string): Promise<number> {
  const rows = await sql.query<{ n: number | null }>(
    'SELECT max(msg_seq) AS n FROM chat_messages WHERE room_id = $1',
    [roomId],
  );
  return rows[0]?.n ?? 0;
}

/** When usrId read the newest message it has read of a room up to uptoSeq (as stored), or null. */
export async function lastReadDate(
  sql: Sql,
  usrId: string,
  roomId: string,
  uptoSeq: number,
): Promise<string | null> {
  const rows = await sql.query<{ read_date: Date }>(
    `SELECT r.read_date FROM chat_reads r JOIN chat_messages m ON m.msg_seq = r.msg_seq
      WHERE r.usr_id = $1 AND m.room_id = $2 AND m.msg_seq <= $3 ORDER BY m.msg_seq DESC LIMIT 1`,
    [usrId, roomId, uptoSeq],
  );
  return rows[0] ? iso(rows[0].read_date) : null;
}
