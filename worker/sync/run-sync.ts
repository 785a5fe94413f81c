// One sync pass: conditional GETs for every dataset, what the user needs first (user, badge, notifications), the
// rest after. 304 keeps the rows and stamps syncedAt; 200 replaces rows and ETag in one transaction; a failure is
// recorded on the dataset and leaves its rows alone.
import type { Dataset, QuayDb, SyncStateRow } from '../../src/core/db.ts';
import type { ApiClient } from '../../src/core/net/api-client.ts';
import type { OpError } from '../../src/core/outbox/types.ts';
import { RequestError } from '../../src/core/net/http.ts';
import {
  AGENT_TYPE,
  badgeJob,
  myPortsJob,
  notificationsJob,
  ownVesselJob,
  programsJob,
  searchIndexJob,
  settingsJob,
  tablesOf,
  userJob,
  VESSEL_TYPE,
  type DatasetJob,
} from './datasets.ts';
import { dataSaverOn } from '../../src/core/meter/data-saver.ts';

export interface SyncResult {
  /** The first failure, or null when every dataset answered. */
  error: OpError | null;
  statuses: Partial<Record<Dataset, 200 | 304>>;
}

export function toOpError(err: unknown): OpError {
  if (err instanceof RequestError) return { name: err.name, message: err.message, status: err.status };
  if (err instanceof Error) return { name: 'UnknownError', message: err.message };
  return { name: 'UnknownError', message: String(err) };
}

/** One dataset: a conditional GET, then its rows and ETag in one transaction; the failure is kept on the dataset. */
export async function syncDataset<T>(
  db: QuayDb,
  client: Pick<ApiClient, 'conditional'>,
  job: DatasetJob<T>,
  now: () => number = Date.now,
): Promise<200 | 304> {
  const old = await db.syncState.get(job.dataset);
  const attemptedAt = now();
  const base: SyncStateRow = {
    dataset: job.dataset,
    etag: old?.etag ?? null,
    syncedAt: old?.syncedAt ?? null,
    attemptedAt,
    error: null,
  };
  try {
    const answer = await client.conditional(job.path, job.check, base.etag);
    if (answer.status === 304) {
      await db.syncState.put({ ...base, syncedAt: now() });
    } else {
      await db.transaction('rw', [db.syncState, ...tablesOf(db, job.dataset)], async () => {
        const syncedAt = now();
        await job.apply(db, answer.data, { etag: answer.etag, syncedAt });
        await db.syncState.put({ ...base, etag: answer.etag, syncedAt });
      });
    }
    return answer.status;
  } catch (err) {
    await db.syncState.put({ ...base, error: toOpError(err) });
    throw err;
  }
}

/**
 * Datasets that change rarely (the user, programs, settings, own ports, the search index) are asked for on a routine
 * pass only when older than this. The badge follows the list: it can only change when the list does (a new item, an
 * item read), so a routine pass asks for it when the list changed or when it is this old. On a paid link a routine
 * pass with nothing new then costs one 304.
 */
export const SLOW_DATASET_MAX_AGE_MS = 60 * 60_000;
const SLOW: ReadonlySet<Dataset> = new Set([
  'user',
  'programs',
  'settings',
  'myPorts',
  'badge',
  'ownVessel',
  'searchIndex',
]);

export interface SyncOptions {
  now?: () => number;
  /** Every dataset, whatever its age (pull-to-refresh). */
  full?: boolean;
  slowMaxAgeMs?: number;
  /**
   * More of the pass, run with the second phase (e.g. the chat rooms of a chat user, worker/chat/sync.ts): its
   * failure counts as the pass's, like a dataset's.
   */
  extra?: () => Promise<unknown>;
}

export async function runSync(db: QuayDb, client: ApiClient, opts: SyncOptions = {}): Promise<SyncResult> {
  const now = opts.now ?? Date.now;
  const maxAge = opts.slowMaxAgeMs ?? SLOW_DATASET_MAX_AGE_MS;
  const states = new Map((await db.syncState.toArray()).map((row) => [row.dataset, row]));
  const result: SyncResult = { error: null, statuses: {} };
  const due = (job: DatasetJob<unknown>) => {
    if (opts.full || !SLOW.has(job.dataset)) return true;
    if (job.dataset === 'badge' && result.statuses.notifications !== 304) return true;
    const state = states.get(job.dataset);
    return !state?.syncedAt || state.error !== null || now() - state.syncedAt >= maxAge;
  };
  const phase = async (all: DatasetJob<unknown>[], extra?: () => Promise<unknown>) => {
    const jobs = all.filter(due);
    // The extra goes last in the list, so that settled[i] of a dataset is jobs[i]'s.
    const settled = await Promise.allSettled<unknown>([
      ...jobs.map((j) => syncDataset(db, client, j, now)),
      ...(extra ? [extra()] : []),
    ]);
    settled.forEach((s, i) => {
      const dataset = jobs[i]?.dataset;
      if (s.status === 'rejected') result.error ??= toOpError(s.reason);
      else if (dataset) result.statuses[dataset] = s.value as 200 | 304;
    });
  };
  // Round trips are most of a second: the datasets of a phase go in parallel (one token refresh serves them all).
  // What the user needs first (user, notifications), then the badge with the rest.
  await phase([userJob, notificationsJob]);
  if (result.error?.name === 'AuthenticationError') return result;
  const user = await db.getMeta('user');
  // The offline search index (a few KB gzip) changes when the fleet, services or ports do: hourly, like programs.
  // Data saver on: the hourly refresh of the index waits (a first index, or pull-to-refresh, still comes).
  const rest: DatasetJob<unknown>[] = [badgeJob, programsJob, settingsJob];
  if (opts.full || !states.get('searchIndex')?.syncedAt || !(await dataSaverOn(db)))
    rest.push(searchIndexJob);
  if (user?.usrTpCd === AGENT_TYPE) rest.push(myPortsJob);
  // The vessel's identity and lane (for links and chat) change rarely; the vessel pages sync its state themselves.
  if (user?.usrTpCd === VESSEL_TYPE && user.ofcId) rest.push(ownVesselJob(user.ofcId));
  // A page opened meanwhile may have brought a dataset of the second phase (the own vessel's page is its answer).
  for (const row of await db.syncState.toArray()) states.set(row.dataset, row);
  await phase(rest, opts.extra);
  return result;
}
