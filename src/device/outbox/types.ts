// The outbox's row: one user action waiting to reach the server (architecture.md#the-outbox).
// Its kinds are the registry's (core/contract/ops.ts): one definition each, shared with the server.
import { entityOf, type OpKind } from '../../core/contract/ops.ts';

/**
 * What an operation does; each kind has one endpoint and one effect on the device (ops/). 'history' is a page
 * view of the application history (product.md#the-calls): not a change of the user's, so it shows nothing and is not
 * counted among the changes that wait. The chat kinds share their room's entity `chat:{roomId}`, so a room's
 * messages, read marks ('chatRead'), berth prospects and push alerts go in the order they were made.
 */
export type { OpKind };

/** The outbox entity of the user's followed vessels (PUT /common/my-setting {vslCds}): the last list wins. */
export const MY_VESSELS_ENTITY = entityOf('mySetting', undefined);

type OpMethod = 'GET' | 'POST' | 'PUT';

export interface OpError {
  name: string;
  message: string;
  status?: number | undefined;
}

export interface OutboxRow {
  /** Auto-increment: the order operations were made in. */
  seq?: number;
  /** `${clientId}:${counter}`: sent as the Idempotency-Key, so a replay never applies twice. */
  opId: string;
  kind: OpKind;
  /** What the operation is about, e.g. 'notification:123' or 'setting:N004': order is kept per entity. */
  entity: string;
  /** GET only for read marks: product.md#the-calls has GET /chat/read-message/{id}; a GET operation sends no body. */
  method: OpMethod;
  path: string;
  /** What is sent (POST, PUT); for a GET, what the path's query says: what its kind's effect is computed from. */
  body: unknown;
  createdAt: number;
  attempts: number;
  /** Not before this time (ms since epoch): exponential backoff with jitter after a transient failure. */
  nextAttemptAt: number;
  lastError: OpError | null;
}

/** The body of PUT /api/v2/app/common/history/application-history (product.md#the-calls), as a 'history' operation sends it. */
export interface HistoryBody {
  urlVal: string;
  appTpCd: 'MOB';
  httpMethTpCd: 'GE';
  prmtVal: string;
}

/** The push subscription as this device last asked for it (kept in meta `pushSubscription`). */
export interface PushSubscriptionState {
  notDevId: string;
  notSbscrYn: 'Y' | 'N';
}

/** An operation as a command hands it to `enqueue` (ids, times and counters are the outbox's). */
export type NewOp = Pick<OutboxRow, 'kind' | 'entity' | 'method' | 'path' | 'body'>;

/** An operation the server refused for good: dropped (the rebase shows the server's rows), and kept here for the window. */
export interface OutboxFailure {
  opId: string;
  kind: OpKind;
  entity: string;
  body: unknown;
  /** The server's message (for an ack: the toast text, product.md#errors). */
  message: string;
  status?: number | undefined;
  /** product.md#errors: an ack failure is a toast; read and setting failures are only logged (the switch reverts), and so
   * is a refused page view (history). */
  toast: boolean;
  at: number;
}

/** An operation the server applied that the user is told about (an acknowledgement: "Acknowledged: …"). */
export interface OutboxConfirmation {
  opId: string;
  kind: OpKind;
  entity: string;
  /** The server's message. */
  message: string;
  at: number;
}
