// API contract for notifications (product.md#what-the-app-holds entities, product.md#the-calls notification calls).
import { Type, type Static } from 'typebox';
import { NullableIsoDate, IsoDate, YN, Seq, Text, VslCd, PortCd } from './common.ts';

export const NOTIFICATION_IDS = [
  'N001',
  'N002',
  'N003',
  'N004',
  'N005',
  'N006',
  'N007',
  'N008',
  'N009',
  'N010',
  'N020',
  'N101',
] as const;
/** The types as the OpenAPI document names them (product.md#notification-types). */
const TYPES_TEXT =
  'notification type: N001 ETA change, N002 ETA, N003 delay, N004 berth plan, N005 arrival, N006 departure, ' +
  "N007 vessel notice, N008 port arrival, N009 port status, N010 My Alert (one of the user's own alert rules " +
  'matched: an ETA that moved by more than its hours, or an arrival, berthing or departure at its port), ' +
  'N020 ETA reminder, N101 system notice';
export const NotId = Type.Union(
  NOTIFICATION_IDS.map((id) => Type.Literal(id)),
  { description: TYPES_TEXT },
);
export type NotId = (typeof NOTIFICATION_IDS)[number];

export const NotificationItem = Type.Object({
  notId: Type.String({ description: TYPES_TEXT }),
  notSeq: Type.Integer(),
  notNm: Type.String(),
  notReadYn: YN,
  ackUsrId: Type.Union([Type.String(), Type.Null()]),
  vslCd: Type.Union([Type.String(), Type.Null()]),
  vslNm: Type.Union([Type.String(), Type.Null()]),
  portCd: Type.Union([Type.String(), Type.Null()]),
  usrId: Type.String(),
  creDt: IsoDate,
});
export type NotificationItem = Static<typeof NotificationItem>;

const Str = Type.Union([Type.String(), Type.Null()]);
const Num = Type.Union([Type.Number(), Type.Null()]);

export const NotificationDetail = Type.Object({
  notSeq: Type.Integer(),
  notId: Type.String(),
  notNm: Type.String(),
  vslCd: Str,
  vslNm: Str,
  portCd: Str,
  skdVoyNo: Str,
  skdDirCd: Str,
  etaDt: NullableIsoDate,
  etbDt: NullableIsoDate,
  etdDt: NullableIsoDate,
  ataDt: NullableIsoDate,
  atdDt: NullableIsoDate,
  etaDelayHrs: Num,
  prevEtaDt: NullableIsoDate,
  vslSlanCd: Str,
  ydNm: Str,
  algsdNm: Str,
  reqSpd: Num,
  stsNm: Str,
  stsFrmDt: NullableIsoDate,
  stsReasNm: Str,
  notMsg: Str,
  creUsrId: Str,
  creUtcDt: NullableIsoDate,
  notReadYn: YN,
  ackUsrId: Str,
});
export type NotificationDetail = Static<typeof NotificationDetail>;

export const NotificationListResponse = Type.Object({ notiList: Type.Array(NotificationItem) });
export type NotificationListResponse = Static<typeof NotificationListResponse>;

export const NotificationDetailResponse = Type.Object({
  notiDetailResponse: Type.Object({
    success: Type.Boolean(),
    msg: Type.String(),
    list: Type.Array(NotificationDetail),
  }),
});
export type NotificationDetailResponse = Static<typeof NotificationDetailResponse>;

export const BadgeResponse = Type.Array(Type.Object({ notCnt: Type.Integer() }));
export type BadgeResponse = Static<typeof BadgeResponse>;

export const NotificationSetting = Type.Object({ notId: Type.String(), notNm: Type.String(), notUseYn: YN });
export type NotificationSetting = Static<typeof NotificationSetting>;

export const SettingListResponse = Type.Object({ settingList: Type.Array(NotificationSetting) });
export type SettingListResponse = Static<typeof SettingListResponse>;

