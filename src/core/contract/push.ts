// The Web Push payloads the server sends and the service worker reads (product.md#push-subscription, product.md#the-calls): a new
// notification carries its list item (so the app has it offline) and its text; a chat message carries vslCd, which
// is what makes a click open that vessel's chat (product.md#what-happens-when). Checked by hand in the service worker (no schema library
// there), so keep the shapes flat.
import type { NotificationItem } from './notification.ts';

export interface NotificationPush {
  kind: 'notification';
  /** The list item as GET /notification/user/list gives it (notReadYn 'N'). */
  item: NotificationItem;
  /** The notification's text (notMsg), for the system notification's body. */
  body: string;
}

export interface ChatPush {
  kind: 'chat';
  /** The vessel whose chat room has the message: a click opens /chat/{vslCd}. */
  vslCd: string;
  roomId: string;
  sender: string;
  text: string;
  sentAt: string;
}

export type PushPayload = NotificationPush | ChatPush;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const str = (v: unknown): v is string => typeof v === 'string';
const strOrNull = (v: unknown): v is string | null => v === null || typeof v === 'string';

function isItem(v: unknown): v is NotificationItem {
  return (
    isRecord(v) &&
    str(v.notId) &&
    Number.isInteger(v.notSeq) &&
    str(v.notNm) &&
    (v.notReadYn === 'Y' || v.notReadYn === 'N') &&
    strOrNull(v.ackUsrId) &&
    strOrNull(v.vslCd) &&
    strOrNull(v.vslNm) &&
    strOrNull(v.portCd) &&
    str(v.usrId) &&
    str(v.creDt)
  );
}

/** The payload if it is one of ours, else null (a push is input from the network: never trusted as is). */
export function parsePushPayload(v: unknown): PushPayload | null {
  if (!isRecord(v)) return null;
  if (v.kind === 'notification' && isItem(v.item) && str(v.body))
    return { kind: 'notification', item: v.item, body: v.body };
  if (v.kind === 'chat' && str(v.vslCd) && str(v.roomId) && str(v.sender) && str(v.text) && str(v.sentAt))
    return {
      kind: 'chat',
      vslCd: v.vslCd,
      roomId: v.roomId,
      sender: v.sender,
      text: v.text,
      sentAt: v.sentAt,
    };
  return null;
}

/** The window learns from the service worker that a push arrived, or that the user clicked one. */
export type SwToWindowMessage =
  | { type: 'push-received'; payload: PushPayload }
  | { type: 'open-notification'; notSeq: number }
  | { type: 'open-chat'; vslCd: string };

/** A page opened by a notification click: /?notSeq=N opens its detail (no open window to tell). */
export const OPEN_NOTIFICATION_PARAM = 'notSeq';
