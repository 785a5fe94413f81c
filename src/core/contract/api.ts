// Where the app API lives (product.md#the-calls): every route is registered by the server under API_BASE and its area's prefix
// (/common, /chat…) with the Fastify pattern named here, and clients build the paths they call from the same names, so
// a path is written once (lint forbids '/api/v2/app' elsewhere). The routes sit next to the schema modules, not in them:
// those ship as data (as-data.ts), and the window and the outbox, which need only these few strings, import no schema.
// Each route is a constant of its own, its Fastify pattern under the area's prefix (`:name` a parameter), so a bundle
// carries only the routes it calls.

/** The base of every app API path. */
export const API_BASE = '/api/v2/app';

export type RouteParams = Readonly<Record<string, string | number>>;

/**
 * The path a client calls: API_BASE, the area prefix and the route with each `:name` filled from params (encoded).
 * A missing parameter is a programming error and throws.
 */
export function apiPath(prefix: string, route: string, params: RouteParams = {}): string {
  const filled = route.replace(/:([A-Za-z]\w*)/g, (_, name: string) => {
    const v = params[name];
    if (v === undefined) throw new Error(`apiPath: no value for :${name} in ${route}`);
    return encodeURIComponent(String(v));
  });
  return `${API_BASE}${prefix}${filled}`;
}

/** /common (common.ts, analytics.ts, search-index.ts). */
export const COMMON_PREFIX = '/common';
export const COMMON_LOGGED_USER = '/logged-user';
export const COMMON_PROGRAMS = '/programs';
export const COMMON_WIDGETS = '/widgets';
export const COMMON_MY_PORT = '/my-port';
export const COMMON_SEARCH_INDEX = '/search-index';
export const COMMON_KEYWORD_SEARCH = '/keyword-search';
export const COMMON_ANALYTICS = '/analytics';
export const COMMON_APPLICATION_HISTORY = '/history/application-history';
export const COMMON_MY_SETTING = '/my-setting';
export const COMMON_EVENT = '/event';
export const COMMON_EVENT_REMARK = '/event/remark';
export const COMMON_LUNAR = '/lunar';
/** The caller's own sessions, one per device it signed on with (product.md#my-devices), and signing one out. */
export const COMMON_MY_DEVICES = '/my-devices';
export const COMMON_MY_DEVICE_SIGN_OUT = '/my-devices/:devId/sign-out';
export const COMMON_CODE = '/code/:type';
export const COMMON_TRADE_LANE_TREE = '/tree/trade-lane';
export const COMMON_CNT_PORT_TREE = '/tree/cnt-port';
export const commonPath = (route: string, params?: RouteParams): string =>
  apiPath(COMMON_PREFIX, route, params);

/** /notification (notification.ts, push-key.ts, push.ts). */
export const NOTIFICATION_PREFIX = '/notification';
export const NOTIFICATION_PUSH_KEY = '/push-key';
export const NOTIFICATION_LIST = '/user/list';
export const NOTIFICATION_USER_DETAIL = '/user/detail';
export const NOTIFICATION_DETAIL = '/detail';
export const NOTIFICATION_BADGE = '/user/badge';
export const NOTIFICATION_SETTINGS = '/settings';
export const NOTIFICATION_READ = '/user/read';
export const NOTIFICATION_VESSEL_ACK = '/vessel/ack';
export const NOTIFICATION_ACK = '/ack/:notSeq';
export const NOTIFICATION_SUBSCRIPTION = '/user/subscription';
export const NOTIFICATION_DEVICE = '/user/logged-user';
export const NOTIFICATION_ALERT_RULES = '/alert-rules';
export const NOTIFICATION_ALERT_RULE = '/alert-rule';
export const NOTIFICATION_ALERT_RULE_DELETE = '/alert-rule/delete';
export const notificationPath = (route: string, params?: RouteParams): string =>
  apiPath(NOTIFICATION_PREFIX, route, params);

/** /chat (chat.ts). */
export const CHAT_PREFIX = '/chat';
export const CHAT_MY_ROOM_LIST = '/my-room-list/:type';
export const CHAT_HISTORY = '/history/:roomId/:beforeSeq';
export const CHAT_UNREAD = '/messages/unread/:roomId';
export const CHAT_READ_MESSAGE = '/read-message/:msgSeq';
export const CHAT_READ_MESSAGES = '/read-messages/:roomId';
export const CHAT_MESSAGE = '/message';
export const CHAT_PUSH_ALERT = '/message/push-alert';
export const CHAT_BERTH_PROSPECT = '/berth-prsp/message/:vslCd';
export const CHAT_INIT_SUB_VESSEL = '/init-sub/vessel/:vslCd';
export const chatPath = (route: string, params?: RouteParams): string => apiPath(CHAT_PREFIX, route, params);
/** A page of a room's history before a message (0: the newest page); the page size goes in the query. */
export const chatHistoryPath = (roomId: string, beforeSeq: number): string =>
  chatPath(CHAT_HISTORY, { roomId, beforeSeq });

