// The outbox's operation kinds, one definition each (architecture.md#adding-an-operation): plain data that the window,
// the workers and the server share. The kind union, the counters, the entities and the server's allow-list derive from it.
import {
  CHAT_BERTH_PROSPECT,
  CHAT_MESSAGE,
  CHAT_PREFIX,
  CHAT_PUSH_ALERT,
  CHAT_READ_MESSAGE,
  COMMON_APPLICATION_HISTORY,
  COMMON_MY_SETTING,
  COMMON_PREFIX,
  NOTIFICATION_ALERT_RULE,
  NOTIFICATION_ALERT_RULE_DELETE,
  NOTIFICATION_DEVICE,
  NOTIFICATION_PREFIX,
  NOTIFICATION_READ,
  NOTIFICATION_SETTINGS,
  NOTIFICATION_SUBSCRIPTION,
  NOTIFICATION_VESSEL_ACK,
} from './api.ts';

type OpMethod = 'GET' | 'POST' | 'PUT';

/** One per-item call of product.md#the-calls that an operation of the kind sends, as the contract's route names it. */
export interface OpCall {
  readonly method: OpMethod;
  readonly prefix: string;
  readonly route: string;
  /** What each `:name` of the route may be (the server's allow-list anchors it): one path segment, no dots. */
  readonly params?: Readonly<Record<string, string>>;
  /** Whether the call says what it means in its query (only the chat read mark, a GET). */
  readonly query?: boolean;
}

/**
 * How a kind counts in the badge of the user's changes waiting (product.md#the-app-as-a-user-meets-it): 'each'
 * operation; 'once' per entity, for kinds of which only the newest is sent (a room's read marks); 'not' for what is
 * not the user's change (page views).
 */
type Counted = 'each' | 'once' | 'not';

export interface OpDef<Of, Calls extends Readonly<Record<string, OpCall>>> {
  /** Its calls by name: most kinds have one, `send`; an alert rule is saved or deleted. */
  readonly calls: Calls;
  /** The entity it touches, from what names it in its body: order is kept per entity (sync.md#push-in-one-request). */
  readonly entity: (of: Of) => string;
  readonly counted: Counted;
  /** What the user is told once the server applied it (product.md#errors); absent: nothing. */
  readonly confirmed?: string;
  /** A refusal for good (product.md#errors): a toast, or only logged; `prefix` goes before the server's message. */
  readonly refused: { readonly toast: boolean; readonly prefix?: string };
}

const def = <Of, Calls extends Readonly<Record<string, OpCall>>>(d: OpDef<Of, Calls>): OpDef<Of, Calls> => d;
const send = (
  method: OpMethod,
  prefix: string,
  route: string,
  more: Pick<OpCall, 'params' | 'query'> = {},
): { send: OpCall } => ({ send: { method, prefix, route, ...more } });

/** The chat kinds share their room's entity, so a room's messages, read marks and alerts go in the order made. */
const room = ({ roomId }: { roomId: string }): string => `chat:${roomId}`;

/** Every kind the outbox sends. A new one also needs its device effect (src/device/outbox/ops/) and its server route. */
export const OPS = {
  ack: def({
    calls: send('POST', NOTIFICATION_PREFIX, NOTIFICATION_VESSEL_ACK),
    entity: ({ notSeq }: { notSeq: number }) => `notification:${notSeq}`,
    counted: 'each',
    // Plain words of what happened, not the specification's "Schedule Got it!" (product.md#errors).
    confirmed: 'Acknowledged: the office can see you have read it.',
    refused: { toast: true },
  }),
  read: def({
    calls: send('POST', NOTIFICATION_PREFIX, NOTIFICATION_READ),
    entity: ({ notSeq }: { notSeq: number }) => `notification:${notSeq}`,
    counted: 'each',
    refused: { toast: false },
  }),
  setting: def({
    calls: send('POST', NOTIFICATION_PREFIX, NOTIFICATION_SETTINGS),
    entity: ({ notId }: { notId: string }) => `setting:${notId}`,
    counted: 'each',
    refused: { toast: false },
  }),
  subscription: def({
    calls: send('POST', NOTIFICATION_PREFIX, NOTIFICATION_SUBSCRIPTION),
    entity: ({ notDevId }: { notDevId: string }) => `subscription:${notDevId}`,
    counted: 'each',
    refused: { toast: false },
  }),
  device: def({
    calls: send('POST', NOTIFICATION_PREFIX, NOTIFICATION_DEVICE),
    // In its subscription's entity: it goes after the subscription it belongs to.
    entity: ({ notDevId }: { notDevId: string }) => `subscription:${notDevId}`,
    counted: 'each',
    refused: { toast: false },
  }),
  history: def({
    calls: send('PUT', COMMON_PREFIX, COMMON_APPLICATION_HISTORY),
    entity: () => 'history',
    counted: 'not',
    refused: { toast: false },
  }),
  mySetting: def({
    calls: send('PUT', COMMON_PREFIX, COMMON_MY_SETTING),
    // The whole list each time: the last list wins.
    entity: () => 'mySetting:vessels',
    counted: 'each',
    refused: { toast: true, prefix: 'My Vessel could not be saved' },
  }),
  chat: def({
    calls: send('POST', CHAT_PREFIX, CHAT_MESSAGE),
    entity: room,
    counted: 'each',
    refused: { toast: true, prefix: 'Message not sent' },
  }),
  chatRead: def({
    calls: send('GET', CHAT_PREFIX, CHAT_READ_MESSAGE, { params: { msgSeq: '[0-9]{1,15}' }, query: true }),
    entity: room,
    counted: 'once',
    refused: { toast: false },
  }),
  berthProspect: def({
    calls: send('POST', CHAT_PREFIX, CHAT_BERTH_PROSPECT, { params: { vslCd: '[A-Za-z0-9]{1,20}' } }),
    entity: room,
    counted: 'each',
    refused: { toast: true, prefix: 'Berth prospect not posted' },
  }),
  pushAlert: def({
    calls: send('POST', CHAT_PREFIX, CHAT_PUSH_ALERT),
    entity: room,
    counted: 'each',
    refused: { toast: true, prefix: 'Alert not sent' },
  }),
  alertRule: def({
    calls: {
      save: { method: 'PUT', prefix: NOTIFICATION_PREFIX, route: NOTIFICATION_ALERT_RULE },
      delete: { method: 'POST', prefix: NOTIFICATION_PREFIX, route: NOTIFICATION_ALERT_RULE_DELETE },
    },
    entity: ({ ruleId }: { ruleId: string }) => `alertRule:${ruleId}`,
    counted: 'each',
    refused: { toast: true, prefix: 'Your alert could not be saved' },
  }),
};

/** What an operation does: one of the registry's kinds. */
export type OpKind = keyof typeof OPS;
export const OP_KINDS = Object.keys(OPS) as OpKind[];

/** What names the entity of an operation of kind K. */
export type EntityOf<K extends OpKind> = Parameters<(typeof OPS)[K]['entity']>[0];

/** The entity an operation of `kind` touches (e.g. `notification:123`): order is kept per entity. */
export const entityOf = <K extends OpKind>(kind: K, of: EntityOf<K>): string =>
  (OPS[kind].entity as (of: EntityOf<K>) => string)(of);

/** What a refusal of `kind` tells the user (product.md#errors): the words, and whether they are a toast. */
export function refusalOf(kind: OpKind, message: string): { message: string; toast: boolean } {
  const { toast, prefix } = OPS[kind].refused;
  return { message: prefix === undefined ? message : `${prefix}: ${message}`, toast };
}
