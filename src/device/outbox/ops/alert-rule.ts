// The user's own alert rules (product.md#my-alerts), kind 'alertRule': a rule saved (PUT /notification/alert-rule)
// or deleted (POST /notification/alert-rule/delete) shows at once in the device's table, each rule its own entity, so
// that repeated edits made offline go as one (the last state wins); refused, the rebase shows the server's rule, with a toast.
import type { QuayDb } from '../../db.ts';
import type { AlertRule } from '../../../core/contract/notification.ts';
import {
  NOTIFICATION_ALERT_RULE,
  NOTIFICATION_ALERT_RULE_DELETE,
  notificationPath,
} from '../../../core/contract/api.ts';
import { ForbiddenError, UnknownError } from '../../net/http.ts';
import { isRestricted, isVesselUser } from '../../../core/role.ts';
import { enqueue, entityOf } from '../enqueue.ts';
import { touch } from '../base.ts';
import type { OutboxRow } from '../types.ts';
import { lastStateWins } from './merge.ts';
import type { OpModule } from './module.ts';

/** The rule as the device sends it: the schema's own checks, in the words the server would use. */
function checked(rule: AlertRule): AlertRule {
  const r: AlertRule =
    rule.kind === 'ETA'
      ? { ...rule, events: [] }
      : {
          ...rule,
          hrs: null,
          events: (['ATA', 'ATB', 'ATD'] as const).filter((e) => rule.events.includes(e)),
        };
  if (r.kind === 'ETA' && (!Number.isInteger(r.hrs) || (r.hrs ?? 0) < 1 || (r.hrs ?? 0) > 72))
    throw new UnknownError('The hours must be a whole number from 1 to 72.');
  if (r.kind === 'PORT' && !r.portCd) throw new UnknownError('Choose the port.');
  if (r.kind === 'PORT' && r.events.length === 0)
    throw new UnknownError('Choose at least one of Arrives, Berths and Leaves.');
  return r;
}

/** Saves or deletes (rule null) one rule on the device and queues it, in one transaction; the operation id. */
export async function saveAlertRule(db: QuayDb, ruleId: string, rule: AlertRule | null): Promise<string> {
  // Checked before the transaction, so that what is wrong reaches the window as it is said.
  const user = await db.getMeta('user');
  if (!user) throw new UnknownError('Nobody is signed on.');
  if (isRestricted(user)) throw new ForbiddenError('Your user type is read-only: it cannot set alerts.');
  const next = rule && checked({ ...rule, ruleId });
  if (next && isVesselUser(user) && next.vslCd !== user.ofcId)
    throw new ForbiddenError(`Alerts can be set on your own vessel ${user.ofcId} only.`);
  return db.transaction('rw', [...alertRuleOp.tables(db), db.base, db.outbox, db.meta], async () => {
    const op = await enqueue(db, {
      kind: 'alertRule',
      entity: entityOf('alertRule', { ruleId }),
      ...(next
        ? { method: 'PUT', path: notificationPath(NOTIFICATION_ALERT_RULE), body: next }
        : { method: 'POST', path: notificationPath(NOTIFICATION_ALERT_RULE_DELETE), body: { ruleId } }),
    });
    await applyAlertRule(db, op);
    return op.opId;
  });
}

/** The rule saved (a PUT's body is the rule) or deleted (a POST names it). */
async function applyAlertRule(db: QuayDb, row: Pick<OutboxRow, 'body' | 'method'>): Promise<void> {
  const { ruleId } = row.body as { ruleId: string };
  if (typeof ruleId !== 'string') return;
  await touch(db, db.alertRules, ruleId);
  if (row.method === 'PUT') await db.alertRules.put(row.body as AlertRule);
  else await db.alertRules.delete(ruleId);
}

export const alertRuleOp: OpModule<'alertRule'> = {
  kind: 'alertRule',
  tables: (db) => [db.alertRules],
  apply: applyAlertRule,
  merge: lastStateWins,
};
