// API contract shared by the server (route schemas, OpenAPI) and the client (types): general shapes.
import { Type, type Static } from 'typebox';
import { Text } from './text.ts';

export const ApiError = Type.Object(
  {
    statusCode: Type.Integer(),
    error: Type.String({ description: 'HTTP reason phrase' }),
    name: Type.String({
      description:
        'Error name of product.md#errors: AuthenticationError, JsonWebTokenError, ForbiddenError, TimeoutError, ValidationError, NotFoundError, ConflictError, UnknownError',
    }),
    message: Type.String(),
  },
  { $id: 'ApiError' },
);
export type ApiError = Static<typeof ApiError>;

/** ISO 8601 UTC timestamp, e.g. 2026-11-22T02:05:00.000Z; null when unknown. */
export const IsoDate = Type.String({ format: 'date-time' });
export const NullableIsoDate = Type.Union([IsoDate, Type.Null()]);

/** The proforma ETA of a port call: the arrival the service's published (long-term) schedule promised. */
export const PfEta = Type.Union([IsoDate, Type.Null()], {
  description: "the proforma ETA: the arrival the service's published schedule promised (null when unknown)",
});
/** product.md#what-the-app-holds's etaDelayHrs of a port call, measured against its proforma ETA. */
export const DelayHrs = Type.Union([Type.Number(), Type.Null()], {
  description:
    'hours against the proforma ETA (positive = ahead, negative = behind, product.md#what-the-app-holds): the ATA once arrived, before that ' +
    'the ETA (or now, once the ETA has passed with no arrival); null for an omitted call or with no proforma ETA',
});
/** Which actual times of a call were detected from AIS positions (integration.md#port-calls-detected-from-positions). */
export const FromAis = Type.Array(
  Type.Union([Type.Literal('ata'), Type.Literal('atb'), Type.Literal('atd')]),
  {
    minItems: 1,
    maxItems: 3,
    description:
      "the call's actual times detected from the vessel's AIS positions rather than given by a source; absent when none",
  },
);
export type FromAis = Static<typeof FromAis>;
export const YN = Type.Union([Type.Literal('Y'), Type.Literal('N')]);
export type YN = Static<typeof YN>;

export const VslCd = Type.String({ pattern: '^[A-Z0-9]{4}$', description: '4-letter vessel code' });
export const PortCd = Type.String({
  pattern: '^[A-Z]{2}[A-Z0-9]{3}$',
  description: 'UN/LOCODE: 2 nation + 3 location',
});
export const LaneCd = Type.String({ pattern: '^[A-Z0-9]{2,5}$', description: 'service (trade lane) code' });

export const SuccessMsg = Type.Object({ success: Type.Boolean(), msg: Type.String() });
export type SuccessMsg = Static<typeof SuccessMsg>;

export const RefreshResponse = Type.Union([
  Type.Object({ Result: Type.Literal('Ok'), token: Type.String() }),
  Type.Object({ Result: Type.Literal('Fail') }),
]);
export type RefreshResponse = Static<typeof RefreshResponse>;

export const LoggedUser = Type.Object({
  usrId: Type.String(),
  usrNm: Type.String(),
  usrTpCd: Type.String(),
  usrRoleCd: Type.String(),
  ofcId: Type.String(),
  extUsrId: Type.String(),
  email: Type.String(),
});
export type LoggedUser = Static<typeof LoggedUser>;

export const Program = Type.Object({
  pgmNo: Type.String(),
  pgmNm: Type.String(),
  pgmUrl: Type.String(),
  menuUrl: Type.String(),
  menuIcon: Type.String(),
  valid: Type.Boolean(),
});
export type Program = Static<typeof Program>;

export const PgmType = Type.Union([
  Type.Literal('VSL'),
  Type.Literal('VSL_V'),
  Type.Literal('SVC'),
  Type.Literal('PORT'),
  Type.Literal('PORT_S'),
]);
export type PgmType = Static<typeof PgmType>;

export const SearchResult = Type.Object({
  pgmType: PgmType,
  code: Type.String(),
  name: Type.String(),
  crrCd: Type.String(),
  crrBgColrVal: Type.String(),
  crrFgColrVal: Type.String(),
});
export type SearchResult = Static<typeof SearchResult>;

