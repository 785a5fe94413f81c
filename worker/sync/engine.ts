// When to sync (DESIGN.md §4): on start, on `online`, when a page becomes visible after a while, on pull-to-refresh,
// on a slow timer with jitter, and when push or STOMP says something changed. One sync at a time (requests during
// a sync coalesce into ONE follow-up), failures back off exponentially with jitter up to a cap, nothing offline.
import type { QuayDb } from '../../src/core/db.ts';
import type { ApiClient } from '../../src/core/net/api-client.ts';
import type { SyncStatus } from '../../src/core/sync/status.ts';
import { runSync, type SyncResult } from './run-sync.ts';
import { writeStatus } from './status-store.ts';

export interface SyncTiming {
  /** The slow timer between syncs that went well. */
  intervalMs: number;
  /** First retry delay after a failure; doubles per failure up to maxBackoffMs. */
  backoffMs: number;
  maxBackoffMs: number;
  /** A visible page syncs when the last sync is older than this. */
  staleAfterMs: number;
}

export const DEFAULT_TIMING: SyncTiming = {
  intervalMs: 5 * 60_000,
  backoffMs: 15_000,
  maxBackoffMs: 15 * 60_000,
  staleAfterMs: 60_000,
};

export interface SyncEngineDeps {
  db: QuayDb;
  client: ApiClient;
  timing?: Partial<SyncTiming>;
  now?: () => number;
  random?: () => number;
  /** Called after every pass (e.g. to send the outbox while the link is known to work). */
  afterPass?: (result: SyncResult) => void;
  /** More of every pass, with its second phase (the chat rooms, worker/chat/sync.ts); `full` on pull-to-refresh. */
  extra?: (full: boolean) => Promise<unknown>;
}

export class SyncEngine {
  private readonly timing: SyncTiming;
  private readonly now: () => number;
  private readonly random: () => number;
  private running: Promise<void> | null = null;
  private followUp: Promise<void> | null = null;
  /** The follow-up must sync every dataset (a full request came while a pass ran). */
  private followUpFull = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private failures = 0;
  private online = true;
  private active = false;
  private signedOut = false;
  private lastSuccessAt = 0;
  /** How many passes ran: lets tests and callers see coalescing. */
  runs = 0;

  constructor(private readonly deps: SyncEngineDeps) {
    this.timing = { ...DEFAULT_TIMING, ...deps.timing };
    this.now = deps.now ?? Date.now;
    this.random = deps.random ?? Math.random;
  }

  /** Becomes the tab that syncs (the leader): syncs now, then on its timers. */
  async activate(online: boolean): Promise<void> {
    this.active = true;
    this.signedOut = false;
    this.online = online;
    await writeStatus(this.deps.db, { online, signedOut: false });
    await this.request();
  }

  /** Stops timers; a sync under way finishes. */
  deactivate(): void {
    this.active = false;
    this.clearTimer();
  }

  /** The session ended (told by the HTTP client): no more passes until activate() after a new sign-on. */
  markSignedOut(): void {
    this.signedOut = true;
    this.clearTimer();
  }

  get isActive(): boolean {
    return this.active;
  }

  async setOnline(online: boolean): Promise<void> {
    const cameBack = online && !this.online;
    this.online = online;
    if (!online) this.clearTimer();
    await writeStatus(this.deps.db, { online, ...(online ? {} : { nextAttemptAt: null }) });
    if (cameBack) {
      this.failures = 0;
      await this.request();
    }
  }

  /** The window's page became visible: sync if the data is older than staleAfterMs. */
  async pageVisible(): Promise<void> {
    if (this.now() - this.lastSuccessAt >= this.timing.staleAfterMs) await this.request();
  }

  /**
   * Asks for a sync; resolves when a pass that started after this call has finished. `full` (pull-to-refresh) asks
   * for every dataset; otherwise rarely changing ones are asked for only when old (run-sync.ts).
   */
  request(full = false): Promise<void> {
    if (!this.active || !this.online || this.signedOut) return Promise.resolve();
    if (!this.running) return this.start(full);
    this.followUpFull ||= full;
    this.followUp ??= this.running.then(() => {
      const followFull = this.followUpFull;
      this.followUp = null;
      this.followUpFull = false;
      return this.start(followFull);
    });
    return this.followUp;
  }

  private start(full: boolean): Promise<void> {
    this.clearTimer();
    this.running = this.pass(full).finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async pass(full: boolean): Promise<void> {
    if (!this.active || !this.online || this.signedOut) return;
    this.runs += 1;
    const { db, client } = this.deps;
    await writeStatus(db, { syncing: true });
    let result: SyncResult;
    try {
      const { extra } = this.deps;
      result = await runSync(db, client, {
        now: this.now,
        full,
        ...(extra ? { extra: () => extra(full) } : {}),
      });
    } catch (err) {
      result = { error: { name: 'UnknownError', message: String(err) }, statuses: {} };
    }
    const change: Partial<SyncStatus> = { syncing: false, lastError: result.error };
    if (result.error?.name === 'AuthenticationError') {
      this.signedOut = true;
      change.signedOut = true;
    } else if (result.error) {
      this.failures += 1;
    } else {
      this.failures = 0;
      this.lastSuccessAt = this.now();
      change.lastSyncedAt = this.lastSuccessAt;
    }
    change.nextAttemptAt = this.schedule();
    await writeStatus(db, change);
    this.deps.afterPass?.(result);
  }

  /** Plans the next pass: the slow timer after success, backoff after failure; none offline or signed out. */
  private schedule(): number | null {
    this.clearTimer();
    if (!this.active || !this.online || this.signedOut) return null;
    const { intervalMs, backoffMs, maxBackoffMs } = this.timing;
    const base =
      this.failures === 0 ? intervalMs : Math.min(maxBackoffMs, backoffMs * 2 ** (this.failures - 1));
    // Jitter keeps many ships from calling at the same moment after the same outage.
    const delay = Math.round(base * (0.75 + this.random() * 0.5));
    this.timer = setTimeout(() => void this.request(), delay);
    return this.now() + delay;
  }

  private clearTimer(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }
}
