// One page of a pull by cursor (src/core/contract/sync.ts PullResponse) into IndexedDB in ONE transaction, with the
// cursor it brings: the server's rows are written as they are, and the operations still waiting are applied again
// on top of them (architecture.md#the-outbox).
import type { PullResponse } from '../../src/core/contract/sync.ts';
import type { ChatRoom } from '../../src/core/contract/chat.ts';
import type { ChatRoomRow, PullState, QuayDb } from '../../src/device/db.ts';
import { followVessels } from '../../src/device/outbox/drain.ts';
import { rebaseTables, underWaiting } from '../../src/device/outbox/rebase.ts';
import { pageKey } from '../page-data/sources.ts';
import { isVesselUser } from '../../src/core/role.ts';
import { keepUser, scopedTables } from './user-scope.ts';

/** How many notifications the device keeps: the newest (the list is virtualized). */
const NOTIFICATION_LIMIT = 5000;
/**
 * How many details the device keeps: the pull brings those of unread and recent notifications (docs/sync.md#pull-by-cursor),
 * an opening those of others; past this, the details of read notifications go first, oldest first.
 */
const DETAIL_LIMIT = 500;

/** What applying a page changed, for what the pass does next. */
export interface PageApplied {
  state: PullState;
  /** Programs and the search index are to be asked for again (the shared catalog moved, or a first pull). */
  catalogChanged: boolean;
  /** The page carried chat rooms: the live connection's room subscriptions and missed messages follow. */
  chatRooms: boolean;
  /**
   * The page brought the user with other rights and was not a fresh start: what the user could see was dropped with
   * the cursor, and the pull starts again from scratch (sync.md#a-user-whose-rights-change).
   */
  restart: boolean;
}

/** Every table a page may write, and those of the rebase (the bases, the outbox, what waiting operations change). */
const pullTables = (db: QuayDb) => [
  ...new Set([
    db.meta,
    db.notifications,
    db.notificationDetails,
    db.badge,
    db.notificationSettings,
    db.myPorts,
    db.pageData,
    db.chatRooms,
    db.chatMessages,
    db.alertRules,
    ...scopedTables(db),
    ...rebaseTables(db),
  ]),
];

/**
 * Applies `page` when the device's pull state is still the one it was asked from (`askedFrom` says so): a page
 * answered from a cursor the device has since moved past would put older rows over newer ones. Gives null then.
 */
export async function applyPullPage(
  db: QuayDb,
  page: PullResponse,
  askedFrom: (state: PullState | undefined) => boolean,
  now: () => number = Date.now,
): Promise<PageApplied | null> {
  return db.transaction('rw', pullTables(db), async () => {
    const before = await db.getMeta('pullState');
    if (!askedFrom(before)) return null;
    const dropped = await underWaiting(db, () => applyRows(db, page, now()));
    const state: PullState = { cursor: page.cursor, version: page.version, catalog: page.catalog };
    // A page of changes only cannot fill what was dropped: no cursor is kept, and the next page is a first one.
    if (dropped && !page.reset) return { state, catalogChanged: true, chatRooms: true, restart: true };
    await db.setMeta('pullState', state);
    return {
      state,
      catalogChanged: dropped || before?.catalog !== page.catalog,
      chatRooms: page.chatRooms !== undefined || dropped,
      restart: false,
    };
  });
}

/**
 * The page's rows as the server has them: what waiting operations did is applied again after (underWaiting). Answers
 * whether the user came with other rights, and what it could see before was dropped first.
 */
async function applyRows(db: QuayDb, page: PullResponse, now: number): Promise<boolean> {
  const dropped = page.user ? await keepUser(db, page.user) : false;
  await applyNotifications(db, page, now);
  if (page.badge !== undefined) {
    const old = await db.badge.get('notification');
    await db.badge.put({ key: 'notification', notCnt: page.badge, currBadgeCall: old?.currBadgeCall ?? 0 });
  }
  if (page.settings || page.reset) {
    if (page.reset) await db.notificationSettings.clear();
    await db.notificationSettings.bulkPut(page.settings ?? []);
  }
  if (page.myPorts || page.reset) {
    await db.myPorts.clear();
    await db.myPorts.bulkPut(page.myPorts ?? []);
  }
  const usrId = (page.user ?? (await db.getMeta('user')))?.usrId;
  // The My Vessel page's data marks the followed ones.
  if (page.myVessels && usrId) await followVessels(db, pageKey('myVessels', usrId), page.myVessels);
  if (page.chatRooms || page.reset) await applyChatRooms(db, page.chatRooms ?? [], page.reset, now);
  // The whole list of alert rules replaces the device's.
  if (page.alertRules || page.reset) {
    await db.alertRules.clear();
    await db.alertRules.bulkPut(page.alertRules ?? []);
  }
  return dropped;
}

