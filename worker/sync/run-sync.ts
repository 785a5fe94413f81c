// One sync pass: the pull by cursor (every change of the user's datasets: notifications, badge, settings, ports,
// followed vessels, chat rooms), then the shared datasets as conditional GETs when they may have changed. A GET's
// 304 keeps the rows and stamps syncedAt; 200 replaces rows and ETag in one transaction; a failure is recorded on the
// dataset and leaves its rows alone.
import type { Dataset, QuayDb, SyncStateRow } from '../../src/device/db.ts';
import type { ApiClient } from '../../src/device/net/api-client.ts';
import type { OpError } from '../../src/device/outbox/types.ts';
import { RequestError } from '../../src/device/net/http.ts';
import { writeServerRows } from '../../src/device/outbox/rebase.ts';
import { ownVesselJob, programsJob, searchIndexJob, tablesOf, userJob, type DatasetJob } from './datasets.ts';
import { isVesselUser } from '../../src/core/role.ts';
import { dataSaverOn } from '../../src/device/meter/data-saver.ts';
import { pull, type PullOutcome } from './pull.ts';

export interface SyncResult {
  /** The first failure, or null when every dataset answered. */
  error: OpError | null;
  statuses: Partial<Record<Dataset, 200 | 304>>;
  /** What the pull brought, or null when it failed. */
  pulled: PullOutcome | null;
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
      // The server's rows under the operations still waiting (architecture.md#convergence-by-rebase).
      await writeServerRows(db, [db.syncState, ...tablesOf(db, job.dataset)], async () => {
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
 * Programs, the search index and a vessel user's own vessel are asked for (conditional GETs) only when the pull says
 * the shared catalog changed, on pull-to-refresh, or when older than this (a daily safety net: the catalog's version
 * names every change of them, and an hourly round of four conditional GETs cost about 45 KB over a 10-hour day on
 * the link); the user likewise (the pull brings its changes). A routine pass with nothing new is one pull.
 */
const SLOW_DATASET_MAX_AGE_MS = 24 * 60 * 60_000;

const REPLACED_BY_PULL: Dataset[] = ['notifications', 'badge', 'settings', 'myPorts'];

export interface SyncOptions {
  now?: () => number;
  /** Every dataset, whatever its age (pull-to-refresh). */
  full?: boolean;
  slowMaxAgeMs?: number;
  /**
   * More of the pass, after the pull (the chat rooms' missed messages, worker/chat/sync.ts): its failure counts as
   * the pass's, like a dataset's.
   */
  extra?: (pulled: PullOutcome | null) => Promise<unknown>;
}

export async function runSync(db: QuayDb, client: ApiClient, opts: SyncOptions = {}): Promise<SyncResult> {
  const now = opts.now ?? Date.now;
  const maxAge = opts.slowMaxAgeMs ?? SLOW_DATASET_MAX_AGE_MS;
  const result: SyncResult = { error: null, statuses: {}, pulled: null };
  const attemptedAt = now();
  try {
    result.pulled = await pull(db, client, now);
    await db.transaction('rw', db.syncState, async () => {
      await db.syncState.put({ dataset: 'pull', etag: null, syncedAt: now(), attemptedAt, error: null });
      // What the pull replaced (a device from before it kept a row and an ETag per list): nothing asks for them.
      await db.syncState.bulkDelete(REPLACED_BY_PULL);
    });
  } catch (err) {
    result.error = toOpError(err);
    const old = await db.syncState.get('pull');
    await db.syncState.put({
      dataset: 'pull',
      etag: null,
      syncedAt: old?.syncedAt ?? null,
      attemptedAt,
      error: result.error,
    });
    if (result.error.name === 'AuthenticationError') return result;
  }
  const states = new Map((await db.syncState.toArray()).map((row) => [row.dataset, row]));
  const due = (job: DatasetJob<unknown>, state = states.get(job.dataset)) => {
    if (opts.full) return true;
    // The shared catalog (programs, the fleet, services, ports) moved: each shared dataset not brought since this pass
    // began (a page opened meanwhile may have: the own vessel's page is its answer); not the user, whom the pull brings.
    if (result.pulled?.catalogChanged && job.dataset !== 'user' && (state?.syncedAt ?? 0) < attemptedAt)
      return true;
    return !state?.syncedAt || state.error !== null || now() - state.syncedAt >= maxAge;
  };
  const user = await db.getMeta('user');
  // Data saver on: a refresh of the offline search index waits for pull-to-refresh (a first index still comes).
  const slow: DatasetJob<unknown>[] = [userJob, programsJob];
  if (opts.full || !states.get('searchIndex')?.syncedAt || !(await dataSaverOn(db)))
    slow.push(searchIndexJob);
  // The vessel's identity and lane (for links and chat) change rarely; the vessel pages sync its state themselves.
  if (user && isVesselUser(user) && user.ofcId) slow.push(ownVesselJob(user.ofcId));
  const jobs = slow.filter((j) => due(j));
  const stillDue = async (j: DatasetJob<unknown>) => due(j, await db.syncState.get(j.dataset));
  // Round trips are most of a second: the GETs go in parallel (one token refresh serves them all).
  // Each is asked again whether it is due right before its request: a page opened while the pass ran may have brought
  // it meanwhile (the own vessel's page is its answer), and a second copy of an answer is money for nothing.
  const settled = await Promise.allSettled(
    jobs.map(async (j) => ((await stillDue(j)) ? syncDataset(db, client, j, now) : null)),
  );
  settled.forEach((s, i) => {
    const dataset = jobs[i]?.dataset;
    if (s.status === 'rejected') result.error ??= toOpError(s.reason);
    else if (dataset && s.value !== null) result.statuses[dataset] = s.value;
  });
  // After them: a vessel user's own vessel says whether it chats (product.md#what-happens-when), and the first pass knows it then.
  if (opts.extra) {
    try {
      await opts.extra(result.pulled);
    } catch (err) {
      result.error ??= toOpError(err);
    }
  }
  return result;
}