// ---- /common routes (product.md#the-common-calls): request and response shapes ----

const NullableStr = Type.Union([Type.String(), Type.Null()]);

export { Text } from './text.ts';
/** A database sequence number (serial: 1 to 2^31 - 1). */
export const Seq = Type.Integer({ minimum: 1, maximum: 2147483647 });

/** A calendar date, YYYY-MM-DD. */
export const DateOnly = Type.String({
  pattern: '^\\d{4}-\\d{2}-\\d{2}$',
  description: 'calendar date YYYY-MM-DD',
});
/** A time filter: ISO 8601 date-time, or a date (00:00 UTC). */
export const DateOrDateTime = Type.Union([Type.String({ format: 'date-time' }), DateOnly], {
  description: 'ISO 8601 date-time or YYYY-MM-DD (00:00 UTC)',
});

export const AppHistoryBody = Type.Object(
  {
    urlVal: Text(1, 2000),
    appTpCd: Type.Literal('MOB'),
    httpMethTpCd: Type.Literal('GE'),
    prmtVal: Type.Optional(Text(0, 4000)),
  },
  { additionalProperties: false },
);
export type AppHistoryBody = Static<typeof AppHistoryBody>;

export const ProgramList = Type.Array(Program);
export type ProgramList = Static<typeof ProgramList>;

export const Widget = Type.Object({
  wdgtId: Type.String(),
  wdgtNm: Type.String(),
  wdgtPath: Type.String(),
  useYn: YN,
});
export type Widget = Static<typeof Widget>;
export const WidgetList = Type.Array(Widget);
export type WidgetList = Static<typeof WidgetList>;

export const KeywordSearchQuery = Type.Object({
  kw: Text(0, 100, 'trimmed and upper-cased; at least 3 characters'),
  type: Type.Optional(
    Text(0, 100, 'comma list of pgmTypes (VSL, VSL_V, SVC, PORT, PORT_S) to limit the result to'),
  ),
});
export type KeywordSearchQuery = Static<typeof KeywordSearchQuery>;
export const SearchResultList = Type.Array(SearchResult);
export type SearchResultList = Static<typeof SearchResultList>;

export const EventRemark = Type.Object({
  rmkSeq: Type.Integer(),
  usrId: Type.String(),
  usrNm: Type.String(),
  remark: Type.String(),
  creDt: IsoDate,
});
export type EventRemark = Static<typeof EventRemark>;

export const EventItem = Type.Object({
  evntSeq: Type.Integer(),
  vslCd: NullableStr,
  vslNm: NullableStr,
  portCd: NullableStr,
  portNm: NullableStr,
  evntTpCd: Type.String({ description: 'BUNKER, CREW, INSPECTION, REPAIR, WEATHER, PORT' }),
  evntNm: Type.String(),
  evntDt: IsoDate,
  evntDesc: Type.String(),
  remarkList: Type.Array(EventRemark, { description: 'oldest first' }),
});
export type EventItem = Static<typeof EventItem>;

export const EventQuery = Type.Object({
  vslCd: Type.Optional(VslCd),
  portCd: Type.Optional(PortCd),
  fromDt: Type.Optional(DateOrDateTime),
  toDt: Type.Optional(DateOrDateTime),
});
export type EventQuery = Static<typeof EventQuery>;
export const EventListResponse = Type.Object({
  eventList: Type.Array(EventItem, { description: 'newest first' }),
});
export type EventListResponse = Static<typeof EventListResponse>;

export const EventRemarkBody = Type.Object(
  { evntSeq: Seq, remark: Text(1, 1000) },
  { additionalProperties: false },
);
export type EventRemarkBody = Static<typeof EventRemarkBody>;
export const EventRemarkResponse = Type.Object({
  success: Type.Boolean(),
  msg: Type.String(),
  rmkSeq: Type.Integer(),
});
export type EventRemarkResponse = Static<typeof EventRemarkResponse>;