/** /vessel (vessel.ts; memos in vessel-memos.ts, reports in vessel-reports.ts). */
export const VESSEL_PREFIX = '/vessel';
export const VESSEL_CURRENT = '/current';
export const VESSEL_CASCADE = '/cascade';
export const VESSEL_AIS = '/ais';
export const VESSEL_AIS_HISTORY = '/ais-history';
export const VESSEL_NEXT_PORT = '/next-port';
export const VESSEL_PAST_CALLS = '/past-calls';
export const VESSEL_FLEET = '/info/fleet';
export const VESSEL_TYPHOON_STORM = '/typhoon-storm/:vslCd';
export const VESSEL_PIC = '/pic';
export const VESSEL_OSR = '/osr';
export const VESSEL_EVENT = '/event';
export const VESSEL_DAILY_EVENT = '/daily/event';
export const VESSEL_DAILY_HOLIDAY = '/daily/holiday';
export const VESSEL_HANDOVER_MEMO = '/handover-memo';
export const VESSEL_CASCADE_MEMO = '/cascade-memo';
export const VESSEL_CASCADE_MEMO_OF = '/cascade-memo/:vslCd';
export const VESSEL_WIDGET_MEMO = '/widget-memo';
export const VESSEL_WIDGET_FLAG = '/widget-flag';
export const VESSEL_NEXT_DOCK = '/next-dock';
export const VESSEL_NEXT_DOCK_OF = '/next-dock/:vslCd';
export const VESSEL_LATEST_REPORT = '/latest-report';
export const VESSEL_DAILY_SHEET = '/daily/sheet';
export const VESSEL_CALC_FOC = '/calc-foc';
export const VESSEL_CII_WEEK = '/cii/week';
export const vesselPath = (route: string, params?: RouteParams): string =>
  apiPath(VESSEL_PREFIX, route, params);

/** /port (port.ts). */
export const PORT_PREFIX = '/port';
export const PORT_LIVE = '/live';
export const PORT_STATUS = '/status';
export const PORT_SAILINGS = '/sailings';
export const PORT_SCHEDULES = '/schedules';

/** /service (service.ts). */
export const SERVICE_PREFIX = '/service';
export const SERVICE_ROTATION = '/rotation';

/** /calendar (calendar.ts): the user's calendar feed link. */
export const CALENDAR_PREFIX = '/calendar';
export const CALENDAR_LINK = '/link';

/** /admin (api-keys.ts): staff make and revoke the API keys of partners' systems (integration.md#api-keys). */
export const ADMIN_PREFIX = '/admin';
export const ADMIN_API_KEYS = '/api-keys';
export const ADMIN_API_KEY = '/api-keys/:keyId';
/** The state of the schedule sources and AIS feeds (integration.md#the-state-of-the-feeds). */
export const ADMIN_FEEDS = '/feeds';
/** The user administration (admin-users.ts, architecture.md#people): administrators (ADM00) only. */
export const ADMIN_USERS = '/users';
export const ADMIN_USER = '/users/:usrId';
export const ADMIN_USER_DISABLE = '/users/:usrId/disable';
export const ADMIN_USER_ENABLE = '/users/:usrId/enable';
export const ADMIN_AUDIT = '/audit';
export const adminPath = (route: string, params?: RouteParams): string =>
  apiPath(ADMIN_PREFIX, route, params);

/**
 * The calendar feeds (product.md#calendar-feed), outside API_BASE: a calendar app polls them with the secret in
 * the address and no token.
 */
export const CALENDAR_FEED_PREFIX = '/cal';
export const CALENDAR_FEED_VESSEL = '/:secret/vessel/:file';
export const CALENDAR_FEED_PORT = '/:secret/port/:file';
/** A feed's path: a vessel's calls or a port's. */
export const calendarFeedPath = (secret: string, kind: 'vessel' | 'port', code: string): string =>
  `${CALENDAR_FEED_PREFIX}/${encodeURIComponent(secret)}/${kind}/${encodeURIComponent(code)}.ics`;

/** /sync (sync.ts): the pull by cursor and the batched push of the outbox. */
export const SYNC_PREFIX = '/sync';
export const SYNC_PULL = '/pull';
export const SYNC_PUSH = '/push';
