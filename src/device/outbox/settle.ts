// What the drain does with one operation's outcome (architecture.md#retry-or-refusal): applied or refused, it goes
// and the rest is rebased (./rebase.ts): an applied one's effect becomes part of the server's rows, a refused one's
// simply is not applied again, and the user is told as its kind says; otherwise it stays.
import type { QuayDb } from '../db.ts';
import type { OpAnswer } from './answer.ts';
import { rewind } from './base.ts';
import type { Outcome } from './classify.ts';
import { recordFailure } from './meta.ts';
import { opOf } from './ops/index.ts';
import { refusalOf } from '../../core/contract/ops.ts';
import { applyOne, replay } from './rebase.ts';
import type { OutboxFailure, OutboxRow } from './types.ts';

/** An operation the server applied, with its answer: settled by `rebaseSettled`. */
export interface AppliedOp {
  row: OutboxRow;
  answer: OpAnswer;
}

/** Applied: the operation goes (its effect stays: `rebaseSettled` makes it part of the server's rows). */
export async function settleApplied(db: QuayDb, stored: OutboxRow): Promise<void> {
  await db.outbox.delete(stored.seq as number);
}

/**
 * Refused for good: the operation goes and is reported; its own message is marked not sent. Nothing is undone:
 * `rebaseSettled` shows the server's rows with the operations still waiting on top.
 */
export async function settleRefused(
  db: QuayDb,
  stored: OutboxRow,
  message: string,
  status: number | undefined,
  at: number,
): Promise<OutboxFailure> {
  const { op, row } = opOf(stored);
  const told = refusalOf(row.kind, message);
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
  await db.outbox.delete(stored.seq as number);
  if (op.refused) await op.refused(db, row, message);
  await recordFailure(db, failure);
  return failure;
}

/**
 * After operations went (applied or refused): the server's rows come back (the kept bases), the applied ones'
 * effects are laid on them as the server now has them (until a pull brings the server's own rows) with what their
 * answers say, and the operations still waiting are applied again on top, keeping new bases.
 * Call inside a transaction over rebaseTables(db).
 */
export async function rebaseSettled(db: QuayDb, applied: readonly AppliedOp[], at: number): Promise<void> {
  await rewind(db);
  // No `await` for a kind with nothing to run (./rebase.ts applyOne says why).
  for (const { row } of applied) if (opOf(row).op.apply) await applyOne(db, row);
  await db.base.clear();
  for (const { row, answer } of applied) {
    const { op, row: typed } = opOf(row);
    if (op.applied) await op.applied(db, typed, answer, at);
  }
  await replay(db);
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
