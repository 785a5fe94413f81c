// What a push may carry (sync.md#push-in-one-request): only the outbox's own per-item calls of product.md#the-calls, so a batch
// can never reach a route the outbox does not use (a read of data, the dev API, sign-on).
import type { PushOp } from '../../src/core/contract/sync.ts';
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
} from '../../src/core/contract/api.ts';

interface AllowedCall {
  method: PushOp['method'];
  /** The path under API_BASE, without the query: anchored, one segment per parameter, no dots. */
  path: RegExp;
  /** Only the chat read mark says what it means in its query (product.md#chat-calls GET /chat/read-message/{id}). */
  query: boolean;
}

/**
 * The contract's route under its prefix as an anchored pattern: literal segments as written, each `:name` only what
 * `params` allows it (a parameter without a pattern is a programming error).
 */
function routePattern(prefix: string, route: string, params: Readonly<Record<string, string>> = {}): RegExp {
  const segments = `${prefix}${route}`.split('/').map((seg) => {
    if (!seg.startsWith(':')) return seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const p = params[seg.slice(1)];
    if (p === undefined) throw new Error(`push-calls: no pattern for ${seg} in ${route}`);
    return `(?:${p})`;
  });
  return new RegExp(`^${segments.join('\\/')}$`);
}

const call = (
  method: PushOp['method'],
  prefix: string,
  route: string,
  params?: Readonly<Record<string, string>>,
  query = false,
): AllowedCall => ({ method, path: routePattern(prefix, route, params), query });

const ALLOWED: readonly AllowedCall[] = [
  call('POST', NOTIFICATION_PREFIX, NOTIFICATION_READ),
  call('POST', NOTIFICATION_PREFIX, NOTIFICATION_VESSEL_ACK),
  call('POST', NOTIFICATION_PREFIX, NOTIFICATION_SETTINGS),
  call('POST', NOTIFICATION_PREFIX, NOTIFICATION_SUBSCRIPTION),
  call('POST', NOTIFICATION_PREFIX, NOTIFICATION_DEVICE),
  call('PUT', NOTIFICATION_PREFIX, NOTIFICATION_ALERT_RULE),
  call('POST', NOTIFICATION_PREFIX, NOTIFICATION_ALERT_RULE_DELETE),
  call('PUT', COMMON_PREFIX, COMMON_APPLICATION_HISTORY),
  call('PUT', COMMON_PREFIX, COMMON_MY_SETTING),
  call('POST', CHAT_PREFIX, CHAT_MESSAGE),
  call('POST', CHAT_PREFIX, CHAT_PUSH_ALERT),
  call('GET', CHAT_PREFIX, CHAT_READ_MESSAGE, { msgSeq: '[0-9]{1,15}' }, true),
  call('POST', CHAT_PREFIX, CHAT_BERTH_PROSPECT, { vslCd: '[A-Za-z0-9]{1,20}' }),
];

/** A query of plain `name=value` pairs in URL encoding: nothing that could change the path it is attached to. */
const QUERY = /^[A-Za-z0-9._~%=&+-]*$/;

/** Whether an operation is one of the outbox's calls; null when it is, else why it is refused. */
export function refusalOfCall(op: Pick<PushOp, 'method' | 'path'>): string | null {
  const at = op.path.indexOf('?');
  const path = at < 0 ? op.path : op.path.slice(0, at);
  const query = at < 0 ? '' : op.path.slice(at + 1);
  const call = ALLOWED.find((c) => c.method === op.method && c.path.test(path));
  if (!call) return `${op.method} ${path} is not a call a push may carry`;
  if (query !== '' && (!call.query || !QUERY.test(query)))
    return `${op.method} ${path} takes no such query in a push`;
  return null;
}
