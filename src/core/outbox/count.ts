// Rule 4 of DESIGN.md §3: how many of the user's changes wait to be sent. A module of its own so that the window
// counts without loading the drain.
import type { QuayDb } from '../db.ts';
import type { OpKind } from './types.ts';

/** Kinds that are not the user's changes (page views): sent like the others, never counted as "changes waiting". */
export const UNCOUNTED_KINDS: readonly OpKind[] = ['history'];

/**
 * Kinds of which only the newest per entity is sent (a room's read marks, chat-ops.ts): each entity counts once,
 * so the number is what will be sent, not how often the user scrolled.
 */
export const ONCE_PER_ENTITY_KINDS: readonly OpKind[] = ['chatRead'];

/**
 * Rule 4: what the window shows. How many of the user's changes wait to be sent: page views not counted; read marks
 * of a chat room are the user's (the other side sees "Read" only once it is sent), counted once per room.
 */
export async function pendingCount(db: QuayDb): Promise<number> {
  let count = 0;
  const once = new Set<string>();
  await db.outbox.each((row) => {
    if (UNCOUNTED_KINDS.includes(row.kind)) return;
    if (ONCE_PER_ENTITY_KINDS.includes(row.kind)) once.add(row.entity);
    else count += 1;
  });
  return count + once.size;
}
