// The body schema of each call of each outbox operation kind (src/core/contract/ops.ts), for the server's push and
// the tests. Apart from ops.ts so that the window's first page, which imports ops.ts, loads none of these schemas.
// Types only, from a subpath: a module that imports 'typebox' itself is held to shipping as data (as-data.ts).
import type { TSchema } from 'typebox/type';
import type { OpKind, OPS } from './ops.ts';
import {
  AlertRule,
  AlertRuleDeleteBody,
  DeviceBody,
  ReadSaveBody,
  SettingSaveBody,
  SubscriptionBody,
  VesselAckBody,
} from './notification.ts';
import { AppHistoryBody, MySettingBody } from './common.ts';
import { BerthPrspBody, PushAlertBody, SendMessageBody } from './chat.ts';

/**
 * The body schema of each call of each kind (null: a GET, which sends none). A module apart from ops.ts: the
 * window, which counts and words operations but checks no body, loads none of these schemas on its first page.
 */
export const OP_BODIES: {
  readonly [K in OpKind]: { readonly [C in keyof (typeof OPS)[K]['calls']]: TSchema | null };
} = {
  ack: { send: VesselAckBody },
  read: { send: ReadSaveBody },
  setting: { send: SettingSaveBody },
  subscription: { send: SubscriptionBody },
  device: { send: DeviceBody },
  history: { send: AppHistoryBody },
  mySetting: { send: MySettingBody },
  chat: { send: SendMessageBody },
  chatRead: { send: null },
  berthProspect: { send: BerthPrspBody },
  pushAlert: { send: PushAlertBody },
  alertRule: { save: AlertRule, delete: AlertRuleDeleteBody },
};
