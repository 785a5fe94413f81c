// Rule 4 of architecture.md#how-data-moves: how many of the user's changes wait to be sent. A module of its own so that the window
// counts without loading the drain.
import type { QuayDb } from '../db.ts';
import type { OpKind } from './types.ts';

/**
 * How each kind counts among the user's changes waiting, beside its module in ./ops but apart from it, so that the
 * window counts without loading the ops: 'each' operation; 'once' per entity for kinds of which only the newest is
 * sent (a room's read marks, chat-ops.ts), so the number is what will be sent, not how often the user scrolled; 'not'
 * for what is not the user's change (page views). A kind missing here does not compile.
 */
const COUNTED: { readonly [K in OpKind]: 'each' | 'once' | 'not' } = {
  ack: 'each',
  read: 'each',
  setting: 'each',
  subscription: 'each',
  device: 'each',
  history: 'not',
  mySetting: 'each',
  chat: 'each',
  chatRead: 'once',
  berthProspect: 'each',
  pushAlert: 'each',
  alertRule: 'each',
};

/**
 * Rule 4: what the window shows. How many of the user's changes wait to be sent: page views not counted; read marks
 * of a chat room are the user's (the other side sees "Read" only once it is sent), counted once per room.
 */
export async function pendingCount(db: QuayDb): Promise<number> {
  let count = 0;
  const once = new Set<string>();
  await db.outbox.each((row) => {
    const counted = COUNTED[row.kind];
    if (counted === 'once') once.add(row.entity);
    else if (counted === 'each') count += 1;
  });
  return count + once.size;
}
