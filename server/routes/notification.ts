// Notification routes (product.md#notification-calls): list, detail, badge, settings, read, acknowledge, push subscription.
// The rows and rules are ../notifications/'s (and the badge and switches ../sync/datasets.ts's, as a pull reads them).
import { Type } from 'typebox';
import { userOf, type App } from '../context.ts';
import { badRequest, forbidden, notFound } from '../http/errors.ts';
import { mutate } from '../http/mutation.ts';
import { badge, notificationSettings } from '../sync/datasets.ts';
import { toDetail } from '../notifications/items.ts';
import { acknowledge, findVisible, markRead, notificationList, saveSwitch } from '../notifications/inbox.ts';
import { registerDevice, saveSubscription } from '../notifications/devices.ts';
import {
  BadgeResponse,
  DeviceBody,
  NotificationDetail,
  NotificationDetailResponse,
  NotificationListResponse,
  ReadSaveBody,
  ReadSaveResponse,
  SettingListResponse,
  SettingSaveBody,
  SettingSaveResponse,
  SubscriptionBody,
  VesselAckBody,
} from '../../src/core/contract/notification.ts';
import { Seq, SuccessMsg } from '../../src/core/contract/common.ts';
import { PushKeyResponse } from '../../src/core/contract/push-key.ts';
import { endpointRefusal, keysRefusal } from '../push/endpoint.ts';
import { matchesETag, versionETag } from '../sync/etag.ts';
import {
  NOTIFICATION_ACK,
  NOTIFICATION_BADGE,
  NOTIFICATION_DETAIL,
  NOTIFICATION_DEVICE,
  NOTIFICATION_LIST,
  NOTIFICATION_PUSH_KEY,
  NOTIFICATION_READ,
  NOTIFICATION_SETTINGS,
  NOTIFICATION_SUBSCRIPTION,
  NOTIFICATION_USER_DETAIL,
  NOTIFICATION_VESSEL_ACK,
} from '../../src/core/contract/api.ts';

const tags = ['notification'];
const security = [{ token: [] }];

/**
 * The subscription body this server accepts. Normally the shared contract's (https endpoints only); with
 * PUSH_LOOPBACK (tests, demos) the endpoint's https rule moves into the route, which also accepts a push service on
 * loopback (http://127.0.0.1:<port>/… or http://localhost:<port>/…), so tests and demos can run their own.
 */
function subscriptionBody(loopback: boolean): typeof SubscriptionBody {
  if (!loopback) return SubscriptionBody;
  const sub = SubscriptionBody.properties.subscription;
  const endpoint: Record<string, unknown> = { ...sub.properties.endpoint };
  delete endpoint.pattern;
  return {
    ...SubscriptionBody,
    properties: {
      ...SubscriptionBody.properties,
      subscription: { ...sub, properties: { ...sub.properties, endpoint } },
    },
  } as unknown as typeof SubscriptionBody;
}

