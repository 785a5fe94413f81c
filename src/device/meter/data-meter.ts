// The data meter of one context (worker or service worker): counts what goes and comes in memory, by UTC day and
// source, at the HTTP level and on the wire (wire.ts: packets, TLS, handshakes, and keep-alive probes while the live
// connection is held), and adds it to the `dataUsage` table every few seconds, in one transaction per flush (the
// worker and the service worker may both add: each adds to what is stored, never overwrites it). Days past KEEP_DAYS go.
import type { QuayDb } from '../db.ts';
import {
  dayKey,
  monthKey,
  oldestDayKept,
  oldestMonthKept,
  type Bytes,
  type DataUsageRow,
  type MeterSource,
} from './usage.ts';
import { exchangeWire, KEEPALIVE_IDLE_MS, KEEPALIVE_PROBE, overTls, probesIn } from './wire.ts';

// Here rather than in usage.ts, which the window's first page loads: only the meter writes rows.
/** The row's bytes at the HTTP level: a row from before the wire was counted has only those. */
const httpBytes = (row: DataUsageRow): Bytes => row.http ?? { up: row.up, down: row.down };

/** Adds the wire's `bytes` (totals and by source) and the same at the HTTP level (`http`) into `row`. */
export function addUsage(row: DataUsageRow, source: MeterSource, bytes: Bytes, http: Bytes): DataUsageRow {
  const by = { ...row.by };
  const had = by[source] ?? { up: 0, down: 0 };
  by[source] = { up: had.up + bytes.up, down: had.down + bytes.down };
  const hadHttp = httpBytes(row);
  return {
    period: row.period,
    up: row.up + bytes.up,
    down: row.down + bytes.down,
    by,
    http: { up: hadHttp.up + http.up, down: hadHttp.down + http.down },
  };
}

export const emptyUsage = (period: string): DataUsageRow => ({
  period,
  up: 0,
  down: 0,
  by: {},
  http: { up: 0, down: 0 },
});

/** A flush at most this often: counting never writes IndexedDB per request. */
const FLUSH_AFTER_MS = 5_000;

export interface MeterOptions {
  now?: () => number;
  flushAfterMs?: number;
  /** The page's protocol is https: (TLS records and HTTP/2 frames on the wire); by default this context's. */
  tls?: boolean;
}

/** How a count went: `exchanges` requests and answers (the sum of many: the window's files), in `frames` HTTP/2
 * frames each (a WebSocket frame is one DATA frame; an HTTP message a HEADERS frame and its DATA). */
export interface Shape {
  exchanges?: number;
  frames?: number;
}

interface Pending {
  at: number;
  source: MeterSource;
  /** On the wire. */
  bytes: Bytes;
  /** At the HTTP level. */
  http: Bytes;
}

const plus = (a: Bytes | undefined, b: Bytes): Bytes => ({
  up: (a?.up ?? 0) + b.up,
  down: (a?.down ?? 0) + b.down,
});

export class DataMeter {
  /** Counted and not yet stored, by 'd:YYYY-MM-DD|source'. */
  private pending = new Map<string, Pending>();
  private db: QuayDb | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private flushing: Promise<void> = Promise.resolve();
  private readonly now: () => number;
  private readonly flushAfterMs: number;
  readonly tls: boolean;
  /** The live connection while it is held: when a packet last crossed it, and the clock that accrues probes. */
  private held: { last: number; timer: ReturnType<typeof setInterval>; sockets: number } | undefined;

  constructor(opts: MeterOptions = {}) {
    this.now = opts.now ?? Date.now;
    this.flushAfterMs = opts.flushAfterMs ?? FLUSH_AFTER_MS;
    this.tls = opts.tls ?? overTls();
  }

  /** Stores into this database from now on (what was counted before is kept and goes with the next flush). */
  attach(db: QuayDb): void {
    this.db = db;
    if (this.pending.size > 0) this.schedule();
  }

