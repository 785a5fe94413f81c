// The registry of outbox operation kinds: one module per OpKind, and a kind without one does not compile.
import type { OpKind, OutboxRow } from '../types.ts';
import { ackOp } from './ack.ts';
import { alertRuleOp } from './alert-rule.ts';
import { berthProspectOp } from './berth-prospect.ts';
import { chatMessageOp } from './chat-message.ts';
import { chatReadOp } from './chat-read.ts';
import { deviceOp } from './device.ts';
import { historyOp } from './history.ts';
import type { OpModule, OpRow } from './module.ts';
import { mySettingOp } from './my-setting.ts';
import { pushAlertOp } from './push-alert.ts';
import { readOp } from './read.ts';
import { settingOp } from './setting.ts';
import { subscriptionOp } from './subscription.ts';

const OPS: { readonly [K in OpKind]: OpModule<K> } = {
  ack: ackOp,
  read: readOp,
  setting: settingOp,
  subscription: subscriptionOp,
  device: deviceOp,
  history: historyOp,
  mySetting: mySettingOp,
  chat: chatMessageOp,
  chatRead: chatReadOp,
  berthProspect: berthProspectOp,
  pushAlert: pushAlertOp,
  alertRule: alertRuleOp,
};

/**
 * The module of a stored row, and the row as its kind's: the one place where a row read back from IndexedDB is taken
 * to be what its `kind` says.
 */
export function opOf(row: OutboxRow): { op: OpModule<OpKind>; row: OpRow<OpKind> } {
  return { op: OPS[row.kind] as unknown as OpModule<OpKind>, row: row as OpRow<OpKind> };
}

export type { OpModule, OpRow } from './module.ts';

/** Every kind's module (what a rebase's transaction must cover). */
export function allOps(): readonly OpModule<OpKind>[] {
  return Object.values(OPS) as unknown as OpModule<OpKind>[];
}
