// Signing out, with the link or without (architecture.md#sign-out, sync.md#sign-out-at-sea): what waits is sent
// first when it can be, else kept for the same user's next sign-on here or discarded, as the user chose; the
// user's data goes from the device at once; and the server hears of it at the next contact, whoever is signed on.
import type { QuayDb } from '../../src/device/db.ts';
import { endOnServer } from '../../src/device/net/sign-out.ts';
import type { TokenStore } from '../../src/device/net/token.ts';
import { pendingCount } from '../../src/device/outbox/count.ts';

/** What becomes of changes that could not be sent before signing out: the user's choice. */
export type UnsentChoice = 'keep' | 'discard';

export type SignOutResult =
  /** The server ended the session. */
  | { status: 'done' }
  /** No link: signed out on this device; the server is told at the next contact. */
  | { status: 'at-sea' }
  /** Changes could not be sent and the user has not said what becomes of them: nothing was done yet. */
  | { status: 'unsent'; waiting: number };

/** The tables that hold a user's data; the device's own (its id, the data meter, Data saver) stay. */
const USER_TABLES = [
  'syncState',
  'programs',
  'notifications',
  'notificationDetails',
  'notificationSettings',
  'badge',
  'myPorts',
  'base',
  'pageData',
  'searchIndex',
  'chatRooms',
  'chatMessages',
  'alertRules',
] as const;

/** The meta keys that are a user's. */
const USER_META = [
  'user',
  'token',
  'pushSubscription',
  'ownVessel',
  'pullState',
  'calendarLink',
  'outboxFailures',
  'outboxConfirmed',
  'portLiveFilters',
  'schedulesCatalog',
] as const;

/**
 * Removes the signed-out user's data in one transaction, the outbox with it: kept for that user's next sign-on here
 * (its page visits go, they are not changes), or dropped. The status row says signed out, so every tab leaves.
 */
async function forgetSignedOut(db: QuayDb, usrId: string | null, unsent: UnsentChoice): Promise<void> {
  const tables = USER_TABLES.map((t) => db.table(t));
  await db.transaction('rw', [db.meta, db.outbox, ...tables], async () => {
    const rows = (await db.outbox.orderBy('seq').toArray()).filter((r) => r.kind !== 'history');
    if (unsent === 'keep' && usrId && rows.length > 0) {
      const kept = ((await db.getMeta('keptChanges')) ?? []).filter((k) => k.usrId !== usrId);
      await db.setMeta('keptChanges', [...kept, { usrId, rows }]);
    }
    await db.outbox.clear();
    await Promise.all(tables.map((t) => t.clear()));
    await Promise.all(USER_META.map((k) => db.deleteMeta(k)));
    const status = await db.getMeta('syncStatus');
    if (status)
      await db.setMeta('syncStatus', {
        ...status,
        signedOut: true,
        lost: null,
        syncing: false,
        nextAttemptAt: null,
        notAnswering: null,
      });
  });
}

/**
 * The changes a user kept at a sign-out at sea go back into the outbox when that user signs on here again, after
 * anything waiting: the next drain sends them, the next pull's rebase shows them (architecture.md#the-outbox).
 */
export async function restoreKeptChanges(db: QuayDb, usrId: string): Promise<number> {
  return db.transaction('rw', db.meta, db.outbox, async () => {
    const all = (await db.getMeta('keptChanges')) ?? [];
    const mine = all.find((k) => k.usrId === usrId);
    if (!mine) return 0;
    await db.outbox.bulkAdd(mine.rows.map(({ seq: _seq, ...row }) => ({ ...row, nextAttemptAt: 0 })));
    const others = all.filter((k) => k !== mine);
    if (others.length > 0) await db.setMeta('keptChanges', others);
    else await db.deleteMeta('keptChanges');
    return mine.rows.length;
  });
}

export interface SignOutDeps {
  db: QuayDb;
  tokens: TokenStore;
  /** Whether the window last said the link is up. */
  linkUp: () => boolean;
  /** Sends what waits; resolves when the run is over, whatever it sent. */
  drain: () => Promise<unknown>;
  /** Stops what talks to the server for the user (sync, live connection, drain timer) before the data goes. */
  stop: () => void;
}

/**
 * Signs out. Without a choice, what waits is sent first; should any of it stay unsent (no link, no answer), nothing
 * is done and the caller asks the user (status 'unsent'). With the choice, or with nothing waiting, the server is
 * told when it answers, else the sign-out waits on the device for the next contact; the user's data goes at once.
 */
export async function signOutHere(deps: SignOutDeps, unsent?: UnsentChoice): Promise<SignOutResult> {
  const { db, tokens } = deps;
  if (deps.linkUp() && unsent === undefined) await deps.drain();
  const waiting = await pendingCount(db);
  if (waiting > 0 && unsent === undefined) return { status: 'unsent', waiting };
  deps.stop();
  const [token, user, device] = await Promise.all([
    tokens.stored(),
    db.getMeta('user'),
    db.getMeta('clientId'),
  ]);
  const told = !token || (deps.linkUp() && (await endOnServer(token, device ?? null, true)));
  if (!told && token)
    await db.transaction('rw', db.meta, async () => {
      const pending = (await db.getMeta('pendingSignOuts')) ?? [];
      await db.setMeta('pendingSignOuts', [...pending, { usrId: user?.usrId ?? '', token, at: Date.now() }]);
    });
  await forgetSignedOut(db, user?.usrId ?? null, unsent ?? 'discard');
  await tokens.clear();
  return told ? { status: 'done' } : { status: 'at-sea' };
}