  /**
   * Bytes that went (up) and came (down) for `source`, now, at the HTTP level: the wire's share is added to them
   * (one exchange unless `shape` says how many).
   */
  add(source: MeterSource, up: number, down: number, shape: Shape = {}): void {
    if (!(up > 0) && !(down > 0)) return;
    const http = { up: Math.max(0, up), down: Math.max(0, down) };
    const n = Math.max(1, Math.round(shape.exchanges ?? 1));
    const one = exchangeWire(http.up / n, http.down / n, this.tls, shape.frames);
    // Over TLS the calls share the live connection (HTTP/2): each is a packet on it, as a frame is on any link.
    if (this.held && (source === 'live' || (this.tls && source !== 'push'))) this.touch();
    this.put(source, { up: Math.round(one.up * n), down: Math.round(one.down * n) }, http);
  }

  /** Bytes only the wire carries (a handshake, keep-alive probes): nothing at the HTTP level. */
  addWire(source: MeterSource, bytes: Bytes): void {
    this.put(source, bytes, { up: 0, down: 0 });
  }

  private put(source: MeterSource, bytes: Bytes, http: Bytes): void {
    if (!(bytes.up > 0) && !(bytes.down > 0) && !(http.up > 0) && !(http.down > 0)) return;
    const at = this.now();
    const key = `${dayKey(at)}|${source}`;
    const had = this.pending.get(key);
    this.pending.set(key, { at, source, bytes: plus(had?.bytes, bytes), http: plus(had?.http, http) });
    this.schedule();
  }

  /**
   * The live connection opened and is held: while nothing crosses it for 45 s, the browser's keep-alive probe and
   * its answer do (wire.ts), counted as 'live'. One held connection is counted (with HTTP/2 the calls share it).
   */
  hold(): void {
    if (this.held) {
      // A socket opened before the last one's close came: still one connection.
      this.held.sockets += 1;
      return this.touch();
    }
    const timer = setInterval(() => this.accrue(), KEEPALIVE_IDLE_MS);
    // Never what keeps a process (a test, a script) alive.
    (timer as { unref?: () => void }).unref?.();
    this.held = { last: this.now(), timer, sockets: 1 };
  }

  /** The live connection closed: the probes until now are counted, none after. */
  release(): void {
    if (!this.held) return;
    this.accrue();
    if (--this.held.sockets > 0) return;
    clearInterval(this.held.timer);
    this.held = undefined;
  }

  /** A packet crossed the held connection now: the probes due before it are counted, and the wait starts again. */
  private touch(): void {
    if (!this.held) return;
    this.accrue();
    this.held.last = this.now();
  }

  /** Counts the probes due by now on the held connection: one per 45 s without a packet, each a packet itself. */
  private accrue(): void {
    if (!this.held) return;
    const probes = probesIn(this.now() - this.held.last);
    if (probes === 0) return;
    this.held.last += probes * KEEPALIVE_IDLE_MS;
    this.addWire('live', { up: probes * KEEPALIVE_PROBE.up, down: probes * KEEPALIVE_PROBE.down });
  }

  /** What is counted and not yet stored, on the wire and at the HTTP level (probes due by now included). */
  unsaved(): Bytes & { http: Bytes } {
    this.accrue();
    let wire: Bytes = { up: 0, down: 0 };
    let http: Bytes = { up: 0, down: 0 };
    for (const item of this.pending.values()) {
      wire = plus(wire, item.bytes);
      http = plus(http, item.http);
    }
    return { ...wire, http };
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
    this.accrue();
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
        for (const { at, source, bytes, http } of batch) {
          for (const period of [dayKey(at), monthKey(at)]) {
            rows.set(period, addUsage(await row(period), source, bytes, http));
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

  private addBack(item: Pending): void {
    const key = `${dayKey(item.at)}|${item.source}`;
    const had = this.pending.get(key);
    this.pending.set(key, { ...item, bytes: plus(had?.bytes, item.bytes), http: plus(had?.http, item.http) });
  }
}

/** The meter of this context: http.ts and the metered socket count into it; the context attaches its database. */
export const contextMeter = new DataMeter();
