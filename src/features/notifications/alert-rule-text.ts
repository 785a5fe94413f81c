// How an alert rule reads (product.md#my-alerts): one line the list shows and names its buttons by.
import { MY_ALERT_ID, type AlertEvent, type AlertRule } from '../../core/contract/notification.ts';
import { isRestricted, type UserTypeOf } from '../../core/role.ts';

const VERBS: Record<AlertEvent, string> = { ATA: 'arrives at', ATB: 'berths at', ATD: 'leaves' };

/**
 * "ETA at SGSIN moves by more than 6 h" (hours written as every delay writes them), "Arrives at or leaves NLRTM".
 */
export function describeRule(rule: AlertRule): string {
  if (rule.kind === 'ETA') {
    const hrs = rule.hrs ?? 0;
    return `ETA at ${rule.portCd ?? 'any port'} moves by more than ${hrs} h`;
  }
  const verbs = rule.events.map((e) => VERBS[e]);
  const last = verbs.pop() ?? '';
  const said = verbs.length ? `${verbs.join(', ')} or ${last}` : last;
  return `${said.charAt(0).toUpperCase()}${said.slice(1)} ${rule.portCd ?? ''}`.trim();
}

/**
 * The list's one order (product.md#my-alerts), the same on every device and after every edit: by vessel name, then
 * ETA alerts before port alerts, then by port ("any port" first), then by how the rule reads; the rule's id last,
 * so that two alike never swap.
 */
export function sortRules(rules: readonly AlertRule[], nameOf: (vslCd: string) => string): AlertRule[] {
  const key = (r: AlertRule) => [
    nameOf(r.vslCd),
    r.kind === 'ETA' ? '0' : '1',
    r.portCd ?? '',
    describeRule(r),
  ];
  return [...rules].sort((a, b) => {
    const [ka, kb] = [key(a), key(b)];
    for (let i = 0; i < ka.length; i++) {
      const c = (ka[i] ?? '').localeCompare(kb[i] ?? '', 'en');
      if (c !== 0) return c;
    }
    return a.ruleId < b.ruleId ? -1 : a.ruleId > b.ruleId ? 1 : 0;
  });
}

/**
 * The per-type switches a user is shown: no "My Alert" switch for types 5 and 6, who may set no alerts
 * (product.md#who-may-do-what), since it would switch nothing they could ever get.
 */
export function settingsShown<T extends { notId: string }>(settings: readonly T[], user: UserTypeOf): T[] {
  return isRestricted(user) ? settings.filter((s) => s.notId !== MY_ALERT_ID) : [...settings];
}