export const MyPort = Type.Object({
  portCd: Type.String(),
  portNm: Type.String(),
  cntCd: Type.String(),
  cntNm: Type.String(),
  sortNo: Type.Integer(),
});
export type MyPort = Static<typeof MyPort>;
export const MyPortResponse = Type.Object({
  myPortList: Type.Array(MyPort, { description: "in the agent's order; the first is the default port" }),
});
export type MyPortResponse = Static<typeof MyPortResponse>;

export const TradeLaneQuery = Type.Object({ relTpCd: Type.Literal('REL_USR_LANE') });
export const TreeLane = Type.Object({
  laneCd: Type.String(),
  laneNm: Type.String(),
  crrCd: Type.String(),
  crrBgColrVal: Type.String(),
  crrFgColrVal: Type.String(),
  checked: Type.Boolean(),
});
export const TreeTrade = Type.Object({
  tradeCd: Type.String(),
  tradeNm: Type.String(),
  checked: Type.Boolean({ description: 'every lane of the trade is checked' }),
  laneList: Type.Array(TreeLane),
});
export const TradeLaneTree = Type.Object({ tradeList: Type.Array(TreeTrade) });
export type TradeLaneTree = Static<typeof TradeLaneTree>;

export const CntPortQuery = Type.Object({ relTpCd: Type.Literal('REL_USR_PORT') });
export const TreePort = Type.Object({
  portCd: Type.String(),
  portNm: Type.String(),
  checked: Type.Boolean(),
});
export const TreeCountry = Type.Object({
  cntCd: Type.String(),
  cntNm: Type.String(),
  checked: Type.Boolean({ description: 'every port of the country is checked' }),
  portList: Type.Array(TreePort),
});
export const CntPortTree = Type.Object({ cntList: Type.Array(TreeCountry) });
export type CntPortTree = Static<typeof CntPortTree>;

export const MY_SETTING_MAX = 200;
export const MySettingBody = Type.Object(
  {
    vslCds: Type.Optional(Type.Array(VslCd, { maxItems: MY_SETTING_MAX, uniqueItems: true })),
    laneCds: Type.Optional(Type.Array(LaneCd, { maxItems: MY_SETTING_MAX, uniqueItems: true })),
    portCds: Type.Optional(Type.Array(PortCd, { maxItems: MY_SETTING_MAX, uniqueItems: true })),
  },
  {
    additionalProperties: false,
    description: 'each list sent replaces the saved one, in the order sent; lists not sent stay',
  },
);
export type MySettingBody = Static<typeof MySettingBody>;
export const MySetting = Type.Object({
  vslCds: Type.Array(Type.String()),
  laneCds: Type.Array(Type.String()),
  portCds: Type.Array(Type.String()),
});
export type MySetting = Static<typeof MySetting>;
export const MySettingSaveResponse = Type.Object({
  success: Type.Boolean(),
  msg: Type.String(),
  vslCds: Type.Array(Type.String()),
  laneCds: Type.Array(Type.String()),
  portCds: Type.Array(Type.String()),
});
export type MySettingSaveResponse = Static<typeof MySettingSaveResponse>;

export const LunarQuery = Type.Object({ sunDate: DateOnly });
export const LunarDate = Type.Object({
  sunDate: Type.String({ description: 'the solar (Gregorian) date asked, YYYY-MM-DD' }),
  lunarYear: Type.Integer({ description: 'Gregorian year in which the lunar year began' }),
  lunarMonth: Type.Integer({ minimum: 1, maximum: 12 }),
  lunarDay: Type.Integer({ minimum: 1, maximum: 30 }),
  leapMonth: Type.Boolean({ description: 'the month is the leap (intercalary) month' }),
});
export type LunarDate = Static<typeof LunarDate>;

export const CodeTypeParams = Type.Object({
  type: Type.String({ pattern: '^[A-Za-z0-9_]{1,40}$', description: 'code type, e.g. NAV_STS' }),
});
export const CodeItem = Type.Object({ cd: Type.String(), cdNm: Type.String(), sortNo: Type.Integer() });
export type CodeItem = Static<typeof CodeItem>;
export const CodeListResponse = Type.Object({ codeList: Type.Array(CodeItem) });
export type CodeListResponse = Static<typeof CodeListResponse>;