export const SettingSaveBody = Type.Object(
  { notId: NotId, notUseYn: YN, usrId: Type.Optional(Text(1, 64)) },
  { additionalProperties: false },
);
export type SettingSaveBody = Static<typeof SettingSaveBody>;

const SuccessMsgObj = Type.Object({ success: Type.Boolean(), msg: Type.String() });
export const SettingSaveResponse = Type.Object({ notiSettingSaveResponse: SuccessMsgObj });
export const ReadSaveBody = Type.Object({ notSeq: Seq }, { additionalProperties: false });
export const ReadSaveResponse = Type.Object({ notiReadSaveResponse: SuccessMsgObj });
export const VesselAckBody = Type.Object(
  { notSeq: Seq, vslCd: Type.Optional(Text(1, 8)) },
  { additionalProperties: false },
);

export const SubscriptionBody = Type.Object(
  {
    notDevId: Text(1, 128),
    notSbscrYn: YN,
    subscription: Type.Optional(
      Type.Object({
        endpoint: Type.String({ format: 'uri', maxLength: 2048, pattern: '^https://' }),
        // Null first: the validator coerces, and a number first would turn null into 0.
        expirationTime: Type.Optional(
          Type.Union([Type.Null(), Type.Number({ minimum: 0, maximum: 8.64e15, description: 'epoch ms' })]),
        ),
        keys: Type.Object({ p256dh: Text(1, 256), auth: Text(1, 128) }),
      }),
    ),
  },
  { additionalProperties: false },
);
export type SubscriptionBody = Static<typeof SubscriptionBody>;
export const DeviceBody = Type.Object({ notDevId: Text(1, 128) }, { additionalProperties: false });

/** N010 "My Alert": a notification made by one of the user's own alert rules (product.md#my-alerts). */
export const MY_ALERT_ID = 'N010';
/** At most this many alert rules per user; N (the hours an ETA must move by) from 1 to ALERT_HRS_MAX. */
export const ALERT_RULES_MAX = 50;
export const ALERT_HRS_MAX = 72;

/** What a port rule listens for: arrival at port limits (ATA), berthing (ATB), departure (ATD). */
export type AlertEvent = 'ATA' | 'ATB' | 'ATD';

/**
 * A user's alert rule on a vessel it follows (product.md#my-alerts): `ETA`, tell when the ETA at `portCd` (null:
 * any port) moves by more than `hrs` hours in one change; `PORT`, tell when the vessel arrives at, berths at or
 * leaves `portCd` (`events`). The device makes `ruleId`, so a rule made offline has its id before it is sent.
 */
export const AlertRule = Type.Object(
  {
    ruleId: Type.String({
      pattern: '^[A-Za-z0-9_-]{1,64}$',
      description: 'made by the device that made the rule',
    }),
    vslCd: VslCd,
    kind: Type.Union([Type.Literal('ETA'), Type.Literal('PORT')]),
    portCd: Type.Union([PortCd, Type.Null()], {
      description: 'the port; null (ETA rules only) for any port',
    }),
    hrs: Type.Union([Type.Integer({ minimum: 1, maximum: ALERT_HRS_MAX }), Type.Null()], {
      description:
        'ETA rules: tell when one change moves the ETA by more than this many hours; PORT rules: null',
    }),
    events: Type.Array(Type.Union([Type.Literal('ATA'), Type.Literal('ATB'), Type.Literal('ATD')]), {
      maxItems: 3,
      uniqueItems: true,
      description: 'PORT rules: ATA arrives, ATB berths, ATD leaves (at least one); ETA rules: empty',
    }),
  },
  { additionalProperties: false },
);
export type AlertRule = Static<typeof AlertRule>;

export const AlertRuleList = Type.Object({ rules: Type.Array(AlertRule) });
export const AlertRuleDeleteBody = Type.Object(
  { ruleId: AlertRule.properties.ruleId },
  { additionalProperties: false },
);
