// What the drain does with one operation's outcome (architecture.md#retry-or-refusal): applied, it goes and its kind's effect
// runs; refused, it goes, its local change is undone and the user is told as its kind says; otherwise it stays.
import type { Table } from 'dexie';
import type { QuayDb } from '../db.ts';
import type { OpAnswer } from './answer.ts';
import type { Outcome } from './classify.ts';
import { recordFailure } from './meta.ts';
import { opOf } from './ops/index.ts';
import type { OutboxFailure, OutboxRow } from './types.ts';

/** The drain's transaction for operations: the outbox, meta, and what their kinds change on the device. */
export function tablesFor(db: QuayDb, ...rows: OutboxRow[]): Table[] {
  return [...new Set([db.outbox, db.meta, ...rows.flatMap((row) => opOf(row).op.tables(db))])];
}

/** Applied: the operation goes and its kind's effect on the device runs, in one transaction. */
export async function settleApplied(
  db: QuayDb,
  stored: OutboxRow,
  answer: OpAnswer,
  at: number,
): Promise<void> {
  const { op, row } = opOf(stored);
  await db.transaction('rw', tablesFor(db, stored), async () => {
    await db.outbox.delete(stored.seq as number);
    await op.applied?.(db, row, answer, at);
  });
}

/**
 * Refused for good: the operation goes, its local change is undone (unless a later one of the same kind stands in
 * its entity: the user's latest choice stays on screen and inherits what to put back), and it is reported.
 */
export async function settleRefused(
  db: QuayDb,
  stored: OutboxRow,
  message: string,
  status: number | undefined,
  at: number,
): Promise<OutboxFailure> {
  const { op, row } = opOf(stored);
  const told = op.refusal(message);
  const failure: OutboxFailure = {
    opId: row.opId,
    kind: row.kind,
    entity: row.entity,
    body: row.body,
    message: told.message,
    status,
    toast: told.toast,
    at,
  };
  await db.transaction('rw', tablesFor(db, stored), async () => {
    await db.outbox.delete(stored.seq as number);
    const later = op.handOver
      ? (await db.outbox.where('entity').equals(row.entity).sortBy('seq')).find((r) => r.kind === row.kind)
      : undefined;
    if (later && op.handOver)
      await db.outbox.update(later.seq as number, { undo: op.handOver(row, opOf(later).row) });
    else await op.undo(db, row, message);
    await recordFailure(db, failure);
  });
  return failure;
}

/** Settles a retry or a sign-out: the operation stays, with when to try again and why it failed. */
export async function settleKept(
  db: QuayDb,
  row: OutboxRow,
  outcome: Extract<Outcome, { type: 'retry' | 'signedOut' }>,
  nextAttemptAt: number | null,
): Promise<void> {
  const seq = row.seq as number;
  if (outcome.type === 'signedOut') await db.outbox.update(seq, { lastError: outcome.error });
  else
    await db.outbox.update(seq, {
      attempts: row.attempts + 1,
      nextAttemptAt: nextAttemptAt ?? 0,
      lastError: outcome.error,
    });
}
