// Merging rules that several kinds share (rule 2 of architecture.md#how-data-moves).
import type { OutboxRow } from '../types.ts';
import { KEEP, type MergeStep } from './module.ts';

/**
 * A state that replaces the one before (a switch, the subscription, the followed vessels, an alert rule): when the
 * row just before it is of the same kind, that one goes.
 */
export function lastStateWins(kept: readonly OutboxRow[], row: OutboxRow): MergeStep {
  const prev = kept[kept.length - 1];
  if (prev?.kind !== row.kind) return KEEP;
  return { type: 'supersede', earlier: prev, merged: row };
}
