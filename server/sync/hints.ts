// The poke (docs/sync.md): after a change commits, each connection of its user subscribed to SYNC_HINT_TOPIC gets
// {v, k}: the user's new version and what changed. Changes of one user committed in the same tick go as one hint.
// When the pull from the version before them is small (at most INLINE_PULL_BYTES of JSON, no more pages), the hint
// carries it with `from`: a device whose version is `from` applies it and asks nothing.
import type { Db } from '../db/db.ts';
import type { AuthUser } from '../auth/user.ts';
import type { StompLog } from '../stomp/broker.ts';
import type { Live } from '../live/live.ts';
import type { LiveBus } from '../bus/bus.ts';
import type { Committed } from './changes.ts';
import { pullFrom, type SyncDeps } from './pull.ts';
import { ChangeKind, SYNC_HINT_TOPIC, type SyncHint } from '../../src/core/contract/sync.ts';

/** A hint frame with its pull stays within one or two IP packets of a satellite link. */
const INLINE_PULL_BYTES = 4096;
/** Entities an inline pull may bring (the byte rule usually stops it first). */
const INLINE_PULL_LIMIT = 20;
/** A hint naming everything: the device pulls when it is behind. */
const ALL_KINDS = ChangeKind.anyOf.map((k) => k.const).sort();

export interface SyncHints {
  /** A commit's new versions, from any instance (the bus): hints to the users listening on this one. */
  committed(list: readonly Committed[]): void;
  /** Resolves when every hint of changes committed so far has been sent. */
  settled(): Promise<void>;
  close(): void;
}

interface Pending {
  from: number;
  to: number;
  kinds: Set<ChangeKind>;
}

export function createSyncHints(deps: {
  db: Db;
  /** The live connection: the hint topic is the sync's part of it. */
  live: Pick<Live, 'broker' | 'register'>;
  sync: SyncDeps;
  log: StompLog;
  /** Where commits are announced to every instance; none: only committed() calls. */
  bus?: LiveBus;
}): SyncHints {
  const { db, log } = deps;
  const { broker } = deps.live;
  // Every signed-on user may listen for its own hints: what goes there is each user's own.
  deps.live.register({
    names: [SYNC_HINT_TOPIC],
    owns: (destination) => destination === SYNC_HINT_TOPIC,
    subscribe: () => Promise.resolve(),
  });
  let pending = new Map<string, Pending>();
  let scheduled = false;
  let chain: Promise<void> = Promise.resolve();
  let closed = false;

  const hintFor = async (user: AuthUser, p: Pending): Promise<SyncHint> => {
    const hint: SyncHint = { v: p.to, k: [...p.kinds].sort() };
    // A changed user may see other things now (sync.md#a-user-whose-rights-change): its clock has a new epoch, and the
    // device pulls from its old cursor to be answered everything afresh, never a page of the new epoch's changes.
    if (p.kinds.has('user')) return hint;
    const clock = await db.query<{ epoch: string }>('SELECT epoch FROM sync_clock WHERE usr_id = $1', [
      user.usrId,
    ]);
    const epoch = clock[0]?.epoch;
    if (!epoch) return hint;
    const pull = await pullFrom(db, user, { epoch, version: p.from }, INLINE_PULL_LIMIT, deps.sync);
    if (pull.more || pull.reset || JSON.stringify(pull).length > INLINE_PULL_BYTES) return hint;
    return { ...hint, from: p.from, pull };
  };

  const flush = async (): Promise<void> => {
    scheduled = false;
    const batch = pending;
    pending = new Map();
    for (const [usrId, p] of batch) {
      if (closed) return;
      // Only users with a live connection listening: nobody else is poked (the device pulls when it comes back).
      const user = broker.listener(usrId, SYNC_HINT_TOPIC);
      if (!user) continue;
      try {
        broker.publishToUser(usrId, SYNC_HINT_TOPIC, JSON.stringify(await hintFor(user, p)));
      } catch (err) {
        log.warn({ usrId, err: err instanceof Error ? err.message : String(err) }, 'sync hint failed');
        broker.publishToUser(usrId, SYNC_HINT_TOPIC, JSON.stringify({ v: p.to, k: [...p.kinds].sort() }));
      }
    }
  };

  /**
   * After a lost link to the other instances: each user listening here hears the current version, with every kind
   * (a device behind it pulls, and the pull brings whatever was missed).
   */
  const resync = async (): Promise<void> => {
    const users = [...broker.connectedUsers()].filter((u) => broker.listener(u, SYNC_HINT_TOPIC));
    if (users.length === 0) return;
    const rows = await db.query<{ usr_id: string; version: number }>(
      'SELECT usr_id, version FROM sync_clock WHERE usr_id = ANY($1::text[])',
      [users],
    );
    for (const r of rows)
      broker.publishToUser(r.usr_id, SYNC_HINT_TOPIC, JSON.stringify({ v: Number(r.version), k: ALL_KINDS }));
  };

  const hints: SyncHints = {
    committed(list) {
      if (closed) return;
      for (const c of list) {
        const p = pending.get(c.usrId);
        if (p) {
          p.from = Math.min(p.from, c.from);
          p.to = Math.max(p.to, c.to);
          for (const k of c.kinds) p.kinds.add(k);
        } else pending.set(c.usrId, { from: c.from, to: c.to, kinds: new Set(c.kinds) });
      }
      if (scheduled) return;
      scheduled = true;
      // One tick later: the changes of one user committed meanwhile go as one hint, in commit order per user.
      const step = (resolve: () => void): void => {
        flush()
          .catch((err: unknown) =>
            log.warn({ err: err instanceof Error ? err.message : String(err) }, 'sync hints failed'),
          )
          .finally(resolve);
      };
      chain = chain.then(() => new Promise<void>((resolve) => setImmediate(() => step(resolve))));
    },
    async settled() {
      for (let last: Promise<void> | null = null; last !== chain;) {
        last = chain;
        await last;
      }
    },
    close() {
      closed = true;
    },
  };
  deps.bus?.onEvent((event) => {
    if (event.t === 'commit') hints.committed(event.list);
    else if (event.t === 'resync' && !closed) {
      chain = chain.then(() =>
        resync().catch((err: unknown) =>
          log.warn({ err: err instanceof Error ? err.message : String(err) }, 'sync hints: catch-up failed'),
        ),
      );
    }
  });
  return hints;
}
