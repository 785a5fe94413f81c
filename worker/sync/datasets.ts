// The datasets the worker mirrors with conditional GETs besides the pull (src/device/db.ts `Dataset`): where each comes
// from, how its answer is checked, and how a 200 replaces the local rows in ONE transaction.
import type { Static, TSchema } from 'typebox';
import { ProgramList, type LoggedUser } from '../../src/core/contract/common.ts';
import { SearchIndex } from '../../src/core/contract/search-index.ts';
import { VesselCurrent } from '../../src/core/contract/vessel.ts';
import type { Dataset, QuayDb } from '../../src/device/db.ts';
import type { Check } from '../../src/device/net/http.ts';
import { checkLoggedUser } from '../../src/device/net/checks.ts';
import { checkSchema } from '../../src/device/net/schema-check.ts';
import { pageKey } from '../page-data/sources.ts';
import { keepUser, scopedTables } from './user-scope.ts';
import {
  COMMON_LOGGED_USER,
  COMMON_PROGRAMS,
  COMMON_SEARCH_INDEX,
  commonPath,
  VESSEL_CURRENT,
  vesselPath,
} from '../../src/core/contract/api.ts';

export interface DatasetJob<T> {
  dataset: Dataset;
  path: string;
  check: Check<T>;
  /** Writes the rows; runs inside the transaction that also stores the dataset's ETag. */
  apply(db: QuayDb, data: T, answer: AnswerInfo): Promise<void>;
}

/** What a 200 came with, for datasets that keep it on their own row too. */
interface AnswerInfo {
  etag: string | null;
  syncedAt: number;
}

const job = <S extends TSchema>(
  dataset: Dataset,
  path: string,
  schema: S,
  apply: (db: QuayDb, data: Static<S>, answer: AnswerInfo) => Promise<void>,
): DatasetJob<Static<S>> => ({ dataset, path, check: checkSchema(schema), apply });

export const userJob: DatasetJob<LoggedUser> = {
  dataset: 'user',
  path: commonPath(COMMON_LOGGED_USER),
  check: checkLoggedUser,
  // The same person with other rights: what it could see goes first (sync.md#a-user-whose-rights-change).
  apply: async (db, user) => void (await keepUser(db, user)),
};

export const programsJob = job('programs', commonPath(COMMON_PROGRAMS), ProgramList, async (db, list) => {
  await db.programs.clear();
  await db.programs.bulkPut(list);
});

/** The compact index of everything the user may search, for the smart search with no link (worker/search). */
export const searchIndexJob = job(
  'searchIndex',
  commonPath(COMMON_SEARCH_INDEX),
  SearchIndex,
  async (db, index, { etag, syncedAt }) => {
    await db.searchIndex.put({ key: 'all', entries: index, etag, syncedAt });
  },
);

/**
 * The vessel user's own vessel: its office id is the vessel code (product.md#who-uses-it). The same answer is the vessel page's data
 * (page kind 'vessel'): kept there too, so the page opened next does not ask the server for it again.
 */
export const ownVesselJob = (vslCd: string) =>
  job(
    'ownVessel',
    `${vesselPath(VESSEL_CURRENT)}?vslCd=${encodeURIComponent(vslCd)}`,
    VesselCurrent,
    async (db, vessel, { etag, syncedAt }) => {
      await db.setMeta('ownVessel', vessel);
      const key = pageKey('vessel', vslCd);
      const kept = await db.pageData.get(key);
      if (!kept || kept.syncedAt < syncedAt)
        await db.pageData.put({ key, data: vessel, etag, syncedAt, openedAt: kept?.openedAt ?? syncedAt });
    },
  );

/** The tables a dataset's transaction writes, besides syncState and what a rebase writes (rebaseTables). */
export function tablesOf(db: QuayDb, dataset: Dataset) {
  switch (dataset) {
    case 'user':
      return [db.meta, ...scopedTables(db)];
    case 'ownVessel':
      return [db.meta, db.pageData];
    case 'badge':
      return [db.badge];
    case 'notifications':
      return [db.notifications];
    case 'settings':
      return [db.notificationSettings];
    case 'programs':
      return [db.programs];
    case 'myPorts':
      return [db.myPorts];
    case 'searchIndex':
      return [db.searchIndex];
    case 'myVessels':
      return [db.pageData];
    case 'pull':
      return [db.meta];
    case 'chatRooms':
      return [db.chatRooms];
  }
}
