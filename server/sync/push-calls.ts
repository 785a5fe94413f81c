// What a push may carry (architecture.md §3 "Push in batches"): only the outbox's own per-item calls of product.md §7, so a batch
// can never reach a route the outbox does not use (a read of data, the dev API, sign-on).
import type { PushOp } from '../../src/core/contract/sync.ts';

interface AllowedCall {
  method: PushOp['method'];
  /** The path under /api/v2/app, without the query: anchored, one segment per parameter, no dots. */
  path: RegExp;
  /** Only the chat read mark says what it means in its query (product.md §7 GET /chat/read-message/{id}). */
  query: boolean;
}

const ALLOWED: readonly AllowedCall[] = [
  { method: 'POST', path: /^\/notification\/user\/read$/, query: false },
  { method: 'POST', path: /^\/notification\/vessel\/ack$/, query: false },
  { method: 'POST', path: /^\/notification\/settings$/, query: false },
  { method: 'POST', path: /^\/notification\/user\/subscription$/, query: false },
  { method: 'POST', path: /^\/notification\/user\/logged-user$/, query: false },
  { method: 'PUT', path: /^\/common\/history\/application-history$/, query: false },
  { method: 'PUT', path: /^\/common\/my-setting$/, query: false },
  { method: 'POST', path: /^\/chat\/message$/, query: false },
  { method: 'POST', path: /^\/chat\/message\/push-alert$/, query: false },
  { method: 'GET', path: /^\/chat\/read-message\/[0-9]{1,15}$/, query: true },
  { method: 'POST', path: /^\/chat\/berth-prsp\/message\/[A-Za-z0-9]{1,20}$/, query: false },
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
