// API contract for chat (product.md#what-the-app-holds chat room and message, product.md#what-happens-when unread count and enablement, product.md#the-calls chat calls):
// route schemas and OpenAPI on the server, types and small rules for the app, the worker and the STOMP broker.
import { Type, type Static } from 'typebox';
import { IsoDate, PortCd, Seq } from './common.ts';
import { Text } from './text.ts';

import { BERTH_REMARK_MAX, MSG_TEXT_MAX } from './chat-rules.ts';

export {
  BERTH_REMARK_MAX,
  CHAT_EVENT_HEADER,
  cleanChatText,
  HISTORY_PAGE_DEFAULT,
  HISTORY_PAGE_MAX,
  MSG_TEXT_MAX,
  RECEIPT_DUPLICATE_HEADER,
  RECEIPT_MSG_SEQ_HEADER,
  ROOM_PREFIX,
  ROOM_TOPIC_PREFIX,
  roomIdOf,
  roomOfSendDestination,
  roomOfTopic,
  roomTopic,
  SEND_PREFIX,
  sendDestination,
  STOMP_PATH,
  UNREAD_TOPIC,
  type ChatEvent,
} from './chat-rules.ts';

export { isChatLane } from '../chat-lanes.ts';

export const RoomId = Type.String({
  pattern: '^V-[A-Z0-9]{4}$',
  description: "room id: 'V-' + the 4-letter vessel code",
});
export const UsrId = Type.String({ pattern: '^[A-Za-z0-9._@-]{1,64}$', description: 'user id' });
export const ClientMsgId = Type.String({
  pattern: '^[A-Za-z0-9_-]{1,64}$',
  description: 'id the app gives a message when it is written; a resend with the same id is stored once',
});
/** 'V' a vessel user sent it, 'S' a shore user. */
export const SenderType = Type.Union([Type.Literal('V'), Type.Literal('S')]);
export type SenderType = Static<typeof SenderType>;
export const MsgTpCd = Type.Union([Type.Literal('TEXT'), Type.Literal('BERTH_PRSP')]);
export type MsgTpCd = Static<typeof MsgTpCd>;
const NullableString = Type.Union([Type.String(), Type.Null()]);

export const ChatLastMessage = Type.Object({
  msgSeq: Type.Integer(),
  sender: Type.String(),
  senderNm: Type.Optional(
    Type.String({
      description: "the sender's name (users.usr_nm); absent when the sender is no longer a user",
    }),
  ),
  senderType: SenderType,
  msgText: Type.String(),
  creDt: IsoDate,
});
export type ChatLastMessage = Static<typeof ChatLastMessage>;

export const ChatRoom = Type.Object({
  roomId: Type.String(),
  roomNm: Type.String(),
  userId: Type.String({ description: 'the caller' }),
  svceLaneCd: Type.String(),
  vslCd: Type.String(),
  unreadCount: Type.Integer({ description: 'messages not sent by the caller that the caller has not read' }),
  subscriber: Type.String({ description: "the caller's usrId, as in /topic/vessel-unread messages" }),
  lastMessage: Type.Union([ChatLastMessage, Type.Null()]),
});
export type ChatRoom = Static<typeof ChatRoom>;
export const RoomListResponse = Type.Array(ChatRoom);
export type RoomListResponse = Static<typeof RoomListResponse>;

export const ChatMessage = Type.Object({
  msgSeq: Type.Integer(),
  roomId: Type.String(),
  clientMsgId: NullableString,
  sender: Type.String(),
  senderNm: Type.String(),
  senderType: SenderType,
  msgTpCd: MsgTpCd,
  msgText: Type.String({ description: 'plain text as sent; never HTML' }),
  creDt: IsoDate,
  readDate: Type.Union([IsoDate, Type.Null()], {
    description: 'when the caller read it; null when unread or sent by the caller',
  }),
  readSource: NullableString,
  readCount: Type.Integer({ description: 'how many room members other than the sender have read it' }),
});
export type ChatMessage = Static<typeof ChatMessage>;

export const HistoryResponse = Type.Object({
  roomId: Type.String(),
  messages: Type.Array(ChatMessage, { description: 'newest first' }),
  hasMore: Type.Boolean({ description: 'older messages exist: ask again with beforeSeq = the last msgSeq' }),
});
export type HistoryResponse = Static<typeof HistoryResponse>;

export const ChatMember = Type.Object({
  usrId: Type.String(),
  usrNm: Type.String(),
  senderType: SenderType,
  joinedDt: IsoDate,
});
export type ChatMember = Static<typeof ChatMember>;

export const InitSubResponse = Type.Object({
  roomId: Type.String(),
  roomNm: Type.String(),
  vslCd: Type.String(),
  svceLaneCd: Type.String(),
  members: Type.Array(ChatMember),
  subscribed: Type.Literal(true),
});
export type InitSubResponse = Static<typeof InitSubResponse>;

