// When to sync (architecture.md#when-the-worker-talks-to-the-server): on start, on `online`, on pull-to-refresh, when a push says something changed, and
// when the live connection's hint says the server has something newer (or carries it: applied with no request).
// While the live connection is up there is no periodic pass, only a safety pass an hour; without it a slow timer
// fitted to the link (15 minutes on a metered one), and a page becoming visible after a minute. One sync at a time
// (requests during a sync coalesce into ONE follow-up), failures back off exponentially with jitter, nothing offline.
import type { SyncHint } from '../../src/core/contract/sync.ts';
import type { QuayDb } from '../../src/device/db.ts';
import type { ApiClient } from '../../src/device/net/api-client.ts';
import type { SyncStatus } from '../../src/device/sync/status.ts';
import { isMeteredLink } from './link-cost.ts';
import { applyInlineHint, type PullOutcome } from './pull.ts';
import { runSync, type SyncResult } from './run-sync.ts';
import { writeStatus } from './status-store.ts';

export interface SyncTiming {
  /** The timer between syncs that went well with no live connection, on a link that is cheap and fast. */
  intervalMs: number;
  /** The same on a metered or slow link (link-cost.ts). */
  meteredIntervalMs: number;
  /** While the live connection is up: its hints bring changes; one safety pass this often. */
  safetyMs: number;
  /** First retry delay after a failure; doubles per failure up to maxBackoffMs. */
  backoffMs: number;
  maxBackoffMs: number;
  /** A visible page syncs when the last sync is older than this (not while the live connection is up). */
  staleAfterMs: number;
  /** How long the first pass of a device that has pulled before waits for the live connection (liveComing). */
  liveWaitMs: number;
}

const DEFAULT_TIMING: SyncTiming = {
  intervalMs: 5 * 60_000,
  meteredIntervalMs: 15 * 60_000,
  safetyMs: 60 * 60_000,
  liveWaitMs: 5_000,
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
  /**
   * More of every pass after its pull (the chat rooms, worker/chat/sync.ts), and after a hint's inline pull; `full`
   * on pull-to-refresh.
   */
  extra?: (full: boolean, pulled: PullOutcome | null) => Promise<unknown>;
  /**
   * A live connection is on its way: the first pass of a device that has pulled before waits for it (at most
   * liveWaitMs), so that the pull after it came up is the opening's only one. With the data on the device already,
   * nothing on screen waits; a first sign-on pulls at once.
   */
  liveComing?: () => boolean;
  /** Whether the link is metered or slow; default the browser's Network Information (link-cost.ts). */
  linkMetered?: () => boolean;
  /** The pass timer; tests give their own to see what is planned and fire it. */
  timers?: Timers;
}

