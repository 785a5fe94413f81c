// Who may chat, and in which rooms: chat enablement (product.md#what-happens-when), room lookup and creation, membership and joining.
// Plain functions over an Sql so the REST routes and the STOMP broker apply the same rules.
import type { Sql } from '../db/db.ts';
import type { AuthUser } from '../auth/user.ts';
import { forbidden, notFound } from '../http/errors.ts';
import { isoRequired } from '../http/rows.ts';
import { recordChange } from '../sync/changes.ts';
import { isChatLane, roomIdOf, type ChatMember, type SenderType } from '../../src/core/contract/chat.ts';
import { isAgent, isStaff, isVesselUser, USER_TYPE } from '../../src/core/role.ts';

/** What the chat rules need to know about a caller. */
export type ChatCaller = Pick<AuthUser, 'usrId' | 'usrTpCd' | 'ofcId'>;

export interface RoomRow {
  room_id: string;
  room_nm: string;
  vsl_cd: string;
  svce_lane_cd: string;
}

export const CHAT_DISABLED = "Chat is not enabled for this vessel's service";

export const senderTypeOf = (usrTpCd: string): SenderType => (isVesselUser(usrTpCd) ? 'V' : 'S');

/** The lane a vessel sails on now: its current voyage's lane, else the vessel's own. */
const VESSEL_LANE = `coalesce(
  (SELECT vo.lane_cd FROM voyages vo WHERE vo.vsl_cd = v.vsl_cd AND vo.is_current ORDER BY vo.skd_voy_no DESC LIMIT 1),
  v.lane_cd)`;

/** Is the lane the vessel sails on now chat-enabled? False for an unknown vessel. */
export async function isChatVessel(sql: Sql, chatLanes: string, vslCd: string): Promise<boolean> {
  const rows = await sql.query<{ lane_cd: string }>(
    `SELECT ${VESSEL_LANE} AS lane_cd FROM vessels v WHERE v.vsl_cd = $1`,
    [vslCd],
  );
  const lane = rows[0]?.lane_cd;
  return lane !== undefined && isChatLane(chatLanes, lane);
}

/** product.md#chat-enablement: shore users always chat; a vessel user (type 4) only when its vessel's lane is chat-enabled. */
export async function isChatUser(sql: Sql, chatLanes: string, user: ChatCaller): Promise<boolean> {
  return !isVesselUser(user) || isChatVessel(sql, chatLanes, user.ofcId);
}

export async function assertChatUser(sql: Sql, chatLanes: string, user: ChatCaller): Promise<void> {
  if (!(await isChatUser(sql, chatLanes, user))) throw forbidden(CHAT_DISABLED);
}

export async function findRoom(sql: Sql, roomId: string): Promise<RoomRow | null> {
  const rows = await sql.query<RoomRow>(
    'SELECT room_id, room_nm, vsl_cd, svce_lane_cd FROM chat_rooms WHERE room_id = $1',
    [roomId],
  );
  return rows[0] ?? null;
}

export async function isMember(sql: Sql, roomId: string, usrId: string): Promise<boolean> {
  const rows = await sql.query('SELECT 1 FROM chat_members WHERE room_id = $1 AND usr_id = $2', [
    roomId,
    usrId,
  ]);
  return rows.length > 0;
}

/** The room, when the caller is a member: 404 for an unknown room, 403 for a room of others. */
export async function memberRoom(sql: Sql, user: ChatCaller, roomId: string): Promise<RoomRow> {
  const room = await findRoom(sql, roomId);
  if (!room) throw notFound(`Chat room ${roomId} was not found`);
  if (!(await isMember(sql, roomId, user.usrId)))
    throw forbidden(`You are not a member of chat room ${roomId}`);
  return room;
}

/**
 * May the caller join the room of a vessel? A vessel user only its own vessel's; staff (type 2) any; a shore user one it
 * follows (REL_USR_VSL); an agent one whose current voyage calls at one of its own ports (AGT_PORT).
 */
async function canJoin(sql: Sql, user: ChatCaller, vslCd: string): Promise<boolean> {
  if (isVesselUser(user)) return user.ofcId === vslCd;
  if (isStaff(user)) return true;
  const rows = await sql.query(
    `SELECT 1 FROM user_relations ur
      WHERE ur.usr_id = $1 AND ur.rel_tp_cd = 'REL_USR_VSL' AND ur.rel_cd = $2
     UNION ALL
     SELECT 1 FROM user_relations ur
       JOIN port_calls pc ON pc.port_cd = ur.rel_cd AND pc.vsl_cd = $2 AND pc.skip_yn = 'N'
       JOIN voyages vo ON vo.vsl_cd = pc.vsl_cd AND vo.skd_voy_no = pc.skd_voy_no AND vo.skd_dir_cd = pc.skd_dir_cd AND vo.is_current
      WHERE $3 AND ur.usr_id = $1 AND ur.rel_tp_cd = 'AGT_PORT'
     LIMIT 1`,
    [user.usrId, vslCd, isAgent(user)],
  );
  return rows.length > 0;
}

