// The outbox's row: one user action waiting to reach the server (architecture.md#the-outbox).
// Its kinds are the registry's (core/contract/ops.ts): one definition each, shared with the server.
import type { OpKind } from '../../core/contract/ops.ts';
import type { AlertRule } from '../../core/contract/notification.ts';

/**
 * What an operation does; each kind has one endpoint and one way to undo its local change. 'history' is a page
 * view of the application history (product.md#the-calls): not a change of the user's, so it has nothing to undo and is not
 * counted among the changes that wait. The chat kinds share their room's entity `chat:{roomId}`, so a room's
 * messages, read marks ('chatRead'), berth prospects and push alerts go in the order they were made.
 */
export type { OpKind };

/** The outbox entity of the user's followed vessels (PUT /common/my-setting {vslCds}): the last list wins. */
export const MY_VESSELS_ENTITY = 'mySetting:vessels';

type OpMethod = 'GET' | 'POST' | 'PUT';

export interface OpError {
  name: string;
  message: string;
  status?: number | undefined;
}

export interface OutboxRow {
  /** Auto-increment: the order operations were made in. */
  seq?: number;
  /** `${clientId}:${counter}`: sent as the Idempotency-Key, so a replay never applies twice. */
  opId: string;
  kind: OpKind;
  /** What the operation is about, e.g. 'notification:123' or 'setting:N004': order is kept per entity. */
  entity: string;
  /** GET only for read marks: product.md#the-calls has GET /chat/read-message/{id}; a GET operation sends no body. */
  method: OpMethod;
  path: string;
  /** What is sent (POST, PUT); for a GET, what the path's query says, kept for coalescing and undo. */
  body: unknown;
  /** What the local change replaced, to put back if the server refuses the operation for good. */
  undo: unknown;
  createdAt: number;
  attempts: number;
  /** Not before this time (ms since epoch): exponential backoff with jitter after a transient failure. */
  nextAttemptAt: number;
  lastError: OpError | null;
}

/** What a kind's local change replaced, stored in `OutboxRow.undo` and put back on a permanent failure. */
interface UndoAck {
  notSeq: number;
  /** ackUsrId before "Got it" (null: the button shows again). */
  ackUsrId: string | null;
}
interface UndoRead {
  notSeq: number;
  /** notReadYn before the read, or null when the item was not stored locally. */
  notReadYn: 'Y' | 'N' | null;
  /** Whether the read took one off the badge's notCnt (given back on undo). */
  badgeDecremented: boolean;
}
interface UndoSetting {
  notId: string;
  /** The switch before the toggle, or null when the setting was not stored locally (undo deletes it). */
  notUseYn: 'Y' | 'N' | null;
}
interface UndoSubscription {
  notDevId: string;
  previous: PushSubscriptionState | null;
}
/** My Vessel's list before the change: put back into the kept page data (pageData `key`) when the server refuses. */
interface UndoMySetting {
  /** The pageData key of the user's My Vessel data, e.g. 'myVessels:operator'. */
  key: string;
  /** The followed vessel codes before the change, in order. */
  vslCds: string[];
}
/** A chat message (entity `chat:{roomId}`): nothing is undone; a refused message is marked failed on screen. */
interface UndoChat {
  roomId: string;
  clientMsgId: string;
}
/**
 * A read mark of a chat room (GET read-message/{uptoSeq}, readSource=M): what it marked read on the device. Only
 * the newest read mark of a room is sent; it carries the undo of all it replaced (messages read since `readDates`).
 */
export interface UndoChatRead {
  roomId: string;
  /** The readDate each coalesced mark gave the messages it marked: a refusal clears exactly those. */
  readDates: string[];
  /** The room's unread count before the first of them. */
  unreadBefore: number;
}
/** A berth prospect (entity `chat:{roomId}`): shown as a pending message until stored; refused, it is marked failed. */
interface UndoBerthProspect {
  roomId: string;
  clientMsgId: string;
}
/** A push alert about an own message: the message shows "Alert asked" until the server says so, or why not. */
interface UndoPushAlert {
  roomId: string;
  msgSeq: number;
}
/** An alert rule saved or deleted (entity `alertRule:{ruleId}`): the rule as it was before, or null (it was new). */
interface UndoAlertRule {
  ruleId: string;
  before: AlertRule | null;
}
export interface UndoByKind {
  ack: UndoAck;
  read: UndoRead;
  setting: UndoSetting;
  subscription: UndoSubscription;
  /** A page view changed nothing on the device. */
  /** POST /notification/user/logged-user: ties this device to the user; nothing on the device to undo. */
  device: null;
  history: null;
  mySetting: UndoMySetting;
  chat: UndoChat;
  chatRead: UndoChatRead;
  berthProspect: UndoBerthProspect;
  pushAlert: UndoPushAlert;
  alertRule: UndoAlertRule;
}

/** The body of PUT /api/v2/app/common/history/application-history (product.md#the-calls), as a 'history' operation sends it. */
export interface HistoryBody {
  urlVal: string;
  appTpCd: 'MOB';
  httpMethTpCd: 'GE';
  prmtVal: string;
}

/** The push subscription as this device last asked for it (kept in meta `pushSubscription`). */
export interface PushSubscriptionState {
  notDevId: string;
  notSbscrYn: 'Y' | 'N';
}

/** An operation as a command hands it to `enqueue` (ids, times and counters are the outbox's). */
export type NewOp = {
  [K in OpKind]: {
    kind: K;
    entity: string;
    method: OpMethod;
    path: string;
    body: unknown;
    undo: UndoByKind[K];
  };
}[OpKind];

/** An operation the server refused for good: dropped, its local change undone, and kept here for the window. */
export interface OutboxFailure {
  opId: string;
  kind: OpKind;
  entity: string;
  body: unknown;
  /** The server's message (for an ack: the toast text, product.md#errors). */
  message: string;
  status?: number | undefined;
  /** product.md#errors: an ack failure is a toast; read and setting failures are only logged (the switch reverts), and so
   * is a refused page view (history). */
  toast: boolean;
  at: number;
}

/** An operation the server applied that the user is told about (an acknowledgement: "Schedule Got it!"). */
export interface OutboxConfirmation {
  opId: string;
  kind: OpKind;
  entity: string;
  /** The server's message. */
  message: string;
  at: number;
}