export interface Timers {
  set(fn: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

const realTimers: Timers = {
  set: (fn, ms) => setTimeout(fn, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export class SyncEngine {
  private readonly timing: SyncTiming;
  private readonly now: () => number;
  private readonly random: () => number;
  private running: Promise<void> | null = null;
  private followUp: Promise<void> | null = null;
  /** The follow-up must sync every dataset (a full request came while a pass ran). */
  private followUpFull = false;
  private readonly timers: Timers;
  private timer: unknown;
  private failures = 0;
  /** The live connection is up and hears this user's hints. */
  private liveUp = false;
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
    this.timers = deps.timers ?? realTimers;
  }

  /** Becomes the tab that syncs (the leader): syncs now, then on its timers. */
  async activate(online: boolean): Promise<void> {
    this.active = true;
    this.signedOut = false;
    this.online = online;
    // A live flag left by a tab that closed is not this worker's: it says so once its connection hears hints.
    await writeStatus(this.deps.db, { online, signedOut: false, live: this.liveUp });
    if (await this.waitForLive()) return;
    await this.request();
  }

  /**
   * A device that has pulled before, with a live connection on its way: the pass waits for it (its pull comes when
   * it is up), or at most liveWaitMs. Gives whether it waits.
   */
  private async waitForLive(): Promise<boolean> {
    if (this.liveUp || !this.deps.liveComing?.() || !(await this.deps.db.getMeta('pullState'))) return false;
    const { liveWaitMs } = this.timing;
    this.clearTimer();
    this.timer = this.timers.set(() => void this.request(), liveWaitMs);
    await writeStatus(this.deps.db, { nextAttemptAt: this.now() + liveWaitMs });
    return true;
  }

  /** Stops timers; a sync under way finishes. */
  deactivate(): void {
    this.active = false;
    this.liveUp = false;
    this.clearTimer();
    void writeStatus(this.deps.db, { live: false }).catch(() => undefined);
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
      // The live connection comes back with the link, and pulls once it is up: one pull, not two.
      if (!(await this.waitForLive())) await this.request();
    }
  }

  /** The window's page became visible: sync if the data is older than staleAfterMs and no hint would tell. */
  async pageVisible(): Promise<void> {
    if (this.liveUp) return;
    if (this.now() - this.lastSuccessAt >= this.timing.staleAfterMs) await this.request();
  }

  /**
   * The live connection is up and subscribed to the hint (true), or went (false). Up: one pull, since hints may have
   * been missed while it was down, then only the hourly safety pass. Down: the timer fitted to the link.
   */
  async setLive(up: boolean): Promise<void> {
    const was = this.liveUp;
    this.liveUp = up;
    if (!this.active) return;
    // Up to the moment it went, the hints kept the device current (nothing failed since).
    const current = !up && was && this.failures === 0 && this.lastSuccessAt > 0;
    await writeStatus(this.deps.db, { live: up, ...(current ? { lastSyncedAt: this.now() } : {}) });
    if (up) return this.request();
    if (was && !this.running) return this.replan();
  }

  get live(): boolean {
    return this.liveUp;
  }

  /**
   * A hint from the live connection. At most the device's version: known already. Its `from` is the device's
   * version and it carries the pull: applied, nothing asked. Only chat changed and the room topics are heard
   * (`chatHeard`): they brought it. Otherwise one pull (coalesced with a pass under way).
   */
  async hinted(hint: SyncHint, chatHeard: boolean): Promise<void> {
    if (!this.active || this.signedOut) return;
    const { db } = this.deps;
    const state = await db.getMeta('pullState');
    if (state && hint.v <= state.version) return;
    if (state && hint.from === state.version && hint.pull) {
      const applied = await applyInlineHint(db, hint, this.now);
      if (applied) {
        await writeStatus(db, { lastSyncedAt: this.now() });
        if (applied.catalogChanged) void this.request();
        else await this.deps.extra?.(false, applied).catch(() => undefined);
        return;
      }
    }
    if (chatHeard && hint.k.length > 0 && hint.k.every((k) => k === 'chat')) return;
    await this.request();
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
        ...(extra ? { extra: (pulled: PullOutcome | null) => extra(full, pulled) } : {}),
      });
    } catch (err) {
      result = { error: { name: 'UnknownError', message: String(err) }, statuses: {}, pulled: null };
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

  /**
   * Plans the next pass: backoff after a failure; after success the hourly safety pass while the live connection is
   * up, else the timer fitted to the link; none offline or signed out.
   */
  private schedule(): number | null {
    this.clearTimer();
    if (!this.active || !this.online || this.signedOut) return null;
    const { intervalMs, meteredIntervalMs, safetyMs, backoffMs, maxBackoffMs } = this.timing;
    const metered = this.deps.linkMetered ?? (() => isMeteredLink());
    const base =
      this.failures > 0
        ? Math.min(maxBackoffMs, backoffMs * 2 ** (this.failures - 1))
        : this.liveUp
          ? safetyMs
          : metered()
            ? meteredIntervalMs
            : intervalMs;
    // Jitter keeps many ships from calling at the same moment after the same outage.
    const delay = Math.round(base * (0.75 + this.random() * 0.5));
    this.timer = this.timers.set(() => void this.request(), delay);
    return this.now() + delay;
  }

  /** The live connection went between passes: the next pass on the timer fitted to the link, from now. */
  private async replan(): Promise<void> {
    await writeStatus(this.deps.db, { nextAttemptAt: this.schedule() });
  }

  private clearTimer(): void {
    if (this.timer !== undefined) this.timers.clear(this.timer);
    this.timer = undefined;
  }
}