/** The room of a vessel, created on first use: 404 for an unknown vessel. */
async function ensureRoom(sql: Sql, vslCd: string): Promise<RoomRow> {
  const roomId = roomIdOf(vslCd);
  const existing = await findRoom(sql, roomId);
  if (existing) return existing;
  const vessel = await sql.query<{ vsl_nm: string; lane_cd: string }>(
    `SELECT v.vsl_nm, ${VESSEL_LANE} AS lane_cd FROM vessels v WHERE v.vsl_cd = $1`,
    [vslCd],
  );
  const v = vessel[0];
  if (!v) throw notFound(`Vessel ${vslCd} was not found`);
  await sql.query(
    `INSERT INTO chat_rooms (room_id, room_nm, vsl_cd, svce_lane_cd) VALUES ($1, $2, $3, $4) ON CONFLICT (room_id) DO NOTHING`,
    [roomId, v.vsl_nm, vslCd, v.lane_cd],
  );
  const room = await findRoom(sql, roomId);
  if (!room) throw new Error(`chat room ${roomId} vanished`);
  return room;
}

export async function join(sql: Sql, roomId: string, usrIds: readonly string[]): Promise<void> {
  if (usrIds.length === 0) return;
  const joined = await sql.query<{ usr_id: string }>(
    `INSERT INTO chat_members (room_id, usr_id) SELECT $1, u.usr_id FROM users u WHERE u.usr_id = ANY($2::text[])
     ON CONFLICT (room_id, usr_id) DO NOTHING RETURNING usr_id`,
    [roomId, [...usrIds]],
  );
  // A new member has a new room in its list.
  for (const r of joined) await recordChange(sql, r.usr_id, 'chat', roomId);
}

/** The vessel's room, with the caller in it: a member stays, one allowed to join joins, anyone else gets 403. */
export async function openRoom(sql: Sql, user: ChatCaller, vslCd: string): Promise<RoomRow> {
  const room = await ensureRoom(sql, vslCd);
  if (await isMember(sql, room.room_id, user.usrId)) return room;
  if (!(await canJoin(sql, user, vslCd)))
    throw forbidden(`You may not join the chat room of vessel ${vslCd}`);
  await join(sql, room.room_id, [user.usrId]);
  return room;
}

/** Of the given users, those who are type-4 users of that vessel. */
export async function vesselUsersOf(sql: Sql, vslCd: string, usrIds: readonly string[]): Promise<string[]> {
  if (usrIds.length === 0) return [];
  const rows = await sql.query<{ usr_id: string }>(
    `SELECT usr_id FROM users WHERE usr_id = ANY($1::text[]) AND usr_tp_cd = '${USER_TYPE.vessel}' AND ofc_id = $2 ORDER BY usr_id`,
    [[...usrIds], vslCd],
  );
  return rows.map((r) => r.usr_id);
}

/** Members per room, vessel users first, then by name. */
export async function roomMembers(sql: Sql, roomIds: readonly string[]): Promise<Map<string, ChatMember[]>> {
  const out = new Map<string, ChatMember[]>(roomIds.map((id) => [id, []]));
  if (roomIds.length === 0) return out;
  const rows = await sql.query<{
    room_id: string;
    usr_id: string;
    usr_nm: string;
    usr_tp_cd: string;
    joined_dt: Date;
  }>(
    `SELECT cm.room_id, u.usr_id, u.usr_nm, u.usr_tp_cd, cm.joined_dt
       FROM chat_members cm JOIN users u ON u.usr_id = cm.usr_id
      WHERE cm.room_id = ANY($1::text[])
      ORDER BY cm.room_id, (u.usr_tp_cd = '${USER_TYPE.vessel}') DESC, u.usr_nm, u.usr_id`,
    [[...roomIds]],
  );
  for (const r of rows) {
    out.get(r.room_id)?.push({
      usrId: r.usr_id,
      usrNm: r.usr_nm,
      senderType: senderTypeOf(r.usr_tp_cd),
      joinedDt: isoRequired(r.joined_dt),
    });
  }
  return out;
}

/** The caller's rooms among roomIds (all its rooms when roomIds is undefined), in the order asked. */
export async function myRoomIds(sql: Sql, usrId: string, roomIds?: readonly string[]): Promise<string[]> {
  const rows = await sql.query<{ room_id: string }>(
    `SELECT room_id FROM chat_members WHERE usr_id = $1 AND ($2::text[] IS NULL OR room_id = ANY($2::text[])) ORDER BY room_id`,
    [usrId, roomIds ? [...roomIds] : null],
  );
  const mine = rows.map((r) => r.room_id);
  if (!roomIds) return mine;
  const set = new Set(mine);
  return [...new Set(roomIds)].filter((id) => set.has(id));
}
