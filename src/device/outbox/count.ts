// Rule 4 of architecture.md#how-data-moves: how many of the user's changes wait to be sent. A module of its own so that the window
// counts without loading the drain.
import type { QuayDb } from '../db.ts';
import { OPS } from '../../core/contract/ops.ts';

/**
 * Rule 4: what the window shows. How many of the user's changes wait to be sent: page views not counted; read marks
 * of a chat room are the user's (the other side sees "Read" only once it is sent), counted once per room.
 */
export async function pendingCount(db: QuayDb): Promise<number> {
  let count = 0;
  const once = new Set<string>();
  await db.outbox.each((row) => {
    // How a kind counts is its definition's (core/contract/ops.ts); a row of a kind this build no longer has: not.
    const counted = (OPS as Partial<typeof OPS>)[row.kind]?.counted;
    if (counted === 'once') once.add(row.entity);
    else if (counted === 'each') count += 1;
  });
  return count + once.size;
}
