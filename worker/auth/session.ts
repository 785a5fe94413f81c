// Sign-on state as the window sees it: start a session from the sign-on cookie (or, with no link, from what this
// device stored last time), and sign out.
import type { LoggedUser } from '../../src/core/contract/common.ts';
import type { QuayDb } from '../../src/device/db.ts';
import type { ApiClient } from '../../src/device/net/api-client.ts';
import { isLinkFailure, RequestError } from '../../src/device/net/http.ts';
import type { TokenStore } from '../../src/device/net/token.ts';
import type { SessionLoss } from '../../src/core/contract/session-loss.ts';
import { clientIdOf } from '../../src/device/outbox/enqueue.ts';
import { recordFailure } from '../../src/device/outbox/meta.ts';
import { userJob } from '../sync/datasets.ts';
import { syncDataset } from '../sync/run-sync.ts';
import { restoreKeptChanges } from './sign-out.ts';
import { sendPendingSignOuts } from '../../src/device/net/sign-out.ts';

export type SessionStart =
  /** lost: why a session this device held is over, when the server said (product.md#token). */
  | { status: 'signed-out'; lost?: SessionLoss }
  /** offline: the server could not be reached, and the user and token this device stored are used. */
  | { status: 'signed-on'; token: string; user: LoggedUser; offline: boolean };

export interface SessionDeps {
  db: QuayDb;
  tokens: TokenStore;
  client: ApiClient;
  now?: () => number;
}

export interface StartOptions {
  /**
   * A sign-on has just happened (src/core/contract/sign-on-mark.ts): the cookie decides who is signed on, so a fresh
   * token and the user are asked for (a stored token may be another user's). Otherwise a device with a stored user
   * and token opens with them and asks nothing: the sync pass that follows carries the token, and a session that
   * ended is found there (401, then a refresh that says Fail signs out). On a paid link that is two requests fewer
   * each time the app opens.
   */
  fresh?: boolean;
}

/**
 * Starts the session: from the device when it may (see StartOptions), else from the server. With no link, a device
 * that was signed on opens with its stored user (product.md#what-happens-when: the app works at sea).
 */
export async function startSession(deps: SessionDeps, opts: StartOptions = {}): Promise<SessionStart> {
  const { db, tokens, client } = deps;
  // A sign-out made here at sea is told at the next contact, whoever signs on now (its token names its session).
  void sendPendingSignOuts(db).catch((err: unknown) => console.warn('Telling a sign-out failed', err));
  if (opts.fresh === false) {
    const [user, token] = await Promise.all([db.getMeta('user'), tokens.stored()]);
    if (user && token) return { status: 'signed-on', token, user, offline: false };
  }
  try {
    const previous = await db.getMeta('user');
    const token = await tokens.refresh();
    if (!token)
      return previous && tokens.lost ? { status: 'signed-out', lost: tokens.lost } : { status: 'signed-out' };
    // Conditional: the sync pass right after finds the user current (304) instead of fetching it twice.
    await syncDataset(db, client, userJob, deps.now);
    const user = await db.getMeta('user');
    if (!user) throw new RequestError('The signed-on user could not be loaded.');
    if (previous && previous.usrId !== user.usrId) await forgetUser(db, previous.usrId, deps.now ?? Date.now);
    // Changes this user kept when signing out at sea go now, as this user (sync.md#sign-out-at-sea).
    await restoreKeptChanges(db, user.usrId);
    // The device id (User Device Information, push device id, outbox ids) exists from the first sign-on.
    await clientIdOf(db);
    return { status: 'signed-on', token: (await tokens.stored()) ?? token, user, offline: false };
  } catch (err) {
    if (!isLinkFailure(err)) throw err;
    const [user, token] = await Promise.all([db.getMeta('user'), tokens.stored()]);
    if (!user || !token) throw err;
    return { status: 'signed-on', token, user, offline: true };
  }
}

/**
 * Another user signed on on this device: the previous user's copies go. Their unsent operations cannot be sent as
 * the new user; they are reported (outbox failures) rather than dropped silently (architecture.md#how-data-moves).
 */
async function forgetUser(db: QuayDb, usrId: string, now: () => number): Promise<void> {
  await db.transaction(
    'rw',
    [
      db.meta,
      db.syncState,
      db.programs,
      db.notifications,
      db.notificationDetails,
      db.notificationSettings,
      db.badge,
      db.myPorts,
      db.outbox,
      db.base,
      db.pageData,
      db.searchIndex,
      db.chatRooms,
      db.chatMessages,
    ],
    async () => {
      const unsent = await db.outbox.orderBy('seq').toArray();
      // Page visits of the application history are not the user's changes: they go without a word.
      for (const row of unsent.filter((r) => r.kind !== 'history')) {
        await recordFailure(db, {
          opId: row.opId,
          kind: row.kind,
          entity: row.entity,
          body: row.body,
          message: `Not sent: ${usrId} signed out before this change reached the server.`,
          toast: true,
          at: now(),
        });
      }
      await Promise.all([
        db.outbox.clear(),
        db.base.clear(),
        db.programs.clear(),
        db.notifications.clear(),
        db.notificationDetails.clear(),
        db.notificationSettings.clear(),
        db.badge.clear(),
        db.myPorts.clear(),
        db.pageData.clear(),
        db.searchIndex.clear(),
        db.chatRooms.clear(),
        db.chatMessages.clear(),
        db.syncState.where('dataset').notEqual('user').delete(),
        db.deleteMeta('pushSubscription'),
        db.deleteMeta('ownVessel'),
        db.deleteMeta('syncStatus'),
        // The cursor is the previous user's: the new one's first pull starts from scratch.
        db.deleteMeta('pullState'),
        // The calendar feed's secret is the previous user's.
        db.deleteMeta('calendarLink'),
      ]);
    },
  );
}
