// The shape of one kind of outbox operation (sync.md#push-in-one-request): its module holds
// its request and local change (the command), what an applied answer changes on the device, how a refusal is undone
// and told, and how it merges with the operations queued before it. The registry (./index.ts) has one per OpKind.
import type { Table } from 'dexie';
import type { QuayDb } from '../../db.ts';
import type { OpAnswer } from '../answer.ts';
import type { OpKind, OutboxRow, UndoByKind } from '../types.ts';

/** An outbox row of one kind, with that kind's undo. */
export type OpRow<K extends OpKind> = Omit<OutboxRow, 'kind' | 'undo'> & { kind: K; undo: UndoByKind[K] };

/**
 * Rule 2, for one row against the rows of its entity kept before it: kept as it is, dropped (an earlier one already
 * does what it does), or it supersedes an earlier one (the last state wins) and is kept as `merged`.
 */
export type MergeStep =
  { type: 'keep' } | { type: 'drop' } | { type: 'supersede'; earlier: OutboxRow; merged: OutboxRow };

export const KEEP: MergeStep = { type: 'keep' };

export interface OpModule<K extends OpKind> {
  readonly kind: K;
  /** The device tables its applied effect and its undo write; the drain adds db.outbox and db.meta. */
  tables(db: QuayDb): Table[];
  /** What the server's answer changes on the device once applied (inside the drain's transaction). */
  applied?(db: QuayDb, row: OpRow<K>, answer: OpAnswer, at: number): Promise<void>;
  /** Puts back what its local change replaced, after a refusal for good (inside the drain's transaction). */
  undo(db: QuayDb, row: OpRow<K>, why: string): Promise<void>;
  /** What a refusal tells the user (product.md#errors): the words, and whether they are a toast or only logged. */
  refusal(message: string): { message: string; toast: boolean };
  /** Merging with the rows of its entity kept before it (rule 2); absent: always kept. */
  merge?(kept: readonly OutboxRow[], row: OpRow<K>): MergeStep;
  /**
   * When it is refused while a later operation of the same kind waits in its entity (the user switched again, read
   * further): the later one stays on screen and takes what to put back. Absent: the refusal is undone at once.
   */
  handOver?(refused: OpRow<K>, later: OpRow<K>): UndoByKind[K];
}
