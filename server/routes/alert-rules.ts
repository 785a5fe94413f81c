// The user's own alert rules (product.md#my-alerts, product.md#who-may-do-what): the list, saving one and deleting one. Thin: the rules
// and their checks are ../notifications/alert-rules.ts's. The app sends the writes through the outbox (the push).
import { userOf, type App } from '../context.ts';
import { mutate } from '../http/mutation.ts';
import { alertRules, deleteAlertRule, saveAlertRule } from '../notifications/alert-rules.ts';
import { AlertRule, AlertRuleDeleteBody, AlertRuleList } from '../../src/core/contract/notification.ts';
import { SuccessMsg } from '../../src/core/contract/common.ts';
import {
  NOTIFICATION_ALERT_RULE,
  NOTIFICATION_ALERT_RULE_DELETE,
  NOTIFICATION_ALERT_RULES,
} from '../../src/core/contract/api.ts';

const tags = ['notification'];
const security = [{ token: [] }];

export async function alertRuleRoutes(app: App): Promise<void> {
  const { db } = app.ctx;

  app.get(
    NOTIFICATION_ALERT_RULES,
    {
      schema: {
        tags,
        security,
        summary: "The caller's alert rules (N010 My Alert), oldest first; the app gets them in the sync pull",
        response: { 200: AlertRuleList },
      },
    },
    async (req) => ({ rules: await alertRules(db, userOf(req).usrId) }),
  );

  app.put(
    NOTIFICATION_ALERT_RULE,
    {
      config: { opKind: 'alertRule' },
      schema: {
        tags,
        security,
        summary:
          'Create or replace one alert rule (by ruleId) on a vessel the caller follows (a vessel user: its own); ' +
          'types 5 and 6 get 403. ETA: hrs 1-72, portCd or null for any port, no events. PORT: portCd and events',
        body: AlertRule,
        response: { 200: SuccessMsg },
      },
    },
    async (req, reply) =>
      mutate(app, req, reply, async (sql) => {
        await saveAlertRule(sql, userOf(req), req.body);
        return { body: { success: true, msg: 'Saved' } };
      }),
  );

  app.post(
    NOTIFICATION_ALERT_RULE_DELETE,
    {
      config: { opKind: 'alertRule' },
      schema: {
        tags,
        security,
        summary: 'Delete one of the caller\'s alert rules; one already gone answers "Already deleted"',
        body: AlertRuleDeleteBody,
        response: { 200: SuccessMsg },
      },
    },
    async (req, reply) =>
      mutate(app, req, reply, async (sql) => {
        const gone = await deleteAlertRule(sql, userOf(req), req.body.ruleId);
        return { body: { success: true, msg: gone ? 'Deleted' : 'Already deleted' } };
      }),
  );
}
