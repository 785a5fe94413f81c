// Appends an operation to the outbox, with its id `${clientId}:${counter}` (rule 1), in the caller's transaction.
import type { QuayDb } from '../db.ts';
import type { NewOp, OutboxRow } from './types.ts';

function randomId(): string {
  const c = (globalThis as { crypto?: { randomUUID?: () => string } }).crypto;
  if (c?.randomUUID) return c.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}${Math.random().toString(36).slice(2)}`;
}

/** The id of this browser profile, made on first use (call inside a transaction that includes db.meta). */
export async function clientIdOf(db: QuayDb): Promise<string> {
  let clientId = await db.getMeta('clientId');
  if (!clientId) {
    clientId = randomId();
    await db.setMeta('clientId', clientId);
  }
  return clientId;
}

/**
 * Appends `op` to the outbox. Call it inside the command's `db.transaction('rw', [...tables, db.base, db.outbox,
 * db.meta])` so the operation, the counter and its effect commit together; called alone it opens its own transaction.
 */
export async function enqueue(db: QuayDb, op: NewOp, now: number = Date.now()): Promise<OutboxRow> {
  return db.transaction('rw', db.outbox, db.meta, async () => {
    const clientId = await clientIdOf(db);
    const counter = (await db.getMeta('opCounter')) ?? 1;
    await db.setMeta('opCounter', counter + 1);
    const row: OutboxRow = {
      opId: `${clientId}:${counter}`,
      kind: op.kind,
      entity: op.entity,
      method: op.method,
      path: op.path,
      body: op.body,
      createdAt: now,
      attempts: 0,
      nextAttemptAt: 0,
      lastError: null,
    };
    row.seq = await db.outbox.add(row);
    return row;
  });
}

/** Entity strings, as each kind's definition names them: order is kept per entity (rule 2). */
export { entityOf } from '../../core/contract/ops.ts';
