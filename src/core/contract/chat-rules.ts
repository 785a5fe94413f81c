// The chat contract's plain rules (room ids, lengths, page sizes), apart from its schemas (chat.ts): the window takes
// them without loading TypeBox, which only the worker and the server need.

/** One room per vessel: 'V-' + vessel code. */
export const ROOM_PREFIX = 'V-';
export const roomIdOf = (vslCd: string): string => `${ROOM_PREFIX}${vslCd}`;
export const MSG_TEXT_MAX = 4000;
export const HISTORY_PAGE_DEFAULT = 30;
export const HISTORY_PAGE_MAX = 100;
export const BERTH_REMARK_MAX = 1000;
