// The data meter of one context (worker or service worker): counts what goes and comes in memory, by UTC day and
// source, and adds it to the `dataUsage` table every few seconds, in one transaction per flush (the worker and the
// service worker may both add: each adds to what is stored, never overwrites it). Days past KEEP_DAYS go.
import type { QuayDb } from '../db.ts';
import {
  addUsage,
  dayKey,
  emptyUsage,
  monthKey,
  oldestDayKept,
  oldestMonthKept,
  type Bytes,
  type DataUsageRow,
  type MeterSource,
} from './usage.ts';

/** A flush at most this often: counting never writes IndexedDB per request. */
const FLUSH_AFTER_MS = 5_000;

export interface MeterOptions {
  now?: () => number;
  flushAfterMs?: number;
}

export class DataMeter {
  /** Counted and not yet stored, by 'd:YYYY-MM-DD|source'. */
  private pending = new Map<string, { at: number; source: MeterSource; bytes: Bytes }>();
  private db: QuayDb | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private flushing: Promise<void> = Promise.resolve();
  private readonly now: () => number;
  private readonly flushAfterMs: number;

  constructor(opts: MeterOptions = {}) {
    this.now = opts.now ?? Date.now;
    this.flushAfterMs = opts.flushAfterMs ?? FLUSH_AFTER_MS;
  }

  /** Stores into this database from now on (what was counted before is kept and goes with the next flush). */
  attach(db: QuayDb): void {
    this.db = db;
    if (this.pending.size > 0) this.schedule();
  }

  /** Bytes that went (up) and came (down) for `source`, now. */
  add(source: MeterSource, up: number, down: number): void {
    if (!(up > 0) && !(down > 0)) return;
    const at = this.now();
    const key = `${dayKey(at)}|${source}`;
    const had = this.pending.get(key);
    this.pending.set(key, {
      at,
      source,
      bytes: { up: (had?.bytes.up ?? 0) + Math.max(0, up), down: (had?.bytes.down ?? 0) + Math.max(0, down) },
    });
    this.schedule();
  }

  /** What is counted and not yet stored (tests, and the worker's figures before a flush). */
  unsaved(): Bytes {
    let up = 0;
    let down = 0;
    for (const { bytes } of this.pending.values()) {
      up += bytes.up;
      down += bytes.down;
    }
    return { up, down };
  }

  private schedule(): void {
    if (this.timer || !this.db) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.flush();
    }, this.flushAfterMs);
  }

  /** Adds what was counted to the stored rows (day and month), in one transaction; drops days too old to keep. */
  flush(): Promise<void> {
    this.flushing = this.flushing
      .then(() => this.write())
      .catch((err: unknown) => {
        console.warn('data meter: could not store the count', err);
      });
    return this.flushing;
  }

  private async write(): Promise<void> {
    const db = this.db;
    if (!db || this.pending.size === 0) return;
    const batch = [...this.pending.values()];
    this.pending.clear();
    try {
      await db.transaction('rw', db.dataUsage, async () => {
        const rows = new Map<string, DataUsageRow>();
        const row = async (period: string) => {
          let r = rows.get(period);
          if (!r) {
            r = (await db.dataUsage.get(period)) ?? emptyUsage(period);
            rows.set(period, r);
          }
          return r;
        };
        for (const { at, source, bytes } of batch) {
          for (const period of [dayKey(at), monthKey(at)]) {
            rows.set(period, addUsage(await row(period), source, bytes));
          }
        }
        await db.dataUsage.bulkPut([...rows.values()]);
        const now = this.now();
        await db.dataUsage.where('period').between('d:', oldestDayKept(now)).delete();
        await db.dataUsage.where('period').between('m:', oldestMonthKept(now)).delete();
      });
    } catch (err) {
      // Not stored: counted again with the next flush rather than lost.
      for (const item of batch) this.addBack(item);
      throw err;
    }
  }

  private addBack(item: { at: number; source: MeterSource; bytes: Bytes }): void {
    const key = `${dayKey(item.at)}|${item.source}`;
    const had = this.pending.get(key);
    this.pending.set(key, {
      ...item,
      bytes: { up: item.bytes.up + (had?.bytes.up ?? 0), down: item.bytes.down + (had?.bytes.down ?? 0) },
    });
  }
}

/** The meter of this context: http.ts and the metered socket count into it; the context attaches its database. */
export const contextMeter = new DataMeter();
