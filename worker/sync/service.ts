// The sync service of one worker: the HTTP client, the engine, and leadership. Only the leader tab's worker runs
// passes and timers; a follower's syncNow() asks the leader over a BroadcastChannel. worker/index.ts wires it to
// the real navigator; tests build it with an in-memory lock and an online flag.
import type { SyncHint } from '../../src/core/contract/sync.ts';
import type { QuayDb } from '../../src/device/db.ts';
import { ApiClient } from '../../src/device/net/api-client.ts';
import type { TokenStore } from '../../src/device/net/token.ts';
import type { SyncStatusSnapshot } from '../../src/device/sync/status.ts';
import type { Locks } from '../../src/device/locks.ts';
import { electLeader, type Leadership } from '../leader.ts';
import { SyncEngine, type SyncEngineDeps, type SyncTiming } from './engine.ts';
import { readStatus, writeStatus } from './status-store.ts';

export interface SyncServiceDeps {
  db: QuayDb;
  tokens: TokenStore;
  locks: Locks;
  isOnline: () => boolean;
  /** Lets followers ask the leader for a sync (pull-to-refresh in any tab); optional in tests. */
  channel?: Pick<BroadcastChannel, 'postMessage' | 'addEventListener'> | undefined;
  timing?: Partial<SyncTiming>;
  now?: () => number;
  random?: () => number;
  afterPass?: SyncEngineDeps['afterPass'];
  extra?: SyncEngineDeps['extra'];
  linkMetered?: SyncEngineDeps['linkMetered'];
  timers?: SyncEngineDeps['timers'];
  liveComing?: SyncEngineDeps['liveComing'];
}

const SYNC_REQUEST = 'sync-request';
const SYNC_HINT = 'sync-hint';

export function createSyncService(deps: SyncServiceDeps) {
  const { db, tokens, locks, isOnline, channel } = deps;
  const client = new ApiClient(tokens, async () => {
    engine.markSignedOut();
    await writeStatus(db, {
      signedOut: true,
      lost: tokens.lost ?? 'refused',
      syncing: false,
      nextAttemptAt: null,
    });
  });
  const engine = new SyncEngine({
    db,
    client,
    ...(deps.timing ? { timing: deps.timing } : {}),
    ...(deps.now ? { now: deps.now } : {}),
    ...(deps.random ? { random: deps.random } : {}),
    ...(deps.afterPass ? { afterPass: deps.afterPass } : {}),
    ...(deps.extra ? { extra: deps.extra } : {}),
    ...(deps.linkMetered ? { linkMetered: deps.linkMetered } : {}),
    ...(deps.timers ? { timers: deps.timers } : {}),
    ...(deps.liveComing ? { liveComing: deps.liveComing } : {}),
  });
  let leadership: Leadership | null = null;
  let wanted = false;
  /** The pass started when this worker became leader (tests await it). */
  let activation: Promise<void> | null = null;
  let becameLeader: () => void = () => undefined;
  const leading = new Promise<void>((resolve) => {
    becameLeader = resolve;
  });

  channel?.addEventListener('message', (event) => {
    if (!leadership?.isLeader) return;
    const data = (event as MessageEvent).data;
    if (data === SYNC_REQUEST) void engine.request(true);
    else if (data === SYNC_HINT && !engine.live) void engine.request(false);
  });

  const service = {
    client,
    engine,
    get isLeader() {
      return leadership?.isLeader ?? false;
    },
    /** Resolves once this worker leads and its first pass is done (never, for a follower that stays one). */
    async whenLeading(): Promise<void> {
      await leading;
      await activation;
    },
    /** Resolves as soon as this worker leads, its first pass under way (never, for a follower that stays one). */
    whenLeader: (): Promise<void> => leading,
    /** After sign-on: queue for leadership; the leader syncs at once and then on its timers. */
    start(): void {
      wanted = true;
      if (!leadership) {
        leadership = electLeader(locks, () => {
          if (wanted) activation = engine.activate(isOnline());
          becameLeader();
        });
      } else if (leadership.isLeader) {
        activation = engine.activate(isOnline());
      }
    },
    /** Sign-out: no more passes here; the lock is kept so that leadership does not move for nothing. */
    pause(): void {
      wanted = false;
      engine.deactivate();
    },
    /** The user signed out here: stop, and let every tab see it. */
    async signedOut(): Promise<void> {
      service.pause();
      await writeStatus(db, { signedOut: true, syncing: false, nextAttemptAt: null });
    },
    /** The worker is going away: give leadership to the next tab. */
    stop(): void {
      service.pause();
      leadership?.release();
      leadership = null;
    },
    /** Pull-to-refresh: a full pass now, or one follow-up after the pass under way. */
    syncNow(): Promise<void> {
      if (leadership?.isLeader) return engine.request(true);
      channel?.postMessage(SYNC_REQUEST);
      return Promise.resolve();
    },
    /**
     * A push said something changed: a routine pass, coalesced; none while the live connection is up (its hint has
     * brought the change, or brings it).
     */
    somethingChanged(): Promise<void> {
      if (leadership?.isLeader) return engine.live ? Promise.resolve() : engine.request(false);
      channel?.postMessage(SYNC_HINT);
      return Promise.resolve();
    },
    /** The leader's live connection heard a hint (only the leader holds one). */
    hinted(hint: SyncHint, chatHeard: boolean): Promise<void> {
      return leadership?.isLeader ? engine.hinted(hint, chatHeard) : Promise.resolve();
    },
    /** The leader's live connection is up and hears hints, or went. */
    setLive(up: boolean): Promise<void> {
      return leadership?.isLeader ? engine.setLive(up) : Promise.resolve();
    },
    pageVisible(): Promise<void> {
      if (leadership?.isLeader) return engine.pageVisible();
      return Promise.resolve();
    },
    setOnline(online: boolean): Promise<void> {
      return leadership?.isLeader ? engine.setOnline(online) : Promise.resolve();
    },
    async getStatus(): Promise<SyncStatusSnapshot & { leader: boolean }> {
      const [status, rows] = await Promise.all([readStatus(db), db.syncState.toArray()]);
      const datasets: SyncStatusSnapshot['datasets'] = {};
      for (const row of rows) datasets[row.dataset] = { syncedAt: row.syncedAt, error: row.error };
      return { ...status, datasets, leader: service.isLeader };
    },
  };
  return service;
}

export type SyncService = ReturnType<typeof createSyncService>;
