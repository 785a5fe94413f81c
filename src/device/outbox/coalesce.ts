// Rule 2 of architecture.md#in-order-per-entity: before an entity's queue is sent, operations that a later one makes pointless go (the last
// state of a setting wins, repeated reads collapse, only the newest read mark of a chat room is sent). Each kind
// says how it merges with what was kept before it (its module's `merge`).
import { opOf } from './ops/index.ts';
import type { OutboxRow } from './types.ts';

/** Rule 2's coalescing, on one entity's rows in seq order. An ack, a message and a berth prospect are never dropped. */
export function coalesce(rows: readonly OutboxRow[]): { keep: OutboxRow[]; drop: OutboxRow[] } {
  const keep: OutboxRow[] = [];
  const drop: OutboxRow[] = [];
  for (const stored of rows) {
    const { op, row } = opOf(stored);
    const step = op.merge?.(keep, row) ?? { type: 'keep' };
    if (step.type === 'drop') drop.push(stored);
    else if (step.type === 'keep') keep.push(stored);
    else {
      keep.splice(keep.indexOf(step.earlier), 1);
      drop.push(rows.find((r) => r.seq === step.earlier.seq) ?? step.earlier);
      keep.push(step.merged);
    }
  }
  return { keep, drop };
}
