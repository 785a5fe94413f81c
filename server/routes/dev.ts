// Dev API under /api/dev (absent when NODE_ENV=production): inject notifications and chat messages, move an ETA,
// inject faults, read the audit log and the analytics events collected. Thin like every route: the rows are the domain modules'.
import { Type } from 'typebox';
import type { App } from '../context.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { auditLog } from '../http/audit.ts';
import { createNotifications } from '../seed/notify.ts';
import { NOTIFICATION_IDS } from '../../src/core/contract/notification.ts';
import { Text } from '../../src/core/contract/common.ts';
import { ANALYTICS_PATH, AnalyticsRecord } from '../../src/core/contract/analytics.ts';
import { MSG_TEXT_MAX, RoomId, roomIdOf, UsrId } from '../../src/core/contract/chat.ts';
import { CHAT_DISABLED, findRoom, isChatUser, isMember } from '../chat/access.ts';
import { messageText, storeMessage } from '../chat/messages.ts';
import { chatCallerOf, userExists } from '../users/lookup.ts';
import { eventsOf } from '../analytics/analytics.ts';
import { moveEta } from '../vessels/eta-history.ts';

const tags = ['dev'];

const NotificationInject = Type.Object(
  {
    usrId: Text(1, 64),
    notId: Type.Union(NOTIFICATION_IDS.map((id) => Type.Literal(id))),
    vslCd: Type.Optional(Type.String({ pattern: '^[A-Z0-9]{4}$' })),
    portCd: Type.Optional(Type.String({ pattern: '^[A-Z]{2}[A-Z0-9]{3}$' })),
    count: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
  },
  { additionalProperties: false },
);

const ChatInject = Type.Object(
  {
    roomId: Type.Optional(RoomId),
    vslCd: Type.Optional(Type.String({ pattern: '^[A-Z0-9]{4}$', description: "the vessel's room" })),
    sender: UsrId,
    text: Text(1, MSG_TEXT_MAX),
    count: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 100, description: 'that many messages, text suffixed " (i/n)"' }),
    ),
  },
  { additionalProperties: false },
);

const EtaMoveBody = Type.Object(
  {
    vslCd: Type.String({ pattern: '^[A-Z0-9]{4}$' }),
    callSeq: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 999,
        description: 'a call of the current voyage; default the next one',
      }),
    ),
    hours: Type.Number({ minimum: -240, maximum: 240, description: 'later when positive; not 0' }),
    usrId: Type.Optional(Text(1, 64, "who moved it (default 'simulator')")),
  },
  { additionalProperties: false },
);

const FaultBody = Type.Object(
  {
    path: Type.String({ minLength: 1, maxLength: 512, pattern: '^/' }),
    method: Type.Optional(Type.Union(['GET', 'POST', 'PUT', 'DELETE', 'PATCH'].map((m) => Type.Literal(m)))),
    status: Type.Optional(Type.Integer({ minimum: 100, maximum: 599 })),
    delayMs: Type.Optional(Type.Integer({ minimum: 0, maximum: 600_000 })),
    times: Type.Integer({ minimum: 1, maximum: 10_000 }),
    usrId: Type.Optional(Text(1, 64, "only this user's calls (the X-AUTH-TOKEN's subject)")),
    sid: Type.Optional(Text(1, 128, "only this sign-on session's calls (the session cookie's value)")),
  },
  { additionalProperties: false },
);

