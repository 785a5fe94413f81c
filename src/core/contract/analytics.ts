// API contract of analytics (product.md#live-push-and-analytics: a page view and a user_move event with extUsrId, usrRoleCd, usrPortCd,
// usrVslCd and usrTpCd), as the reference server collects it: POST /api/v2/app/common/analytics.
import { Type, type Static } from 'typebox';
import { IsoDate, Text } from './common.ts';
import { COMMON_ANALYTICS, commonPath } from './api.ts';

export const ANALYTICS_PATH = commonPath(COMMON_ANALYTICS);
/** Events in one request at most. */
export const ANALYTICS_MAX_BATCH = 50;
export const ANALYTICS_PATH_MAX = 2000;
export const ANALYTICS_FIELD_MAX = 100;

export const AnalyticsEventName = Type.Enum(['page_view', 'user_move'], {
  description: 'page_view, or user_move (with the user fields)',
});
export type AnalyticsEventName = Static<typeof AnalyticsEventName>;

const Field = (description: string) => Type.Optional(Text(0, ANALYTICS_FIELD_MAX, description));

export const AnalyticsEvent = Type.Object(
  {
    name: AnalyticsEventName,
    at: Type.String({ format: 'date-time', description: 'when it happened on the device, ISO 8601' }),
    path: Text(1, ANALYTICS_PATH_MAX, 'the route, e.g. /vessel/QHZN'),
    extUsrId: Field("the user's external id"),
    usrRoleCd: Field("the user's role codes, e.g. NAV00,NAV01"),
    usrPortCd: Field("an agent's default port (UN/LOCODE), else ''"),
    usrVslCd: Field("a vessel user's vessel code, else ''"),
    usrTpCd: Field('the user type, 2 to 6'),
  },
  { additionalProperties: false },
);
export type AnalyticsEvent = Static<typeof AnalyticsEvent>;

export const AnalyticsBody = Type.Object(
  { events: Type.Array(AnalyticsEvent, { minItems: 1, maxItems: ANALYTICS_MAX_BATCH }) },
  { additionalProperties: false },
);
export type AnalyticsBody = Static<typeof AnalyticsBody>;

export const AnalyticsResponse = Type.Object({
  success: Type.Boolean(),
  msg: Type.String(),
  count: Type.Integer({ minimum: 0, description: 'events stored' }),
});
export type AnalyticsResponse = Static<typeof AnalyticsResponse>;

/** One stored event as the dev API lists it (GET /api/dev/analytics). */
export const AnalyticsRecord = Type.Object({
  seq: Type.Integer(),
  usrId: Type.String(),
  name: Type.String(),
  path: Type.String(),
  props: Type.Record(Type.String(), Type.String()),
  at: IsoDate,
  receivedAt: IsoDate,
});
export type AnalyticsRecord = Static<typeof AnalyticsRecord>;