async function applyNotifications(db: QuayDb, page: PullResponse, fetchedAt: number): Promise<void> {
  // A reset replaces the list.
  if (page.reset) await db.notifications.clear();
  const items = page.notifications ?? [];
  await db.notifications.bulkPut(items);
  const details = (page.details ?? []).map((detail) => ({ ...detail, fetchedAt }));
  await db.notificationDetails.bulkPut(details);
  // A notification read or acknowledged long ago comes without its detail: the one kept here takes its flags.
  const brought = new Set(details.map((d) => d.notSeq));
  const without = items.filter((item) => !brought.has(item.notSeq));
  const kept = await db.notificationDetails.bulkGet(without.map((item) => item.notSeq));
  const flagged = [];
  for (const [i, detail] of kept.entries()) {
    const item = without[i];
    if (!detail || !item) continue;
    if (detail.notReadYn === item.notReadYn && detail.ackUsrId === item.ackUsrId) continue;
    flagged.push({ ...detail, notReadYn: item.notReadYn, ackUsrId: item.ackUsrId });
  }
  await db.notificationDetails.bulkPut(flagged);
  const excess = (await db.notifications.count()) - NOTIFICATION_LIMIT;
  if (excess > 0) {
    const oldest = await db.notifications.orderBy('creDt').limit(excess).primaryKeys();
    await db.notifications.bulkDelete(oldest);
    await db.notificationDetails.bulkDelete(oldest);
  }
  await pruneDetails(db);
}

/**
 * Keeps at most `limit` details: the one just opened (`keep`), those of unread notifications, then the newest; a
 * detail whose notification the device no longer has goes first. Cheap when under the limit (a count). Run it in a transaction over
 * notifications and notificationDetails.
 */
export async function pruneDetails(db: QuayDb, keep?: number, limit = DETAIL_LIMIT): Promise<void> {
  if ((await db.notificationDetails.count()) <= limit) return;
  const keys = await db.notificationDetails.toCollection().primaryKeys();
  const items = await db.notifications.bulkGet(keys);
  const rank = keys.map((notSeq, i) => {
    const item = items[i];
    return {
      notSeq,
      kept: notSeq === keep ? 2 : item ? 1 : 0,
      unread: item?.notReadYn === 'N' ? 1 : 0,
      creDt: item?.creDt ?? '',
    };
  });
  rank.sort(
    (a, b) => b.kept - a.kept || b.unread - a.unread || b.creDt.localeCompare(a.creDt) || b.notSeq - a.notSeq,
  );
  await db.notificationDetails.bulkDelete(rank.slice(limit).map((r) => r.notSeq));
}

/**
 * Rooms whose summary or unread count changed, merged into the device's (a reset replaces them), as the room list
 * writes them (worker/chat/rest.ts): what the device knows of each room's history is kept. The order is the
 * server's: the own vessel's room first, then newest message first.
 */
async function applyChatRooms(
  db: QuayDb,
  rooms: ChatRoom[],
  reset: boolean,
  syncedAt: number,
): Promise<void> {
  const before = new Map((await db.chatRooms.toArray()).map((r) => [r.roomId, r]));
  const merged = new Map<string, ChatRoomRow>(reset ? [] : before);
  for (const r of rooms) {
    merged.set(r.roomId, {
      ...r,
      order: 0,
      hasOlder: before.get(r.roomId)?.hasOlder ?? true,
      syncedAt,
    });
  }
  const user = await db.getMeta('user');
  const ownVessel = user && isVesselUser(user) ? user.ofcId : null;
  const rows = [...merged.values()].sort((a, b) => roomOrder(a, b, ownVessel));
  rows.forEach((row, order) => (row.order = order));
  if (reset) await db.chatRooms.bulkDelete([...before.keys()].filter((id) => !merged.has(id)));
  await db.chatRooms.bulkPut(rows);
}

function roomOrder(a: ChatRoomRow, b: ChatRoomRow, ownVessel: string | null | undefined): number {
  const own = Number(b.vslCd === ownVessel) - Number(a.vslCd === ownVessel);
  if (own !== 0) return own;
  const at = a.lastMessage?.creDt ?? '';
  const bt = b.lastMessage?.creDt ?? '';
  if (at !== bt) return bt.localeCompare(at);
  const seq = (b.lastMessage?.msgSeq ?? -1) - (a.lastMessage?.msgSeq ?? -1);
  return seq !== 0 ? seq : a.roomId.localeCompare(b.roomId);
}
