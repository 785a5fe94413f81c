// Chat message routes (product.md#chat-calls): history, unread messages, read marks, sending (outbox path), push alert, berth prospect.
import { Type } from 'typebox';
import { userOf, type App } from '../../context.ts';
import { badRequest, forbidden, notFound } from '../../http/errors.ts';
import { mutate } from '../../http/mutation.ts';
import { IsoDate, Seq, VslCd } from '../../../src/core/contract/common.ts';
import {
  BerthPrspBody,
  BerthPrspResponse,
  HISTORY_PAGE_DEFAULT,
  HISTORY_PAGE_MAX,
  HistoryResponse,
  PushAlertBody,
  PushAlertResponse,
  ReadResponse,
  RoomId,
  SendMessageBody,
  SendMessageResponse,
  SenderType,
  UnreadMessagesResponse,
  UsrId,
} from '../../../src/core/contract/chat.ts';
import { memberRoom } from '../../chat/access.ts';
import { postBerthProspect } from '../../chat/berth.ts';
import {
  askPushAlert,
  history,
  markRead,
  messageInRoom,
  messageText,
  storeMessage,
  unreadCount,
  unreadMessages,
} from '../../chat/messages.ts';
import { security, tags } from './shared.ts';
import { isShoreUser } from '../../../src/core/role.ts';
import {
  CHAT_BERTH_PROSPECT,
  CHAT_HISTORY,
  CHAT_MESSAGE,
  CHAT_PUSH_ALERT,
  CHAT_READ_MESSAGE,
  CHAT_READ_MESSAGES,
  CHAT_UNREAD,
} from '../../../src/core/contract/api.ts';

const UNREAD_MAX = 500;

