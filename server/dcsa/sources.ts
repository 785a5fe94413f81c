// The schedule sources job of the leading instance: each source of SCHEDULE_SOURCES read every SCHEDULE_INTERVAL_S,
// a failing one tried again with a doubling wait, and its state saved after each read for /health/ and /healthz
// (integration.md#schedule-sources-in-dcsa-ovs-v3).
import type { Db, Sql } from '../db/db.ts';
import { saveFeedState, type FeedState } from '../instance/feed-state.ts';
import type { ScheduleSource } from './sources-config.ts';
import { readSource, SourceError, type ReadReport, type Validators } from './sources-read.ts';

interface SourcesLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface SourcesOptions {
  sources: readonly ScheduleSource[];
  intervalS: number;
  log: SourcesLog;
  /** Asked in each write's transaction: a write of an instance that no longer leads is not made. */
  stillLeading?: (sql: Sql) => Promise<boolean>;
  /** How long a page may take to come (default 30 s). */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** The first wait after a failure, doubled per failure in a row up to the cap. */
const FIRST_RETRY_MS = 15_000;
const MAX_RETRY_MS = 30 * 60_000;
const TIMEOUT_MS = 30_000;
/** How many refused calls the state names; the count says how many there were in all. */
const NAMED_REFUSALS = 3;

/** The wait before the next try after `failures` failures in a row: 15 s, 30 s, 1 min… at most 30 minutes. */
export function retryDelayMs(failures: number): number {
  return Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, failures - 1));
}

/** One source, read on demand: what it did is kept as its feed state. */
export interface SourceReader {
  readonly source: ScheduleSource;
  /** Reads the source once, saves its state and answers it; never throws for the provider's faults. */
  read(): Promise<FeedState>;
  /** How long to wait before the next read: the interval, or the backoff after a failure. */
  delayMs(): number;
}

const message = (err: unknown): string => (err instanceof Error ? err.message : String(err));

function refusedWords(report: ReadReport): string {
  const named = report.refused.slice(0, NAMED_REFUSALS).map((r) => `${r.call} (${r.reason})`);
  const more =
    report.refused.length > NAMED_REFUSALS ? ` and ${report.refused.length - NAMED_REFUSALS} more` : '';
  return `${report.refused.length} calls refused: ${named.join('; ')}${more}`;
}

export function createSourceReader(
  db: Db,
  source: ScheduleSource,
  opts: Omit<SourcesOptions, 'sources'>,
): SourceReader {
  const validators = new Map<string, Validators>();
  const counters = {
    reads: 0,
    failures: 0,
    pages: 0,
    notModified: 0,
    calls: 0,
    created: 0,
    changed: 0,
    refused: 0,
  };
  let failuresInRow = 0;
  const state: FeedState = {
    kind: 'schedule',
    source: source.url,
    lastSuccessAt: null,
    lastErrorAt: null,
    lastError: null,
    nextTryAt: null,
    counters,
  };
  const delayMs = () => (failuresInRow > 0 ? retryDelayMs(failuresInRow) : opts.intervalS * 1000);

  return {
    source,
    delayMs,
    async read() {
      const started = Date.now();
      counters.reads++;
      try {
        const report = await readSource(db, source, {
          validators,
          timeoutMs: opts.timeoutMs ?? TIMEOUT_MS,
          now: () => new Date(),
          ...(opts.stillLeading ? { proceed: opts.stillLeading } : {}),
          ...(opts.fetch ? { fetch: opts.fetch } : {}),
        });
        failuresInRow = 0;
        counters.pages += report.pages;
        counters.notModified += report.notModified;
        counters.calls += report.calls;
        counters.created += report.created;
        counters.changed += report.changed;
        counters.refused += report.refused.length;
        state.lastSuccessAt = new Date().toISOString();
        if (report.refused.length > 0) {
          state.lastError = refusedWords(report);
          state.lastErrorAt = state.lastSuccessAt;
        }
        const { refused, ...counts } = report;
        opts.log.info(
          { source: source.url, ...counts, refused: refused.length, ms: Date.now() - started },
          'schedule source read',
        );
      } catch (err) {
        // A provider's fault is a SourceError; anything else (the database) is logged whole, and tried again too.
        if (!(err instanceof SourceError))
          opts.log.error({ err, source: source.url }, 'schedule source read failed');
        failuresInRow++;
        counters.failures++;
        state.lastErrorAt = new Date().toISOString();
        state.lastError = message(err);
      }
      state.nextTryAt = new Date(Date.now() + delayMs()).toISOString();
      if (failuresInRow > 0)
        opts.log.warn(
          { source: source.url, error: state.lastError, nextTryAt: state.nextTryAt },
          'schedule source failed',
        );
      const saved = { ...state, counters: { ...counters } };
      await saveFeedState(db, saved).catch((err: unknown) =>
        opts.log.error({ err, source: source.url }, 'schedule source state not saved'),
      );
      return saved;
    },
  };
}

/** Starts reading every source at once, then each on its own clock; stop() waits for a read under way. */
export function startScheduleSources(db: Db, opts: SourcesOptions): { stop(): Promise<void> } {
  let stopped = false;
  const timers = new Set<NodeJS.Timeout>();
  const reading = new Set<Promise<unknown>>();
  const loop = (reader: SourceReader): void => {
    if (stopped) return;
    const read = reader.read().finally(() => {
      reading.delete(read);
      if (stopped) return;
      const timer = setTimeout(() => {
        timers.delete(timer);
        loop(reader);
      }, reader.delayMs());
      timer.unref();
      timers.add(timer);
    });
    reading.add(read);
  };
  for (const source of opts.sources) loop(createSourceReader(db, source, opts));
  opts.log.info(
    { sources: opts.sources.map((s) => s.url), intervalS: opts.intervalS },
    'schedule sources started',
  );
  return {
    async stop() {
      stopped = true;
      for (const t of timers) clearTimeout(t);
      await Promise.allSettled([...reading]);
    },
  };
}
