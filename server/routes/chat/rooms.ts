// Chat room routes (product.md#chat-calls): my-room-list, init-sub (join a vessel's room), join-list and unread-list.
import { Type } from 'typebox';
import { userOf, type App } from '../../context.ts';
import { mutate } from '../../http/mutation.ts';
import { VslCd } from '../../../src/core/contract/common.ts';
import {
  InitSubResponse,
  JoinListResponse,
  RoomIdsQuery,
  RoomListResponse,
  UnreadListResponse,
  UsrId,
} from '../../../src/core/contract/chat.ts';
import { isChatVessel, join, myRoomIds, openRoom, roomMembers, vesselUsersOf } from '../../chat/access.ts';
import { unreadCounts } from '../../chat/messages.ts';
import { roomList } from '../../chat/rooms.ts';
import { security, splitLists, tags } from './shared.ts';
import { CHAT_INIT_SUB_VESSEL, CHAT_MY_ROOM_LIST } from '../../../src/core/contract/api.ts';

/** Room type: only 'V' (vessel rooms) exists. */
const RoomType = Type.Literal('V', { description: "room type; only 'V' (vessel rooms)" });

export async function chatRoomRoutes(app: App): Promise<void> {
  const { db } = app.ctx;

  const roomListSummary =
    "The caller's chat rooms with unread count and last message, newest message first; a vessel user's own vessel room comes first";
  app.get(
    CHAT_MY_ROOM_LIST,
    {
      schema: {
        tags,
        security,
        summary: roomListSummary,
        params: Type.Object({ type: RoomType }),
        response: { 200: RoomListResponse },
      },
    },
    async (req) => roomList(db, userOf(req)),
  );
  // The contract writes this list, join-list and unread-list with a trailing slash; each answers with and without
  // it, and the OpenAPI document names the form without, which every client tool reads the same way.
  for (const [url, hide] of [
    ['/my-room-list/', true],
    ['/my-room-list', false],
  ] as const) {
    app.get(
      url,
      {
        schema: {
          tags,
          security,
          hide,
          summary: `${roomListSummary} (type V)`,
          response: { 200: RoomListResponse },
        },
      },
      async (req) => roomList(db, userOf(req)),
    );
  }

  app.get(
    CHAT_INIT_SUB_VESSEL,
    {
      preValidation: splitLists('vesselUserIds'),
      schema: {
        tags,
        security,
        summary:
          "Open a vessel's chat room: creates it if needed and joins the caller (if allowed) and the listed users of that vessel",
        description:
          'A vessel user may join only its own vessel; staff (type 2) any vessel; a shore user a vessel it follows (REL_USR_VSL); ' +
          "an agent a vessel whose current voyage calls at one of its ports. vesselUserIds that are not that vessel's users are ignored. " +
          'Writes, so it accepts an Idempotency-Key.',
        params: Type.Object({ vslCd: VslCd }),
        querystring: Type.Object({
          vesselUserIds: Type.Optional(
            Type.Array(UsrId, {
              maxItems: 50,
              description: 'repeated keys or a comma list of vessel users to add',
            }),
          ),
        }),
        response: { 200: InitSubResponse },
      },
    },
    async (req, reply) =>
      mutate(app, req, reply, async (sql) => {
        const { vslCd } = req.params;
        const room = await openRoom(sql, userOf(req), vslCd);
        const crew = await vesselUsersOf(sql, vslCd, req.query.vesselUserIds ?? []);
        if (crew.length > 0 && (await isChatVessel(sql, app.ctx.chatLanes, vslCd))) {
          await join(sql, room.room_id, crew);
        }
        const members = (await roomMembers(sql, [room.room_id])).get(room.room_id) ?? [];
        return {
          body: {
            roomId: room.room_id,
            roomNm: room.room_nm,
            vslCd: room.vsl_cd,
            svceLaneCd: room.svce_lane_cd,
            members,
            subscribed: true as const,
          },
        };
      }),
  );

  for (const [url, hide] of [
    ['/join-list/:type/', true],
    ['/join-list/:type', false],
  ] as const) {
    app.get(
      url,
      {
        preValidation: splitLists('roomIds'),
        schema: {
          tags,
          security,
          hide,
          summary: 'Members of the requested rooms; rooms the caller is not in are left out',
          params: Type.Object({ type: RoomType }),
          querystring: RoomIdsQuery,
          response: { 200: JoinListResponse },
        },
      },
      async (req) => {
        const ids = await myRoomIds(db, userOf(req).usrId, req.query.roomIds);
        const members = await roomMembers(db, ids);
        return ids.map((roomId) => ({ roomId, members: members.get(roomId) ?? [] }));
      },
    );
  }

  for (const [url, hide] of [
    ['/unread-list/:type/', true],
    ['/unread-list/:type', false],
  ] as const) {
    app.get(
      url,
      {
        preValidation: splitLists('roomIds'),
        schema: {
          tags,
          security,
          hide,
          summary: "Unread counts of the caller's rooms among roomIds (all its rooms when absent)",
          params: Type.Object({ type: RoomType }),
          querystring: RoomIdsQuery,
          response: { 200: UnreadListResponse },
        },
      },
      async (req) => unreadCounts(db, userOf(req).usrId, req.query.roomIds),
    );
  }
}
