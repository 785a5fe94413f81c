// The AIS job of the leading instance: one feed per AIS_SOURCES entry, and every AIS_INTERVAL_S one write of what
// the feeds brought (integration.md#ais-positions-in).
import type { Db, Sql } from '../db/db.ts';
import { createApplier } from './apply.ts';
import { startFeed, type AisSource, type Feed, type FeedStats } from './feed.ts';

interface AisLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface AisOptions {
  sources: readonly AisSource[];
  intervalS: number;
  log: AisLog;
  /** Asked in each write's transaction: a write of an instance that no longer leads is not made. */
  stillLeading?: (sql: Sql) => Promise<boolean>;
}

export interface AisJob {
  stats(): FeedStats[];
  stop(): Promise<void>;
}

export function startAis(db: Db, opts: AisOptions): AisJob {
  const applier = createApplier();
  const feeds: Feed[] = opts.sources.map((source) =>
    startFeed({ source, log: opts.log, onReports: (reports) => applier.take(reports) }),
  );
  let writing: Promise<void> | null = null;
  const write = async (): Promise<void> => {
    try {
      const report = await db.tx(async (sql) =>
        opts.stillLeading && !(await opts.stillLeading(sql)) ? null : applier.write(sql),
      );
      if (report?.positions || report?.statics) opts.log.info({ ...report }, 'AIS positions written');
    } catch (err) {
      opts.log.error({ err }, 'AIS write failed; the next interval goes on');
    }
  };
  const timer = setInterval(() => {
    if (!writing) writing = write().finally(() => (writing = null));
  }, opts.intervalS * 1000);
  timer.unref();
  opts.log.info(
    { sources: feeds.map((f) => f.stats().source), intervalS: opts.intervalS },
    'AIS feeds started',
  );
  return {
    stats: () => feeds.map((f) => f.stats()),
    async stop() {
      clearInterval(timer);
      for (const f of feeds) f.stop();
      await writing;
    },
  };
}
