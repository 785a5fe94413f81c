// How an alert rule reads (product.md#my-alerts): one line the list shows and names its buttons by.
import type { AlertEvent, AlertRule } from '../../core/contract/notification.ts';

const VERBS: Record<AlertEvent, string> = { ATA: 'arrives at', ATB: 'berths at', ATD: 'leaves' };

/** "The ETA at SGSIN moves by more than 6 hrs", "Arrives at or leaves NLRTM". */
export function describeRule(rule: AlertRule): string {
  if (rule.kind === 'ETA') {
    const hrs = rule.hrs ?? 0;
    return `ETA at ${rule.portCd ?? 'any port'} moves by more than ${hrs} ${hrs === 1 ? 'hr' : 'hrs'}`;
  }
  const verbs = rule.events.map((e) => VERBS[e]);
  const last = verbs.pop() ?? '';
  const said = verbs.length ? `${verbs.join(', ')} or ${last}` : last;
  return `${said.charAt(0).toUpperCase()}${said.slice(1)} ${rule.portCd ?? ''}`.trim();
}