export const ReadResponse = Type.Object({
  success: Type.Boolean(),
  msg: Type.String(),
  roomId: Type.String(),
  unreadCount: Type.Integer({ description: "the room's unread count for the caller after this read" }),
});
export type ReadResponse = Static<typeof ReadResponse>;

export const JoinListResponse = Type.Array(
  Type.Object({ roomId: Type.String(), members: Type.Array(ChatMember) }),
);
export type JoinListResponse = Static<typeof JoinListResponse>;

/** Also the payload of /topic/vessel-unread (product.md#the-calls). */
export const UnreadItem = Type.Object({
  roomId: Type.String(),
  subscriber: Type.String(),
  unreadCount: Type.Integer(),
});
export type UnreadItem = Static<typeof UnreadItem>;
export const UnreadListResponse = Type.Array(UnreadItem);
export type UnreadListResponse = Static<typeof UnreadListResponse>;

export const UnreadMessagesResponse = Type.Object({
  roomId: Type.String(),
  unreadCount: Type.Integer(),
  messages: Type.Array(ChatMessage, { description: 'unread messages, oldest first' }),
});
export type UnreadMessagesResponse = Static<typeof UnreadMessagesResponse>;

export const RoomIdsQuery = Type.Object({
  roomIds: Type.Optional(
    Type.Array(RoomId, {
      maxItems: 200,
      description:
        'repeated keys (roomIds=a&roomIds=b) or a comma list (roomIds=a,b); absent means all rooms of the caller',
    }),
  ),
});

export const SendMessageBody = Type.Object(
  {
    roomId: RoomId,
    clientMsgId: ClientMsgId,
    msgText: Text(1, MSG_TEXT_MAX, 'trimmed; must not be blank'),
  },
  { additionalProperties: false },
);
export type SendMessageBody = Static<typeof SendMessageBody>;

export const SendMessageResponse = Type.Object({
  message: ChatMessage,
  duplicate: Type.Boolean({
    description: 'true when this clientMsgId was already stored: nothing was stored again',
  }),
});
export type SendMessageResponse = Static<typeof SendMessageResponse>;

export const PushAlertBody = Type.Object({ roomId: RoomId, msgSeq: Seq }, { additionalProperties: false });
export type PushAlertBody = Static<typeof PushAlertBody>;

export const PushAlertResponse = Type.Object({
  success: Type.Boolean(),
  msg: Type.String(),
  recipients: Type.Array(Type.String(), {
    description: 'members other than the sender who are to be alerted',
  }),
});
export type PushAlertResponse = Static<typeof PushAlertResponse>;

export const BerthPrspBody = Type.Object(
  {
    portCd: PortCd,
    etb: Type.Optional(IsoDate),
    etd: Type.Optional(IsoDate),
    ydNm: Type.Optional(Text(1, 100, 'terminal; defaults to the port call terminal')),
    remark: Type.Optional(Text(0, BERTH_REMARK_MAX)),
    clientMsgId: Type.Optional(
      Type.String({
        pattern: '^[A-Za-z0-9_-]{1,64}$',
        description:
          'id the app gives the prospect when it is written, so the stored message replaces its waiting copy; stored once per id',
      }),
    ),
  },
  { additionalProperties: false },
);
export type BerthPrspBody = Static<typeof BerthPrspBody>;

export const BerthPrspResponse = Type.Object({
  success: Type.Boolean(),
  msg: Type.String(),
  message: ChatMessage,
});
export type BerthPrspResponse = Static<typeof BerthPrspResponse>;

// ---- The live path: STOMP 1.2 over WebSocket (architecture.md#live-path, product.md#chat-calls chat stream) ----
// CONNECT: accept-version must include 1.2; the token goes in X-AUTH-TOKEN (or passcode); heart-beat "cx,cy" is
// honoured (each way the larger of client's and server's 10000,10000; a client silent for 2.5 intervals is dropped).
// A refused CONNECT, SUBSCRIBE or SEND gets an ERROR frame whose message header starts with an HTTP-like status
// ("401 …" bad token, "403 …" not a member / chat not enabled, "404 …" unknown room or destination, "400 …" bad frame
// or body, "409 …" clientMsgId reused for another text, "413 …" frame over 64 KB, "429 …" over a limit) and carries
// receipt-id when the frame had a receipt; the server then closes the socket (STOMP 1.2), so subscribe only to rooms
// listed by my-room-list and back off before reconnecting after an ERROR. Limits: 64 KB per frame, 100 subscriptions
// per connection, 10 connections per user.

/** The JSON body of a SEND to sendDestination(roomId). `msgText` is accepted in place of `text`. */
export interface StompSendBody {
  clientMsgId: string;
  text: string;
}

/** A room member read the room's messages up to uptoSeq (sent on the room topic with event:read). */
export const ReadReceipt = Type.Object({
  roomId: Type.String(),
  reader: Type.String({ description: 'usrId of the member who read' }),
  readerType: SenderType,
  uptoSeq: Type.Integer({ description: 'every message up to this msgSeq not sent by the reader is read' }),
  readDate: IsoDate,
});
export type ReadReceipt = Static<typeof ReadReceipt>;
