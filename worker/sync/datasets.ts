// The datasets the worker mirrors (src/core/db.ts `Dataset`): where each comes from, how its answer is checked,
// and how a 200 replaces the local rows in ONE transaction, keeping rows that have an operation still in the outbox.
import type { Static, TSchema } from 'typebox';
import { ProgramList, MyPortResponse, type LoggedUser } from '../../src/core/contract/common.ts';
import {
  BadgeResponse,
  NotificationListResponse,
  SettingListResponse,
} from '../../src/core/contract/notification.ts';
import { SearchIndex } from '../../src/core/contract/search-index.ts';
import { VesselCurrent } from '../../src/core/contract/vessel.ts';
import type { Dataset, QuayDb } from '../../src/core/db.ts';
import type { Check } from '../../src/core/net/http.ts';
import { checkLoggedUser } from '../../src/core/net/checks.ts';
import { checkSchema } from '../../src/core/net/schema-check.ts';
import { pageKey } from '../pages/sources.ts';

const API = '/api/v2/app';
/** How many notifications the device keeps: the newest, as many as the server gives at most. */
export const NOTIFICATION_LIMIT = 5000;

export interface DatasetJob<T> {
  dataset: Dataset;
  path: string;
  check: Check<T>;
  /** Writes the rows; runs inside the transaction that also stores the dataset's ETag. */
  apply(db: QuayDb, data: T, answer: AnswerInfo): Promise<void>;
}

/** What a 200 came with, for datasets that keep it on their own row too. */
export interface AnswerInfo {
  etag: string | null;
  syncedAt: number;
}

/** Keeps rows the user changed locally until the outbox confirms: entities like 'notification:123'. */
async function pendingKeys(db: QuayDb, prefix: string): Promise<Set<string>> {
  const rows = await db.outbox.where('entity').startsWith(`${prefix}:`).toArray();
  return new Set(rows.map((r) => r.entity.slice(prefix.length + 1)));
}

const job = <S extends TSchema>(
  dataset: Dataset,
  path: string,
  schema: S,
  apply: (db: QuayDb, data: Static<S>, answer: AnswerInfo) => Promise<void>,
): DatasetJob<Static<S>> => ({ dataset, path, check: checkSchema(schema), apply });

export const userJob: DatasetJob<LoggedUser> = {
  dataset: 'user',
  path: `${API}/common/logged-user`,
  check: checkLoggedUser,
  apply: (db, user) => db.setMeta('user', user),
};

export const badgeJob = job('badge', `${API}/notification/user/badge`, BadgeResponse, async (db, list) => {
  const old = await db.badge.get('notification');
  await db.badge.put({
    key: 'notification',
    notCnt: list[0]?.notCnt ?? 0,
    currBadgeCall: old?.currBadgeCall ?? 0,
  });
});

export const notificationsJob = job(
  'notifications',
  // The server's page is 1,000 by default; the device keeps up to 5,000 (the list is virtualized), newest first.
  `${API}/notification/user/list?limit=${NOTIFICATION_LIMIT}`,
  NotificationListResponse,
  async (db, { notiList }) => {
    const pending = await pendingKeys(db, 'notification');
    const kept = (await db.notifications.toArray()).filter((row) => pending.has(String(row.notSeq)));
    const keptSeqs = new Set(kept.map((row) => row.notSeq));
    await db.notifications.clear();
    await db.notifications.bulkPut([...notiList.filter((row) => !keptSeqs.has(row.notSeq)), ...kept]);
  },
);

export const settingsJob = job(
  'settings',
  `${API}/notification/settings`,
  SettingListResponse,
  async (db, { settingList }) => {
    const pending = await pendingKeys(db, 'setting');
    const kept = (await db.notificationSettings.toArray()).filter((row) => pending.has(row.notId));
    const keptIds = new Set(kept.map((row) => row.notId));
    await db.notificationSettings.clear();
    await db.notificationSettings.bulkPut([...settingList.filter((row) => !keptIds.has(row.notId)), ...kept]);
  },
);

export const programsJob = job('programs', `${API}/common/programs`, ProgramList, async (db, list) => {
  await db.programs.clear();
  await db.programs.bulkPut(list);
});

export const myPortsJob = job(
  'myPorts',
  `${API}/common/my-port`,
  MyPortResponse,
  async (db, { myPortList }) => {
    await db.myPorts.clear();
    await db.myPorts.bulkPut(myPortList);
  },
);

/** The compact index of everything the user may search, for the smart search with no link (worker/search). */
export const searchIndexJob = job(
  'searchIndex',
  `${API}/common/search-index`,
  SearchIndex,
  async (db, index, { etag, syncedAt }) => {
    await db.searchIndex.put({ key: 'all', entries: index, etag, syncedAt });
  },
);

/** Agents (usrTpCd '3') load their own ports (SPEC §4 Agent). */
export const AGENT_TYPE = '3';
/** Vessel users (usrTpCd '4') load their own vessel's current info and slane code (SPEC §4 Vessel user). */
export const VESSEL_TYPE = '4';

/**
 * The vessel user's own vessel: its office id is the vessel code (SPEC §1). The same answer is the vessel page's data
 * (page kind 'vessel'): kept there too, so the page opened next does not ask the server for it again.
 */
export const ownVesselJob = (vslCd: string) =>
  job(
    'ownVessel',
    `${API}/vessel/current?vslCd=${encodeURIComponent(vslCd)}`,
    VesselCurrent,
    async (db, vessel, { etag, syncedAt }) => {
      await db.setMeta('ownVessel', vessel);
      const key = pageKey('vessel', vslCd);
      const kept = await db.pageData.get(key);
      if (!kept || kept.syncedAt < syncedAt)
        await db.pageData.put({ key, data: vessel, etag, syncedAt, openedAt: kept?.openedAt ?? syncedAt });
    },
  );

/** The tables a dataset's transaction writes (besides syncState), and reads (outbox, for pending operations). */
export function tablesOf(db: QuayDb, dataset: Dataset) {
  switch (dataset) {
    case 'user':
      return [db.meta];
    case 'ownVessel':
      return [db.meta, db.pageData];
    case 'badge':
      return [db.badge];
    case 'notifications':
      return [db.notifications, db.outbox];
    case 'settings':
      return [db.notificationSettings, db.outbox];
    case 'programs':
      return [db.programs];
    case 'myPorts':
      return [db.myPorts];
    case 'searchIndex':
      return [db.searchIndex];
    case 'myVessels':
      return [db.pageData, db.outbox];
    case 'chatRooms':
      // The unread count of a room whose read mark still waits comes from the device (src/core/outbox/chat-ops.ts).
      return [db.chatRooms, db.chatMessages, db.outbox, db.meta];
  }
}
