// API contract for what a vessel's people write on its page (product.md#vessel-calls): memos on the page and on its widgets,
// which widgets are shown, and the next dry-dock.
import { Type, type Static } from 'typebox';
import { IsoDate, PortCd, Text, VslCd, YN } from './common.ts';

export const Memo = Type.Object({
  memoSeq: Type.Integer(),
  vslCd: Type.String(),
  wdgtId: Type.Union([Type.String(), Type.Null()]),
  memo: Type.String(),
  creUsrId: Type.String(),
  creUsrNm: Type.String(),
  creDt: IsoDate,
});
export type Memo = Static<typeof Memo>;
export const MemoListResponse = Type.Object({ memoList: Type.Array(Memo, { description: 'newest first' }) });
export type MemoListResponse = Static<typeof MemoListResponse>;

const MemoText = Text(1, 4000);
export const MemoBody = Type.Object({ vslCd: VslCd, memo: MemoText }, { additionalProperties: false });
export type MemoBody = Static<typeof MemoBody>;
const WdgtId = Type.String({ pattern: '^[A-Z0-9_]{1,20}$', description: 'widget id, e.g. IBM_W2030' });
export const WidgetMemoBody = Type.Object(
  { vslCd: VslCd, wdgtId: WdgtId, memo: MemoText },
  { additionalProperties: false },
);
export type WidgetMemoBody = Static<typeof WidgetMemoBody>;
export const WidgetMemoQuery = Type.Object({ vslCd: VslCd, wdgtId: Type.Optional(WdgtId) });
export const MemoSaveResponse = Type.Object({
  success: Type.Boolean(),
  msg: Type.String(),
  memoSeq: Type.Integer(),
});
export type MemoSaveResponse = Static<typeof MemoSaveResponse>;

const WidgetFlag = Type.Object({
  wdgtId: Type.String(),
  wdgtNm: Type.String(),
  wdgtPath: Type.String(),
  useYn: YN,
});
export const WidgetFlagResponse = Type.Object({ widgetFlagList: Type.Array(WidgetFlag) });
export type WidgetFlagResponse = Static<typeof WidgetFlagResponse>;

export const NextDock = Type.Object({
  vslCd: Type.String(),
  yardNm: Type.String(),
  portCd: Type.String(),
  portNm: Type.String(),
  fmDt: IsoDate,
  toDt: IsoDate,
  remark: Type.String(),
  updUsrId: Type.String(),
  updDt: IsoDate,
});
export type NextDock = Static<typeof NextDock>;
export const NextDockResponse = Type.Union([NextDock, Type.Null()], {
  description: 'null when no docking is planned',
});
export const NextDockBody = Type.Object(
  {
    vslCd: VslCd,
    yardNm: Text(1, 100),
    portCd: PortCd,
    fmDt: Type.String({ format: 'date-time' }),
    toDt: Type.String({ format: 'date-time' }),
    remark: Type.Optional(Text(0, 1000)),
  },
  { additionalProperties: false },
);
export type NextDockBody = Static<typeof NextDockBody>;
export const NextDockSaveResponse = Type.Object({
  success: Type.Boolean(),
  msg: Type.String(),
  nextDock: NextDock,
});
