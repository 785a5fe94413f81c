// API contract for notifications (product.md §3 entities, §7 notification calls).
import { Type, type Static } from 'typebox';
import { NullableIsoDate, IsoDate, YN, Seq, Text } from './common.ts';

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
  'N020',
  'N101',
] as const;
export const NotId = Type.Union(NOTIFICATION_IDS.map((id) => Type.Literal(id)));
export type NotId = (typeof NOTIFICATION_IDS)[number];

export const NotificationItem = Type.Object({
  notId: Type.String(),
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
