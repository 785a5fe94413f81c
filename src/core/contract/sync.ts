// The sync protocol for paid satellite links (docs/sync.md): ONE pull by cursor that answers
// every change of the caller's datasets since the cursor, ONE push that carries a batch of outbox operations, and a
// tiny per-user hint on the live connection that says a pull has something. Shared by the server's routes (schemas,
// OpenAPI) and the worker (types, answer checks).
import { Type, type Static } from 'typebox';
import { LoggedUser, MyPort } from './common.ts';
import { Text } from './text.ts';
import { apiPath, SYNC_PREFIX, SYNC_PULL, SYNC_PUSH } from './api.ts';
import { AlertRule, NotificationDetail, NotificationItem, NotificationSetting } from './notification.ts';
import { ChatRoom } from './chat.ts';

export const SYNC_PULL_PATH = apiPath(SYNC_PREFIX, SYNC_PULL);
export const SYNC_PUSH_PATH = apiPath(SYNC_PREFIX, SYNC_PUSH);
/**
 * The live hint (STOMP destination): each connection receives only its own user's hints, like /topic/vessel-unread.
 * Every signed-on user's leader worker subscribes to it, chat user or not.
 */
export const SYNC_HINT_TOPIC = '/topic/sync-hint';

/** Changes per pull page: a device that was away for a week catches up in pages of at most this many entities. */
export const PULL_LIMIT_DEFAULT = 500;
export const PULL_LIMIT_MAX = 1000;
/** Operations per push request, and bytes of their bodies: the drain chunks a long outbox by both. */
export const PUSH_MAX_OPS = 100;
export const PUSH_MAX_BYTES = 200_000;
/** A pull carries the detail of a notification still unread, or created within this many days. */
export const DETAIL_RECENT_DAYS = 7;
/** A first pull carries at most this many details over all its pages, newest first (a first install stays small). */
export const FIRST_PULL_DETAILS = 100;

/**
 * What changed, as a hint names it: the worker pulls unless everything named is already brought by a live
 * subscription (a chat room's messages and unread counts come on their own topics while connected).
 */
export const ChangeKind = Type.Union([
  Type.Literal('notifications'),
  Type.Literal('settings'),
  Type.Literal('myPorts'),
  Type.Literal('myVessels'),
  Type.Literal('chat'),
  Type.Literal('user'),
  Type.Literal('alertRules'),
]);
export type ChangeKind = Static<typeof ChangeKind>;

/** An opaque cursor: the server's, bound to the user it was given to (another user's cursor is refused). */
export const Cursor = Type.String({ minLength: 1, maxLength: 200, pattern: '^[A-Za-z0-9._~-]+$' });

export const PullBody = Type.Object(
  {
    cursor: Type.Union([Cursor, Type.Null()], {
      description: 'the cursor of the last pull; null for a first pull (pages through all of the user data)',
    }),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: PULL_LIMIT_MAX, default: PULL_LIMIT_DEFAULT })),
  },
  { additionalProperties: false },
);
export type PullBody = Static<typeof PullBody>;

