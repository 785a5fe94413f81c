// The outbox's row: one user action waiting to reach the server (DESIGN.md §3 write path).

/** What an operation does; each kind has one endpoint and one way to undo its local change. */
export type OpKind = 'ack' | 'read' | 'setting' | 'subscription';

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
  method: 'POST' | 'PUT';
  path: string;
  body: unknown;
  /** What the local change replaced, to put back if the server refuses the operation for good. */
  undo: unknown;
  createdAt: number;
  attempts: number;
  /** Not before this time (ms since epoch): exponential backoff with jitter after a transient failure. */
  nextAttemptAt: number;
  lastError: OpError | null;
}
