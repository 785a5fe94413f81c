// The signed-on user's record as the server sends it (the pull, GET /common/logged-user), and what the device drops
// when the user's rights changed: a vessel user moved to another vessel, or a type, roles or ports changed
// (sync.md#a-user-whose-rights-change). The same person stays signed on; what it may see is fetched afresh.
import type { Table } from 'dexie';
import type { LoggedUser } from '../../src/core/contract/common.ts';
import type { QuayDb } from '../../src/device/db.ts';

/** Whether `after` is the same person as `before` with other rights: what it may see is to be fetched again. */
function rightsChanged(before: LoggedUser | undefined, after: LoggedUser): boolean {
  if (!before || before.usrId !== after.usrId) return false;
  return (
    before.usrTpCd !== after.usrTpCd || before.usrRoleCd !== after.usrRoleCd || before.ofcId !== after.ofcId
  );
}

/** The tables the drop clears, besides meta: whatever of them a writer of the user record must hold in its transaction. */
export const scopedTables = (db: QuayDb): Table[] => [
  db.notifications,
  db.notificationDetails,
  db.badge,
  db.myPorts,
  db.alertRules,
  db.pageData,
  db.searchIndex,
  db.chatRooms,
  db.chatMessages,
  db.syncState,
];

/**
 * Everything the device keeps of what the user could see: the notifications (of the old vessel), the chat rooms and
 * their messages, the pages' data (the old vessel's voyage, reports, memos), the own vessel, the search index; and
 * the pull's cursor, so that the next pull brings the user's datasets whole. The outbox stays: what waits goes to the
 * server, which refuses what the user may no longer do, and the app shows the refusal. Run it inside a transaction
 * over meta and scopedTables(db) (and the rebase's tables when the outbox is replayed after).
 */
async function dropScopedData(db: QuayDb): Promise<void> {
  await Promise.all([
    db.notifications.clear(),
    db.notificationDetails.clear(),
    db.badge.clear(),
    db.myPorts.clear(),
    db.alertRules.clear(),
    db.pageData.clear(),
    db.searchIndex.clear(),
    db.chatRooms.clear(),
    db.chatMessages.clear(),
    // Every dataset asked again (programs, the search index, the own vessel): only the user was just brought.
    db.syncState.where('dataset').notEqual('user').delete(),
    db.deleteMeta('ownVessel'),
    db.deleteMeta('pullState'),
  ]);
}

/**
 * Keeps the user record; when it is the same person with other rights, drops first what it could see (then the
 * caller writes what it brought). Answers whether it dropped.
 */
export async function keepUser(db: QuayDb, user: LoggedUser): Promise<boolean> {
  const changed = rightsChanged(await db.getMeta('user'), user);
  if (changed) await dropScopedData(db);
  await db.setMeta('user', user);
  return changed;
}
