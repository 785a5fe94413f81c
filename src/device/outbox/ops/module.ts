// The shape of one kind of outbox operation (sync.md#push-in-one-request): its module holds its request and its
// effect on the device (`apply`, run by the command and again by every rebase), what an applied answer changes, a
// refusal's mark on the device's own rows, and how it merges with the operations queued before it. What a refusal
// tells the user is the registry's (core/contract/ops.ts `refused`). The registry (./index.ts) has one per OpKind.
import type { Table } from 'dexie';
import type { QuayDb } from '../../db.ts';
import type { OpAnswer } from '../answer.ts';
import type { OpKind, OutboxRow } from '../types.ts';

/** An outbox row of one kind. */
export type OpRow<K extends OpKind> = Omit<OutboxRow, 'kind'> & { kind: K };

/**
 * Rule 2, for one row against the rows of its entity kept before it: kept as it is, dropped (an earlier one already
 * does what it does), or it supersedes an earlier one (the last state wins) and is kept as `merged`.
 */
export type MergeStep =
  { type: 'keep' } | { type: 'drop' } | { type: 'supersede'; earlier: OutboxRow; merged: OutboxRow };

export const KEEP: MergeStep = { type: 'keep' };

export interface OpModule<K extends OpKind> {
  readonly kind: K;
  /** The device tables its effect and its applied answer write; the drain adds db.base, db.outbox and db.meta. */
  tables(db: QuayDb): Table[];
  /**
   * Its change on the device, computed from its body on top of whatever the rows are (the server's, after a pull):
   * the command runs it once, every rebase again. Each row it changes goes through `touch` (../base.ts) first.
   * Absent: the kind shows nothing (a page view).
   */
  apply?(db: QuayDb, row: OpRow<K>): Promise<void>;
  /** What the server's answer changes on the device once applied (inside the drain's transaction). */
  applied?(db: QuayDb, row: OpRow<K>, answer: OpAnswer, at: number): Promise<void>;
  /**
   * A refusal's mark on what is the device's own and no server row (an own message stays on screen, marked not
   * sent). Nothing is undone here: the rebase puts the server's rows back.
   */
  refused?(db: QuayDb, row: OpRow<K>, why: string): Promise<void>;
  /** Merging with the rows of its entity kept before it (rule 2); absent: always kept. */
  merge?(kept: readonly OutboxRow[], row: OpRow<K>): MergeStep;
}