export const PullResponse = Type.Object({
  cursor: Cursor,
  /** More changes wait: pull again at once with the new cursor. */
  more: Type.Boolean(),
  /**
   * The device's copies of the pulled datasets are to be replaced, not merged: a first pull (no cursor), or a
   * cursor the server can no longer continue (another data epoch). The pages of a reset carry `reset` on the first.
   */
  reset: Type.Boolean(),
  /** The user's change version this answer brings the device to: a hint with v at most this is already known. */
  version: Type.Integer({ minimum: 0 }),
  /**
   * The version of what every user shares (programs, the search index): the worker refreshes those (conditional
   * GETs) when it changes, and only then.
   */
  catalog: Type.String(),
  /** Notifications added or changed (read, "Got it"), newest first. */
  notifications: Type.Optional(Type.Array(NotificationItem)),
  /**
   * The detail of the notifications of this answer that are unread or at most DETAIL_RECENT_DAYS old, so that they
   * open with no link (a first pull: at most FIRST_PULL_DETAILS over its pages, newest first). A notification that
   * comes without one keeps the detail the device has, with the item's read and "Got it" flags.
   */
  details: Type.Optional(
    Type.Array(NotificationDetail, {
      description: `details of the notifications of this answer still unread or at most ${DETAIL_RECENT_DAYS} days old, so that they open with no link (a first pull: at most ${FIRST_PULL_DETAILS}, newest first); a notification without one keeps the detail the device has, with its flags`,
    }),
  ),
  /** The unread count (product.md#notification-calls badge), whenever a notification changed. */
  badge: Type.Optional(Type.Integer({ minimum: 0 })),
  /** The whole switch list, whenever one changed. */
  settings: Type.Optional(Type.Array(NotificationSetting)),
  /** An agent's own ports, whenever they changed. */
  myPorts: Type.Optional(Type.Array(MyPort)),
  /** The followed vessels' codes in order, whenever the list changed. */
  myVessels: Type.Optional(Type.Array(Type.String())),
  /** Chat rooms whose summary or unread count changed (chat users only). */
  chatRooms: Type.Optional(Type.Array(ChatRoom)),
  /** The signed-on user, whenever it changed. */
  user: Type.Optional(LoggedUser),
  /** The user's whole list of alert rules (product.md#my-alerts), whenever one changed. */
  alertRules: Type.Optional(Type.Array(AlertRule)),
});
export type PullResponse = Static<typeof PullResponse>;

/**
 * The body of a hint frame on SYNC_HINT_TOPIC: the user's change version after the change, and what changed. When
 * the change is one step (`from` is v - 1) and small, the frame carries the pull from `from` too: a device whose
 * cursor is at `from` applies it and asks nothing (a new notification costs one frame); any other device pulls.
 */
export const SyncHint = Type.Object({
  v: Type.Integer({ minimum: 0 }),
  k: Type.Array(ChangeKind),
  from: Type.Optional(Type.Integer({ minimum: 0 })),
  pull: Type.Optional(PullResponse),
});
export type SyncHint = Static<typeof SyncHint>;

/** The calls a push may carry: the outbox's per-item calls of product.md#the-calls, nothing else. */
export const PUSH_METHODS = ['GET', 'POST', 'PUT'] as const;

export const PushOp = Type.Object(
  {
    /** The operation's id: its Idempotency-Key (a resend answers the first answer and changes nothing). */
    id: Type.String({ minLength: 1, maxLength: 200, pattern: '^[A-Za-z0-9._:@-]+$' }),
    /** What it is about: after a transient failure, later operations of the same entity wait (order per entity). */
    entity: Text(1, 200),
    method: Type.Union([Type.Literal('GET'), Type.Literal('POST'), Type.Literal('PUT')]),
    /** The per-item call's path under /api/v2/app, with its query, e.g. /notification/user/read. */
    path: Type.String({ minLength: 2, maxLength: 1000, pattern: '^/' }),
    body: Type.Optional(Type.Unknown()),
  },
  { additionalProperties: false },
);
export type PushOp = Static<typeof PushOp>;

export const PushBody = Type.Object(
  {
    ops: Type.Array(PushOp, { minItems: 1, maxItems: PUSH_MAX_OPS }),
  },
  { additionalProperties: false },
);
export type PushBody = Static<typeof PushBody>;

/**
 * applied: done now; replayed: done before (same id), the first answer again; refused: the server will never
 * apply it (undo it on the device, say why); retry: not applied this time (server busy, 5xx): send it again later,
 * and the operations of its entity after it were not tried.
 */
export const PushOutcome = Type.Union([
  Type.Literal('applied'),
  Type.Literal('replayed'),
  Type.Literal('refused'),
  Type.Literal('retry'),
]);
export type PushOutcome = Static<typeof PushOutcome>;

export const PushResult = Type.Object({
  id: Type.String(),
  outcome: PushOutcome,
  /** The HTTP status the per-item call answered. */
  status: Type.Integer(),
  /** The per-item call's answer body (what product.md#the-calls says it answers), or the error body. */
  body: Type.Unknown(),
});
export type PushResult = Static<typeof PushResult>;

/** The changes a push made reach the device as any change does: the hint on the live connection, or the next pull. */
export const PushResponse = Type.Object({ results: Type.Array(PushResult) });
export type PushResponse = Static<typeof PushResponse>;