export async function notificationRoutes(app: App): Promise<void> {
  const { db, config, push } = app.ctx;

  app.get(
    NOTIFICATION_PUSH_KEY,
    {
      schema: {
        tags,
        security,
        summary: "The server's VAPID public key for PushManager.subscribe() (applicationServerKey)",
        response: { 200: PushKeyResponse },
      },
    },
    async () => ({ publicKey: push.publicKey }),
  );

  app.get(
    NOTIFICATION_LIST,
    {
      schema: {
        tags,
        security,
        summary: "The caller's notifications, newest first",
        querystring: Type.Object({
          limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 5000, default: 1000 })),
          afterSeq: Type.Optional(
            Type.Integer({
              minimum: 0,
              maximum: 2147483647,
              description: 'only notifications with a larger notSeq',
            }),
          ),
        }),
        response: {
          200: NotificationListResponse,
          304: Type.Null({ description: 'Not modified: no change of the list since the ETag' }),
        },
      },
    },
    async (req, reply) => {
      const user = userOf(req);
      const limit = req.query.limit ?? 1000;
      // The ETag comes from the user's change version (read before the rows): a 304 costs one index lookup.
      const etag = await versionETag(db, user, `list.${limit}.${req.query.afterSeq ?? 0}`);
      reply.header('etag', etag);
      if (matchesETag(req.headers['if-none-match'], etag)) return reply.code(304).send(null);
      return { notiList: await notificationList(db, user, req.query.afterSeq ?? 0, limit) };
    },
  );

  app.get(
    NOTIFICATION_USER_DETAIL,
    {
      schema: {
        tags,
        security,
        summary: 'One notification of the caller with its detail fields (product.md#what-the-app-holds)',
        querystring: Type.Object({ notSeq: Seq }),
        response: { 200: NotificationDetailResponse },
      },
    },
    async (req) => {
      const row = await findVisible(db, userOf(req), req.query.notSeq);
      if (!row)
        return {
          notiDetailResponse: {
            success: false,
            msg: `Notification ${req.query.notSeq} was not found`,
            list: [],
          },
        };
      return { notiDetailResponse: { success: true, msg: 'OK', list: [toDetail(row)] } };
    },
  );

  app.get(
    NOTIFICATION_DETAIL,
    {
      schema: {
        tags,
        security,
        summary: 'Notification detail for a push click (same shape as /user/detail)',
        querystring: Type.Object({ notSeq: Seq }),
        response: { 200: NotificationDetail },
      },
    },
    async (req) => {
      const row = await findVisible(db, userOf(req), req.query.notSeq);
      if (!row) throw notFound(`Notification ${req.query.notSeq} was not found`);
      return toDetail(row);
    },
  );

  app.get(
    NOTIFICATION_BADGE,
    {
      schema: {
        tags,
        security,
        summary: 'Unread notification count: a list whose first item has notCnt',
        response: {
          200: BadgeResponse,
          304: Type.Null({ description: 'Not modified: no change of the notifications since the ETag' }),
        },
      },
    },
    async (req, reply) => {
      const user = userOf(req);
      // As the list's: the count of unread rows is made only when the user's change version moved.
      const etag = await versionETag(db, user, 'badge');
      reply.header('etag', etag);
      if (matchesETag(req.headers['if-none-match'], etag)) return reply.code(304).send(null);
      return [{ notCnt: await badge(db, user) }];
    },
  );

  app.get(
    NOTIFICATION_SETTINGS,
    {
      schema: {
        tags,
        security,
        summary: "The caller's switch per notification type",
        response: {
          200: SettingListResponse,
          304: Type.Null({ description: 'Not modified: no change of the switches since the ETag' }),
        },
      },
    },
    async (req, reply) => {
      const user = userOf(req);
      const etag = await versionETag(db, user, 'settings');
      reply.header('etag', etag);
      if (matchesETag(req.headers['if-none-match'], etag)) return reply.code(304).send(null);
      return { settingList: await notificationSettings(db, user.usrId) };
    },
  );

  app.post(
    NOTIFICATION_SETTINGS,
    {
      config: { opKind: 'setting' },
      schema: {
        tags,
        security,
        summary: 'Save one switch; usrId, when sent, must be the caller',
        body: SettingSaveBody,
        response: { 200: SettingSaveResponse },
      },
    },
    async (req, reply) => {
      const user = userOf(req);
      if (req.body.usrId !== undefined && req.body.usrId !== user.usrId)
        throw forbidden('Settings belong to their user');
      return mutate(app, req, reply, async (sql) => {
        await saveSwitch(sql, user.usrId, req.body);
        return { body: { notiSettingSaveResponse: { success: true, msg: 'Saved' } } };
      });
    },
  );

  app.post(
    NOTIFICATION_READ,
    {
      config: { opKind: 'read' },
      schema: {
        tags,
        security,
        summary: 'Mark one notification read (N -> Y)',
        body: ReadSaveBody,
        response: { 200: ReadSaveResponse },
      },
    },
    async (req, reply) =>
      mutate(app, req, reply, async (sql) => ({
        body: { notiReadSaveResponse: await markRead(sql, userOf(req), req.body.notSeq) },
      })),
  );

  app.post(
    NOTIFICATION_VESSEL_ACK,
    {
      config: { opKind: 'ack' },
      schema: {
        tags,
        security,
        summary: 'Acknowledge ("Got it") a notification of the vessel user\'s own vessel, once',
        body: VesselAckBody,
        response: { 200: SuccessMsg },
      },
    },
    async (req, reply) =>
      mutate(app, req, reply, async (sql) => ({
        body: await acknowledge(sql, userOf(req), req.body.notSeq, req.body.vslCd),
      })),
  );

  app.put(
    NOTIFICATION_ACK,
    {
      schema: {
        tags,
        security,
        summary: 'Acknowledge by path (same rules as /vessel/ack)',
        params: Type.Object({ notSeq: Seq }),
        response: { 200: SuccessMsg },
      },
    },
    async (req, reply) =>
      mutate(app, req, reply, async (sql) => ({
        body: await acknowledge(sql, userOf(req), req.params.notSeq),
      })),
  );

  app.post(
    NOTIFICATION_SUBSCRIPTION,
    {
      config: { opKind: 'subscription' },
      schema: {
        tags,
        security,
        summary: 'Save the Web Push subscription of one device (notSbscrYn Y) or switch it off (N)',
        body: subscriptionBody(config.pushLoopback),
        response: { 200: SuccessMsg },
      },
    },
    async (req, reply) => {
      const user = userOf(req);
      if (req.body.notSbscrYn === 'Y' && !req.body.subscription) {
        throw badRequest('body.subscription is required when notSbscrYn is Y');
      }
      // Only a push service's endpoint, and keys a push can be encrypted with (architecture.md#push-endpoints).
      const sub = req.body.subscription;
      if (sub) {
        const rules = { services: config.pushServices, loopback: config.pushLoopback };
        const endpoint = endpointRefusal(sub.endpoint, rules);
        if (endpoint !== null) throw badRequest(`body.subscription.endpoint ${endpoint}`);
        const keys = keysRefusal(sub.keys);
        if (keys !== null) throw badRequest(`body.subscription.${keys}`);
      }
      return mutate(app, req, reply, async (sql) => {
        await saveSubscription(sql, user.usrId, req.body, user.sid);
        return { body: { success: true, msg: req.body.notSbscrYn === 'Y' ? 'Subscribed' : 'Unsubscribed' } };
      });
    },
  );

  app.post(
    NOTIFICATION_DEVICE,
    {
      config: { opKind: 'device' },
      schema: {
        tags,
        security,
        summary:
          "Tie a device to the signed-on user; another user's device is refused (403): it moves only with its push subscription",
        body: DeviceBody,
        response: { 200: SuccessMsg },
      },
    },
    async (req, reply) =>
      mutate(app, req, reply, async (sql) => {
        await registerDevice(sql, userOf(req).usrId, req.body.notDevId, userOf(req).sid);
        return { body: { success: true, msg: 'Device registered' } };
      }),
  );
}
