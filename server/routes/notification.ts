// Notification routes (product.md §7 "Notification"): list, detail, badge, settings, read, acknowledge, push subscription.
import { Type } from 'typebox';
import { userOf, type App, type AuthUser } from '../context.ts';
import type { Sql } from '../db/db.ts';
import { badRequest, forbidden, notFound } from '../http/errors.ts';
import { mutate } from '../http/mutation.ts';
import { badge, notificationSettings } from '../sync/datasets.ts';
import { NOTI_SELECT as SELECT, type NotiRow, toDetail, toItem, visible } from './notification-items.ts';
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
import { isLoopbackHttp } from '../push/send.ts';
import { recordChange } from '../sync/changes.ts';
import { matchesETag, versionETag } from '../sync/etag.ts';
import { isVesselUser } from '../../src/core/role.ts';
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
 * The subscription body this server accepts. In production the shared contract's (https endpoints only);
 * with the dev API on, the endpoint's https rule moves into the route, which also accepts a push service on
 * loopback (http://127.0.0.1:<port>/… or http://localhost:<port>/…), so tests and demos can run their own.
 */
function subscriptionBody(devApi: boolean): typeof SubscriptionBody {
  if (!devApi) return SubscriptionBody;
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

const ENDPOINT_RULE =
  'an https URL, or outside production http://127.0.0.1:<port>/… or http://localhost:<port>/…';

async function findVisible(sql: Sql, user: AuthUser, notSeq: number, lock = false): Promise<NotiRow | null> {
  const v = visible(user);
  const rows = await sql.query<NotiRow>(
    `${SELECT} WHERE ${v.where} AND n.not_seq = $${v.params.length + 1}${lock ? ' FOR UPDATE OF n' : ''}`,
    [...v.params, notSeq],
  );
  return rows[0] ?? null;
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
      const v = visible(user);
      const limit = req.query.limit ?? 1000;
      // The ETag comes from the user's change version (read before the rows): a 304 costs one index lookup.
      const etag = await versionETag(db, user, `list.${limit}.${req.query.afterSeq ?? 0}`);
      reply.header('etag', etag);
      if (matchesETag(req.headers['if-none-match'], etag)) return reply.code(304).send(null);
      const rows = await db.query<NotiRow>(
        `${SELECT} WHERE ${v.where} AND n.not_seq > $${v.params.length + 1}
          ORDER BY n.not_seq DESC LIMIT $${v.params.length + 2}`,
        [...v.params, req.query.afterSeq ?? 0, limit],
      );
      return { notiList: rows.map(toItem) };
    },
  );

  app.get(
    NOTIFICATION_USER_DETAIL,
    {
      schema: {
        tags,
        security,
        summary: 'One notification of the caller with its detail fields (product.md §3)',
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
        await sql.query(
          `INSERT INTO notification_settings (usr_id, not_id, not_use_yn) VALUES ($1, $2, $3)
           ON CONFLICT (usr_id, not_id) DO UPDATE SET not_use_yn = EXCLUDED.not_use_yn, upd_dt = now()`,
          [user.usrId, req.body.notId, req.body.notUseYn],
        );
        await recordChange(sql, user.usrId, 'settings');
        return { body: { notiSettingSaveResponse: { success: true, msg: 'Saved' } } };
      });
    },
  );

  app.post(
    NOTIFICATION_READ,
    {
      schema: {
        tags,
        security,
        summary: 'Mark one notification read (N -> Y)',
        body: ReadSaveBody,
        response: { 200: ReadSaveResponse },
      },
    },
    async (req, reply) =>
      mutate(app, req, reply, async (sql) => {
        const user = userOf(req);
        const row = await findVisible(sql, user, req.body.notSeq, true);
        if (!row) throw notFound(`Notification ${req.body.notSeq} was not found`);
        if (row.not_read_yn !== 'Y') {
          await sql.query(`UPDATE notifications SET not_read_yn = 'Y' WHERE not_seq = $1`, [row.not_seq]);
          await recordChange(sql, row.usr_id, 'notifications', String(row.not_seq));
        }
        return {
          body: {
            notiReadSaveResponse: { success: true, msg: row.not_read_yn === 'Y' ? 'Already read' : 'Read' },
          },
        };
      }),
  );

  const ack = async (sql: Sql, user: AuthUser, notSeq: number, vslCd?: string) => {
    if (!isVesselUser(user)) throw forbidden('Only vessel users can acknowledge a vessel notification');
    if (vslCd !== undefined && vslCd !== user.ofcId)
      throw forbidden('You can acknowledge only your own vessel');
    const row = await findVisible(sql, user, notSeq, true);
    if (!row) throw notFound(`Notification ${notSeq} was not found`);
    if (row.not_id === 'N101') throw badRequest('Notification N101 cannot be acknowledged');
    if (row.ack_usr_id) return { body: { success: false, msg: `Already acknowledged by ${row.ack_usr_id}` } };
    await sql.query('UPDATE notifications SET ack_usr_id = $2, ack_dt = now() WHERE not_seq = $1', [
      notSeq,
      user.usrId,
    ]);
    await recordChange(sql, row.usr_id, 'notifications', String(notSeq));
    return { body: { success: true, msg: 'Schedule Got it!' } };
  };

  app.post(
    NOTIFICATION_VESSEL_ACK,
    {
      schema: {
        tags,
        security,
        summary: 'Acknowledge ("Got it") a notification of the vessel user\'s own vessel, once',
        body: VesselAckBody,
        response: { 200: SuccessMsg },
      },
    },
    async (req, reply) =>
      mutate(app, req, reply, (sql) => ack(sql, userOf(req), req.body.notSeq, req.body.vslCd)),
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
    async (req, reply) => mutate(app, req, reply, (sql) => ack(sql, userOf(req), req.params.notSeq)),
  );

  app.post(
    NOTIFICATION_SUBSCRIPTION,
    {
      schema: {
        tags,
        security,
        summary: 'Save the Web Push subscription of one device (notSbscrYn Y) or switch it off (N)',
        body: subscriptionBody(config.devApi),
        response: { 200: SuccessMsg },
      },
    },
    async (req, reply) => {
      const user = userOf(req);
      if (req.body.notSbscrYn === 'Y' && !req.body.subscription) {
        throw badRequest('body.subscription is required when notSbscrYn is Y');
      }
      const endpoint = req.body.subscription?.endpoint;
      if (
        endpoint !== undefined &&
        !endpoint.startsWith('https://') &&
        !(config.devApi && isLoopbackHttp(endpoint))
      ) {
        throw badRequest(`body.subscription.endpoint must be ${ENDPOINT_RULE}`);
      }
      return mutate(app, req, reply, async (sql) => {
        const owner = await sql.query<{ usr_id: string; endpoint: string | null }>(
          `SELECT usr_id, subscription->>'endpoint' AS endpoint FROM user_devices WHERE not_dev_id = $1`,
          [req.body.notDevId],
        );
        // A device is its user's. It moves to another only from the same browser: the one that holds its push
        // subscription (the endpoint is a secret the browser and this server share), e.g. a shared bridge tablet.
        const row = owner[0];
        if (row && row.usr_id !== user.usrId && (row.endpoint === null || row.endpoint !== endpoint))
          throw forbidden('This device is registered to another user');
        await sql.query(
          `INSERT INTO user_devices (not_dev_id, usr_id, not_sbscr_yn, subscription) VALUES ($1, $2, $3, $4::text::jsonb)
           ON CONFLICT (not_dev_id) DO UPDATE SET usr_id = EXCLUDED.usr_id, not_sbscr_yn = EXCLUDED.not_sbscr_yn,
             subscription = coalesce(EXCLUDED.subscription, user_devices.subscription), upd_dt = now()`,
          [
            req.body.notDevId,
            user.usrId,
            req.body.notSbscrYn,
            req.body.subscription ? JSON.stringify(req.body.subscription) : null,
          ],
        );
        return { body: { success: true, msg: req.body.notSbscrYn === 'Y' ? 'Subscribed' : 'Unsubscribed' } };
      });
    },
  );

  app.post(
    NOTIFICATION_DEVICE,
    {
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
        // A device is its user's: another user moves it only by saving its push subscription from that browser.
        const owner = await sql.query<{ usr_id: string }>(
          'SELECT usr_id FROM user_devices WHERE not_dev_id = $1',
          [req.body.notDevId],
        );
        if (owner[0] && owner[0].usr_id !== userOf(req).usrId)
          throw forbidden('This device is registered to another user');
        await sql.query(
          `INSERT INTO user_devices (not_dev_id, usr_id) VALUES ($1, $2)
           ON CONFLICT (not_dev_id) DO UPDATE SET upd_dt = now()`,
          [req.body.notDevId, userOf(req).usrId],
        );
        return { body: { success: true, msg: 'Device registered' } };
      }),
  );
}
