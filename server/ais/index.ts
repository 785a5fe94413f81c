// The AIS job of the leading instance: one feed per AIS_SOURCES entry, and every AIS_INTERVAL_S one write of what
// the feeds brought, with each feed's state and counters saved beside it (integration.md#ais-positions-in).
import type { Db, Sql } from '../db/db.ts';
import { saveFeedState } from '../instance/feed-state.ts';
import { createApplier } from './apply.ts';
import type { Decoded, DropReason } from './decode.ts';
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

/** What the job's writes did, all feeds together: a vessel two feeds name is one vessel, written once. */
interface Written {
  /** Interval writes made. */
  writes: number;
  positions: number;
  statics: number;
  /** Vessels of Quay's, and MMSIs of no vessel, that the last interval's reports named. */
  matched: number;
  unknown: number;
}

const bad = (reason: DropReason): string => `bad${reason[0]?.toUpperCase()}${reason.slice(1)}`;

/** One feed's counters as its saved state shows them (integration.md#ais-positions-in names each). */
function countersOf(f: FeedStats, w: Written): Record<string, number> {
  const drops = Object.entries(f.dropped) as [DropReason, number][];
  const dropped = drops.reduce((n, [, k]) => n + k, 0);
  return {
    sentences: f.sentences,
    decoded: f.sentences - dropped,
    bad: dropped,
    ...Object.fromEntries(drops.map(([reason, n]) => [bad(reason), n])),
    reports: f.decoded,
    connected: f.connected ? 1 : 0,
    reconnects: Math.max(0, f.connects - 1),
    ...w,
  };
}

/** Distinct unknown MMSIs counted in an interval at most: a flood of made-up MMSIs holds no more memory than this. */
const UNKNOWN_MAX = 100_000;

export function startAis(db: Db, opts: AisOptions): AisJob {
  const applier = createApplier();
  /**
   * The MMSIs of Quay's vessels, read again at each write; null until first read. A real feed names thousands of
   * ships Quay does not follow: their reports stop here rather than being held, and looked up, every interval.
   */
  let known: Set<number> | null = null;
  const readKnown = async (sql: Sql | Db): Promise<void> => {
    const rows = await sql.query<{ mmsi: string }>('SELECT mmsi FROM vessels WHERE mmsi IS NOT NULL');
    known = new Set(rows.map((r) => Number(r.mmsi)));
  };
  void readKnown(db).catch((err: unknown) => opts.log.warn({ err }, 'AIS: vessels not read yet'));
  /** The interval's MMSIs: of Quay's vessels, and of none. */
  let matched = new Set<number>();
  let unknown = new Set<number>();
  const take = (reports: readonly Decoded[]): void => {
    const ours = known;
    if (!ours) return applier.take(reports);
    let kept: Decoded[] | null = null;
    for (const r of reports) {
      if (ours.has(r.mmsi)) {
        matched.add(r.mmsi);
        (kept ??= []).push(r);
      } else if (unknown.size < UNKNOWN_MAX) unknown.add(r.mmsi);
    }
    if (kept) applier.take(kept);
  };
  const feeds: Feed[] = opts.sources.map((source) => startFeed({ source, log: opts.log, onReports: take }));
  const written: Written = { writes: 0, positions: 0, statics: 0, matched: 0, unknown: 0 };
  let sentencesBefore = 0;
  let writing: Promise<void> | null = null;
  const write = async (): Promise<void> => {
    try {
      const states = await db.tx(async (sql) => {
        if (opts.stillLeading && !(await opts.stillLeading(sql))) return null;
        const report = await applier.write(sql);
        written.writes++;
        written.positions += report.positions;
        written.statics += report.statics;
        // Before the vessels were first read, the applier looked each MMSI up itself.
        written.matched = known ? matched.size : 0;
        written.unknown = known ? unknown.size : report.unknown;
        matched = new Set();
        unknown = new Set();
        await readKnown(sql);
        const stats = feeds.map((f) => f.stats());
        for (const f of stats)
          await saveFeedState(sql, {
            kind: 'ais',
            source: f.source,
            lastSuccessAt: f.lastSentenceAt,
            lastErrorAt: f.lastErrorAt,
            lastError: f.lastError,
            nextTryAt: f.nextTryAt,
            counters: countersOf(f, written),
          });
        return stats;
      });
      const sentences = states?.reduce((n, f) => n + f.sentences, 0) ?? sentencesBefore;
      // One line an interval while sentences come: what was written, and each feed's counters.
      if (states && sentences !== sentencesBefore)
        opts.log.info(
          { feeds: states.map((f) => ({ source: f.source, ...countersOf(f, written) })) },
          'AIS interval written',
        );
      sentencesBefore = sentences;
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
