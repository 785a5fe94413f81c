// The caller's room list (my-room-list): rooms it belongs to with unread count and last message (with its sender's
// name), for REST and the broker.
import type { Sql } from '../db/db.ts';
import { isoRequired } from '../http/rows.ts';
import type { ChatRoom } from '../../src/core/contract/chat.ts';
import type { ChatCaller } from './access.ts';
import { isVesselUser } from '../../src/core/role.ts';

interface RoomListRow {
  room_id: string;
  room_nm: string;
  vsl_cd: string;
  svce_lane_cd: string;
  unread_count: number;
  msg_seq: number | null;
  sender: string | null;
  sender_nm: string | null;
  sender_type: string | null;
  msg_text: string | null;
  cre_dt: Date | null;
}

/**
 * Rooms the caller belongs to, the one with the newest message first; a vessel user's own vessel room comes first
 * (product.md#what-happens-when: a vessel user takes its unread count from the first entry). Only the given rooms when roomIds is given
 * (a pull's changed rooms).
 */
export async function roomList(sql: Sql, user: ChatCaller, roomIds?: readonly string[]): Promise<ChatRoom[]> {
  const rows = await sql.query<RoomListRow>(
    `SELECT r.room_id, r.room_nm, r.vsl_cd, r.svce_lane_cd, lm.msg_seq, lm.sender, su.usr_nm AS sender_nm, lm.sender_type,
            lm.msg_text, lm.cre_dt,
            (SELECT count(*)::int FROM chat_messages m
              WHERE m.room_id = r.room_id AND m.sender <> $1
                AND NOT EXISTS (SELECT 1 FROM chat_reads cr WHERE cr.msg_seq = m.msg_seq AND cr.usr_id = $1)) AS unread_count
       FROM chat_members cm
       JOIN chat_rooms r ON r.room_id = cm.room_id
       LEFT JOIN LATERAL (
         SELECT m.msg_seq, m.sender, m.sender_type, m.msg_text, m.cre_dt FROM chat_messages m
          WHERE m.room_id = r.room_id ORDER BY m.msg_seq DESC LIMIT 1) lm ON true
       LEFT JOIN users su ON su.usr_id = lm.sender
      WHERE cm.usr_id = $1 AND ($3::text[] IS NULL OR cm.room_id = ANY($3::text[]))
      ORDER BY (r.vsl_cd = $2) DESC, lm.cre_dt DESC NULLS LAST, lm.msg_seq DESC NULLS LAST, r.room_id`,
    [user.usrId, isVesselUser(user) ? user.ofcId : '', roomIds ? [...roomIds] : null],
  );
  return rows.map((r) => ({
    roomId: r.room_id,
    roomNm: r.room_nm,
    userId: user.usrId,
    svceLaneCd: r.svce_lane_cd,
    vslCd: r.vsl_cd,
    unreadCount: r.unread_count,
    subscriber: user.usrId,
    lastMessage:
      r.msg_seq === null || r.cre_dt === null
        ? null
        : {
            msgSeq: r.msg_seq,
            sender: r.sender ?? '',
            // The preview names the sender as a person reads it, like the messages do (senderNm).
            ...(r.sender_nm ? { senderNm: r.sender_nm } : {}),
            senderType: r.sender_type === 'V' ? 'V' : 'S',
            msgText: r.msg_text ?? '',
            creDt: isoRequired(r.cre_dt),
          },
  }));
}
