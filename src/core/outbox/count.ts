// Rule 4 of DESIGN.md §3: how many of the user's changes wait to be sent. A module of its own so that the window
// counts without loading the drain.
import type { QuayDb } from '../db.ts';
import type { OpKind } from './types.ts';

/** Kinds that are not the user's changes (page views): sent like the others, never counted as "changes waiting". */
export const UNCOUNTED_KINDS: readonly OpKind[] = ['history'];

/** Rule 4: what the window shows. How many of the user's changes wait to be sent (page views not counted). */
export function pendingCount(db: QuayDb): Promise<number> {
  return db.outbox.filter((row) => !UNCOUNTED_KINDS.includes(row.kind)).count();
}
