// What /health/ shows of the live connection, in any tab: the leader's state, its own or as it last wrote it to meta.
import type { QuayDb } from '../../src/device/db.ts';
import { LIVE_LINK_OFF, type LiveStatusReport } from '../../src/device/live-link.ts';
import type { LiveConnection } from './connection.ts';

const OFF_NOW = { state: 'off', subscribed: false, nextAttemptAt: null } as const;

export function liveStatusOf(deps: {
  db: QuayDb;
  live: Pick<LiveConnection, 'status'>;
  /** Whether this worker leads (runs sync and the connection): a follower reports the leader's state instead. */
  isLeader: () => boolean;
  /** Whether any tab leads at all (a Web Lock query); unknown (undefined) where the browser cannot say. */
  leaderExists?: () => Promise<boolean | undefined>;
}): () => Promise<LiveStatusReport> {
  return async () => {
    if (deps.isLeader()) return { ...deps.live.status(), leader: true };
    const written = (await deps.db.getMeta('liveLink')) ?? LIVE_LINK_OFF;
    // The leading tab closed without a word: no tab holds a connection now.
    if ((await deps.leaderExists?.()) === false) return { ...written, ...OFF_NOW, leader: false };
    return { ...written, leader: false };
  };
}