export async function devRoutes(app: App): Promise<void> {
  const { db, faults } = app.ctx;

  app.post(
    '/notifications',
    {
      schema: {
        tags,
        summary:
          "Create notifications for a user with realistic details, as the simulator would, and Web Push them to the user's subscribed devices",
        body: NotificationInject,
        response: { 200: Type.Object({ notSeqs: Type.Array(Type.Integer()) }) },
      },
    },
    async (req) => {
      if (!(await userExists(db, req.body.usrId)))
        throw badRequest(`body.usrId: unknown user ${req.body.usrId}`);
      try {
        const notSeqs = await db.tx((sql) =>
          createNotifications(sql, {
            usrId: req.body.usrId,
            notId: req.body.notId,
            ...(req.body.vslCd ? { vslCd: req.body.vslCd } : {}),
            ...(req.body.portCd ? { portCd: req.body.portCd } : {}),
            count: req.body.count ?? 1,
          }),
        );
        return { notSeqs };
      } catch (err) {
        throw badRequest(err instanceof Error ? err.message : String(err));
      }
    },
  );

  app.post(
    '/chat/messages',
    {
      schema: {
        tags,
        summary:
          "Post chat messages into a room (roomId, or a vessel's room by vslCd) as `sender` would send them: stored like a " +
          'REST or STOMP send, then on the room topic, the unread counts and Web Push',
        description:
          'The sender must be a member of the room and a chat user (product.md#what-happens-when).',
        body: ChatInject,
        response: { 200: Type.Object({ msgSeqs: Type.Array(Type.Integer()) }) },
      },
    },
    async (req) => {
      const { vslCd, sender, count = 1 } = req.body;
      if (!req.body.roomId === !vslCd) throw badRequest('body: give either roomId or vslCd');
      const roomId = req.body.roomId ?? roomIdOf(vslCd ?? '');
      const text = messageText(req.body.text, 'body.text');
      const caller = await chatCallerOf(db, sender);
      if (!caller) throw badRequest(`body.sender: unknown user ${sender}`);
      if (!(await findRoom(db, roomId))) throw badRequest(`body: no chat room ${roomId}`);
      if (!(await isMember(db, roomId, sender)))
        throw badRequest(`body.sender: ${sender} is not a member of chat room ${roomId}`);
      if (!(await isChatUser(db, app.ctx.chatLanes, caller)))
        throw badRequest(`body.sender: ${CHAT_DISABLED}`);
      const stamp = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
      const msgSeqs = await db.tx(async (sql) => {
        const seqs: number[] = [];
        for (let i = 1; i <= count; i++) {
          const { message } = await storeMessage(sql, caller, {
            roomId,
            clientMsgId: `dev-${stamp}-${i}`,
            msgText: count === 1 ? text : `${text} (${i}/${count})`,
          });
          seqs.push(message.msgSeq);
        }
        return seqs;
      });
      return { msgSeqs };
    },
  );

  app.post(
    '/eta',
    {
      schema: {
        tags,
        summary:
          "Move a call's ETA (ETB and ETD with it) of a vessel's current voyage, as a user or the simulator: the ETA history " +
          'records it, and the notifications and alerts of an ETA change follow as from any other source',
        body: EtaMoveBody,
        response: {
          200: Type.Object({
            vslCd: Type.String(),
            skdVoyNo: Type.String(),
            skdDirCd: Type.String(),
            callSeq: Type.Integer(),
            fmEta: Type.String({ format: 'date-time' }),
            toEta: Type.String({ format: 'date-time' }),
          }),
        },
      },
    },
    async (req) => {
      const { vslCd, callSeq, hours, usrId } = req.body;
      if (hours === 0) throw badRequest('body.hours: give a number of hours other than 0');
      if (usrId !== undefined && !(await userExists(db, usrId)))
        throw badRequest(`body.usrId: unknown user ${usrId}`);
      const moved = await db.tx((sql) => moveEta(sql, { vslCd, callSeq, hours, by: usrId ?? 'simulator' }));
      if (!moved)
        throw notFound(
          `vessel ${vslCd} has no call ${callSeq ?? ''} ahead on its current voyage`.replace('  ', ' '),
        );
      return moved;
    },
  );

  app.post(
    '/faults',
    {
      schema: {
        tags,
        summary:
          'The next `times` calls whose path starts with `path` answer `status`, after hanging `delayMs`',
        body: FaultBody,
        response: { 200: Type.Object({ faults: Type.Integer() }) },
      },
    },
    async (req) => {
      const { path, method, status, delayMs, times, usrId, sid } = req.body;
      if (status === undefined && !delayMs) throw badRequest('body: give status, delayMs or both');
      faults.add({
        path,
        method: method ?? null,
        status: status ?? null,
        delayMs: delayMs ?? 0,
        times,
        usrId: usrId ?? null,
        sid: sid ?? null,
      });
      return { faults: faults.all().length };
    },
  );

  app.delete(
    '/faults',
    {
      schema: {
        tags,
        summary: 'Clear every injected fault',
        response: { 200: Type.Object({ cleared: Type.Integer() }) },
      },
    },
    async () => ({ cleared: faults.clear() }),
  );

  app.get(
    '/audit',
    {
      schema: {
        tags,
        summary: 'Applied mutations, oldest first',
        querystring: Type.Object({
          usrId: Type.Optional(Text(1, 64)),
          limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000, default: 1000 })),
        }),
        response: {
          200: Type.Array(
            Type.Object({
              idempotencyKey: Type.Union([Type.String(), Type.Null()]),
              method: Type.String(),
              path: Type.String(),
              usrId: Type.String(),
              statusCode: Type.Union([Type.Integer(), Type.Null()]),
              time: Type.String(),
            }),
          ),
        },
      },
    },
    async (req) => auditLog(db, req.query.usrId ?? null, req.query.limit ?? 1000),
  );

  app.get(
    '/analytics',
    {
      schema: {
        tags,
        summary: `A user's analytics events as collected by POST ${ANALYTICS_PATH}, oldest first`,
        querystring: Type.Object({
          usrId: Text(1, 64),
          limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000, default: 1000 })),
        }),
        response: { 200: Type.Array(AnalyticsRecord) },
      },
    },
    async (req) => eventsOf(db, req.query.usrId, req.query.limit ?? 1000),
  );

  app.get(
    '/live',
    {
      schema: {
        tags,
        summary:
          "This instance's open STOMP connections: in all, the users they belong to, and one user's (for tests and benches of several instances)",
        querystring: Type.Object({ usrId: Type.Optional(Text(1, 64)) }),
        response: {
          200: Type.Object({
            connections: Type.Integer(),
            users: Type.Integer(),
            userConnections: Type.Optional(Type.Integer()),
          }),
        },
      },
    },
    (req) => {
      const { broker } = app.ctx.live;
      const { usrId } = req.query;
      return {
        connections: broker.connectionCount,
        users: broker.connectedUsers().size,
        ...(usrId ? { userConnections: broker.connectionsOf(usrId) } : {}),
      };
    },
  );
}
