// The chat contract's plain rules (room ids, lengths, page sizes, STOMP destinations, what a message's text may be),
// apart from its schemas (chat.ts, which re-exports them): code, where the schemas are data, so the window takes these
// without TypeBox, and the build turns chat.ts into plain JSON Schema (vite.config.ts, contractAsData).

/** One room per vessel: 'V-' + vessel code. */
export const ROOM_PREFIX = 'V-';
export const roomIdOf = (vslCd: string): string => `${ROOM_PREFIX}${vslCd}`;
export const MSG_TEXT_MAX = 4000;
export const HISTORY_PAGE_DEFAULT = 30;
export const HISTORY_PAGE_MAX = 100;
export const BERTH_REMARK_MAX = 1000;

/** The broker's WebSocket path on the server's own origin (ws://host/ws, wss:// behind TLS). */
export const STOMP_PATH = '/ws';
/** Per-subscriber unread counts: each connection gets only its own user's UnreadItem messages. */
export const UNREAD_TOPIC = '/topic/vessel-unread';
/** A room's topic: its new messages (event:message, body ChatMessage) and read receipts (event:read, body ReadReceipt). */
export const ROOM_TOPIC_PREFIX = '/topic/chat.';
export const roomTopic = (roomId: string): string => `${ROOM_TOPIC_PREFIX}${roomId}`;
/** SEND here with a StompSendBody to post into a room; answered with a RECEIPT once stored. */
export const SEND_PREFIX = '/app/chat/';
export const sendDestination = (roomId: string): string => `${SEND_PREFIX}${roomId}`;
const ROOM_ID_RE = /^V-[A-Z0-9]{4}$/;
/** The room id of a room topic, or null. */
export function roomOfTopic(destination: string): string | null {
  const id = destination.startsWith(ROOM_TOPIC_PREFIX) ? destination.slice(ROOM_TOPIC_PREFIX.length) : '';
  return ROOM_ID_RE.test(id) ? id : null;
}
/** The room id of a SEND destination, or null. */
export function roomOfSendDestination(destination: string): string | null {
  const id = destination.startsWith(SEND_PREFIX) ? destination.slice(SEND_PREFIX.length) : '';
  return ROOM_ID_RE.test(id) ? id : null;
}

/** The MESSAGE header that tells what a room topic message carries. */
export const CHAT_EVENT_HEADER = 'event';
export type ChatEvent = 'message' | 'read';
/** RECEIPT headers of a stored SEND: the message's msgSeq, and 'true' when it had been stored before. */
export const RECEIPT_MSG_SEQ_HEADER = 'msg-seq';
export const RECEIPT_DUPLICATE_HEADER = 'duplicate';

/** The text of a chat message as stored: trimmed, 1..MSG_TEXT_MAX characters, no NUL; or why it is refused. */
export function cleanChatText(raw: string): { ok: true; text: string } | { ok: false; reason: string } {
  if (raw.includes('\u0000')) return { ok: false, reason: 'must not contain NUL characters' };
  const text = raw.trim();
  if (text === '') return { ok: false, reason: 'must not be blank' };
  if (text.length > MSG_TEXT_MAX) return { ok: false, reason: `must be at most ${MSG_TEXT_MAX} characters` };
  return { ok: true, text };
}