export async function chatMessageRoutes(app: App): Promise<void> {
  const { db } = app.ctx;

  app.get(
    CHAT_HISTORY,
    {
      schema: {
        tags,
        security,
        summary: "One page of a room's messages, newest first, older than beforeSeq (0: from the newest)",
        params: Type.Object({ roomId: RoomId, beforeSeq: Type.Integer({ minimum: 0, maximum: 2147483647 }) }),
        querystring: Type.Object({
          size: Type.Optional(
            Type.Integer({ minimum: 1, maximum: HISTORY_PAGE_MAX, default: HISTORY_PAGE_DEFAULT }),
          ),
        }),
        response: { 200: HistoryResponse },
      },
    },
    async (req) => {
      const user = userOf(req);
      const { roomId, beforeSeq } = req.params;
      await memberRoom(db, user, roomId);
      const page = await history(db, user.usrId, roomId, beforeSeq, req.query.size ?? HISTORY_PAGE_DEFAULT);
      return { roomId, ...page };
    },
  );

  app.get(
    CHAT_UNREAD,
    {
      schema: {
        tags,
        security,
        summary: "The caller's unread messages of a room, oldest first, with the unread count",
        params: Type.Object({ roomId: RoomId }),
        querystring: Type.Object({
          size: Type.Optional(
            Type.Integer({
              minimum: 1,
              maximum: UNREAD_MAX,
              default: UNREAD_MAX,
              description: 'at most this many messages',
            }),
          ),
        }),
        response: { 200: UnreadMessagesResponse },
      },
    },
    async (req) => {
      const user = userOf(req);
      const { roomId } = req.params;
      await memberRoom(db, user, roomId);
      const count = await unreadCount(db, user.usrId, roomId);
      const messages = await unreadMessages(db, user.usrId, roomId, req.query.size ?? UNREAD_MAX);
      return { roomId, unreadCount: count, messages };
    },
  );

  app.get(
    CHAT_READ_MESSAGE,
    {
      config: { opKind: 'chatRead' },
      schema: {
        tags,
        security,
        summary: 'Mark a message, and every older unread message of its room, read by the caller',
        description:
          'Writes, so it accepts an Idempotency-Key. sender and senderType, when sent, must match the message.',
        params: Type.Object({ msgSeq: Seq }),
        querystring: Type.Object({
          roomId: RoomId,
          readDate: Type.Optional(IsoDate),
          readSource: Type.Optional(Type.Literal('M', { description: "'M' mobile", default: 'M' })),
          sender: Type.Optional(UsrId),
          senderType: Type.Optional(SenderType),
        }),
        response: { 200: ReadResponse },
      },
    },
    async (req, reply) => {
      return mutate(app, req, reply, async (sql) => {
        const user = userOf(req);
        const { msgSeq } = req.params;
        const { roomId, readDate, readSource, sender, senderType } = req.query;
        await memberRoom(sql, user, roomId);
        const msg = await messageInRoom(sql, roomId, msgSeq);
        if (!msg) throw notFound(`Message ${msgSeq} was not found in chat room ${roomId}`);
        if (sender !== undefined && sender !== msg.sender)
          throw badRequest(`querystring.sender is not the sender of message ${msgSeq}`);
        if (senderType !== undefined && senderType !== msg.sender_type) {
          throw badRequest(`querystring.senderType is not the sender type of message ${msgSeq}`);
        }
        const marked = await markRead(sql, user, roomId, {
          uptoSeq: msgSeq,
          readDate,
          readSource: readSource ?? 'M',
        });
        const count = await unreadCount(sql, user.usrId, roomId);
        return {
          body: {
            success: true,
            msg: marked > 0 ? `${marked} message(s) marked read` : 'Already read',
            roomId,
            unreadCount: count,
          },
        };
      });
    },
  );

  app.get(
    CHAT_READ_MESSAGES,
    {
      schema: {
        tags,
        security,
        summary: 'Mark every message of a room read by the caller',
        description: 'Writes, so it accepts an Idempotency-Key.',
        params: Type.Object({ roomId: RoomId }),
        response: { 200: ReadResponse },
      },
    },
    async (req, reply) => {
      return mutate(app, req, reply, async (sql) => {
        const user = userOf(req);
        const { roomId } = req.params;
        await memberRoom(sql, user, roomId);
        const marked = await markRead(sql, user, roomId, { readSource: 'M' });
        const count = await unreadCount(sql, user.usrId, roomId);
        return {
          body: {
            success: true,
            msg: marked > 0 ? `${marked} message(s) marked read` : 'Already read',
            roomId,
            unreadCount: count,
          },
        };
      });
    },
  );

  app.post(
    CHAT_MESSAGE,
    {
      config: { opKind: 'chat' },
      schema: {
        tags,
        security,
        summary:
          'Send a chat message (the outbox path when STOMP is not connected); stored once per clientMsgId',
        description:
          'A resend with the same clientMsgId stores nothing and answers the first message with duplicate true; the same ' +
          'clientMsgId with another room or text is a 409. msgText is trimmed and kept as plain text; it must not hold NUL. ' +
          'The same store as a STOMP SEND to /app/chat/{roomId}: a message sent both ways with one clientMsgId is stored once. ' +
          "A new message goes to the room topic, the members' unread counts and Web Push.",
        body: SendMessageBody,
        response: { 200: SendMessageResponse },
      },
    },
    async (req, reply) => {
      const msgText = messageText(req.body.msgText, 'body.msgText');
      return mutate(app, req, reply, async (sql) => {
        const stored = await storeMessage(sql, userOf(req), {
          roomId: req.body.roomId,
          clientMsgId: req.body.clientMsgId,
          msgText,
        });
        return { body: stored };
      });
    },
  );

  app.post(
    CHAT_PUSH_ALERT,
    {
      config: { opKind: 'pushAlert' },
      schema: {
        tags,
        security,
        summary: 'Ask for a Web Push alert to the other members of the room about a message the caller sent',
        description:
          'Only the sender of the message may ask, and only while no other member has read it (409 once one has). ' +
          "recipients are the other members of the room; each of their subscribed devices gets the message's push. " +
          'Writes, so it accepts an Idempotency-Key: a repeat alerts nobody again.',
        body: PushAlertBody,
        response: { 200: PushAlertResponse },
      },
    },
    async (req, reply) => {
      return mutate(app, req, reply, async (sql) => {
        const { roomId, msgSeq } = req.body;
        const recipients = await askPushAlert(sql, userOf(req), roomId, msgSeq);
        return { body: { success: true, msg: `${recipients.length} member(s) to alert`, recipients } };
      });
    },
  );

  app.post(
    CHAT_BERTH_PROSPECT,
    {
      config: { opKind: 'berthProspect' },
      schema: {
        tags,
        security,
        summary:
          "Post a berth prospect (port, terminal, ETB, ETD, remark) into a vessel's chat room as a readable message",
        description:
          'Shore users only (not user types 4, 5 and 6). The caller must be a member of the room or allowed to join it (then it joins). ' +
          'ydNm defaults to the terminal of the port call of the current voyage. Writes, so it accepts an Idempotency-Key.',
        params: Type.Object({ vslCd: VslCd }),
        body: BerthPrspBody,
        response: { 200: BerthPrspResponse },
      },
    },
    async (req, reply) => {
      const user = userOf(req);
      if (!isShoreUser(user)) throw forbidden('Only shore users can post a berth prospect');
      const { portCd, etb, etd, ydNm, remark, clientMsgId } = req.body;
      const etbDt = etb ? new Date(etb) : null;
      const etdDt = etd ? new Date(etd) : null;
      if (etbDt && etdDt && etdDt < etbDt) throw badRequest('body.etd must not be before body.etb');
      const { vslCd } = req.params;
      return mutate(app, req, reply, async (sql) => {
        const { message } = await postBerthProspect(sql, user, vslCd, {
          portCd,
          ydNm,
          etb: etbDt,
          etd: etdDt,
          remark,
          clientMsgId,
        });
        return { body: { success: true, msg: 'Berth prospect posted', message } };
      });
    },
  );
}
