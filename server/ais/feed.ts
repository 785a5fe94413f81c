// One AIS feed: a TCP client that reads NMEA 0183 lines from a receiver or an aggregator, decodes them and hands
// the reports on; when the feed drops or falls silent it connects again with backoff (integration.md#ais-positions-in).
import { connect, type Socket } from 'node:net';
import { AisDecoder, type Decoded, type DecodeStats } from './decode.ts';

/** A source of AIS_SOURCES: `host:port`. */
export interface AisSource {
  host: string;
  port: number;
}

/** What a feed has done since it started: the decoder's counters and the connection's. */
export interface FeedStats extends DecodeStats {
  source: string;
  connected: boolean;
  /** Connections made, the first included. */
  connects: number;
  lastSentenceAt: string | null;
  lastError: string | null;
  lastErrorAt: string | null;
  /** While not connected: when the next try is due (backoff). */
  nextTryAt: string | null;
}

interface FeedLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

export interface FeedOptions {
  source: AisSource;
  onReports(reports: readonly Decoded[]): void;
  log: FeedLog;
  /** First wait before connecting again, doubled per failure up to maxBackoffMs (default 1 s and 60 s). */
  minBackoffMs?: number;
  maxBackoffMs?: number;
  /** A connection with no line for this long is taken as dead and made again (default 5 minutes). */
  silentMs?: number;
}

export interface Feed {
  stats(): FeedStats;
  stop(): void;
}

/**
 * An NMEA 0183 sentence is at most 82 characters; a tag block adds some. A longer line is not a feed's: it is counted
 * as one garbage sentence and skipped to its end unread, so a stream of bytes with no newline holds no memory.
 */
const MAX_LINE = 512;
/** Lines read in one go (about 4 ms of decoding) before the feed lets the server's other work run. */
const SLICE_LINES = 250;

/** Parses AIS_SOURCES: `host:port` entries, comma separated (a `tcp://` before one is allowed). */
export function parseAisSources(raw: string | undefined): AisSource[] {
  if (!raw?.trim()) return [];
  return raw.split(',').map((entry) => {
    const text = entry.trim().replace(/^tcp:\/\//, '');
    const m = /^(\[[^\]]+\]|[^:\s]+):(\d{1,5})$/.exec(text);
    const port = Number(m?.[2]);
    if (!m?.[1] || !(port >= 1 && port <= 65535))
      throw new Error(`AIS_SOURCES: "${entry.trim()}" is not host:port (e.g. 127.0.0.1:10110)`);
    return { host: m[1].replace(/^\[|\]$/g, ''), port };
  });
}

const isoOf = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

export function startFeed(opts: FeedOptions): Feed {
  const { source, log } = opts;
  const name = `${source.host}:${source.port}`;
  const minBackoff = opts.minBackoffMs ?? 1000;
  const maxBackoff = opts.maxBackoffMs ?? 60_000;
  const decoder = new AisDecoder();
  let socket: Socket | null = null;
  let timer: NodeJS.Timeout | null = null;
  let backoff = minBackoff;
  let stopped = false;
  let connected = false;
  let connects = 0;
  let lastSentenceAt: number | null = null;
  let lastError: string | null = null;
  let lastErrorAt: number | null = null;
  let nextTryAt: number | null = null;

  /** A chunk's lines decoded, and their reports handed on together: one call per chunk, not per sentence. */
  let batch: Decoded[] = [];
  let lines = 0;
  const line = (text: string): void => {
    lines++;
    if (text.length > MAX_LINE) return void decoder.reject('garbage');
    if (text.trim() === '') return;
    const reports = decoder.decode(text);
    for (const r of reports) batch.push(r);
  };
  const flush = (): void => {
    if (lines > 0) lastSentenceAt = Date.now();
    lines = 0;
    if (batch.length === 0) return;
    const reports = batch;
    batch = [];
    opts.onReports(reports);
  };

  const open = (): void => {
    timer = null;
    nextTryAt = null;
    if (stopped) return;
    let rest = '';
    /** Inside a line already past MAX_LINE (counted): what comes up to its newline is dropped. */
    let skipping = false;
    let gotLine = false;
    const s = connect({ host: source.host, port: source.port });
    socket = s;
    s.setEncoding('latin1');
    s.setKeepAlive(true, 60_000);
    s.setTimeout(opts.silentMs ?? 300_000);
    s.on('connect', () => {
      connected = true;
      connects++;
      log.info({ source: name }, 'AIS feed connected');
    });
    /** A chunk's lines; true when it stopped to let the server's other work run, and will go on by itself. */
    const read = (chunk: string): boolean => {
      let start = 0;
      let count = 0;
      let nl = chunk.indexOf('\n');
      while (nl >= 0) {
        if (skipping) skipping = false;
        else line(rest ? rest + chunk.slice(start, nl) : chunk.slice(start, nl));
        rest = '';
        gotLine = true;
        start = nl + 1;
        // A backlog (a busy feed, a slow moment) comes in chunks of thousands of lines: read in slices, with the
        // socket paused between them, so that no API call waits for a whole chunk's decoding.
        if (++count >= SLICE_LINES && start < chunk.length) {
          flush();
          s.pause();
          const left = chunk.slice(start);
          setImmediate(() => {
            if (!read(left) && !s.destroyed) s.resume();
          });
          return true;
        }
        nl = chunk.indexOf('\n', start);
      }
      if (!skipping) {
        rest += chunk.slice(start);
        if (rest.length > MAX_LINE) {
          decoder.reject('garbage');
          rest = '';
          skipping = true;
        }
      }
      flush();
      return false;
    };
    s.on('data', read);
    s.on('timeout', () => s.destroy(new Error('no sentence for too long')));
    s.on('error', (err) => {
      lastError = err.message;
      lastErrorAt = Date.now();
    });
    s.on('close', () => {
      if (rest) line(rest);
      flush();
      if (socket === s) socket = null;
      const was = connected;
      connected = false;
      if (stopped) return;
      // A connection that brought lines starts the backoff again; one that failed doubles it.
      backoff = gotLine ? minBackoff : Math.min(maxBackoff, backoff * 2);
      const wait = Math.round(backoff * (0.5 + Math.random() / 2));
      if (was) log.warn({ source: name, lastError, retryInMs: wait }, 'AIS feed dropped; connecting again');
      nextTryAt = Date.now() + wait;
      timer = setTimeout(open, wait);
      timer.unref();
    });
  };
  open();

  return {
    stats: () => ({
      ...decoder.stats,
      dropped: { ...decoder.stats.dropped },
      source: name,
      connected,
      connects,
      lastSentenceAt: isoOf(lastSentenceAt),
      lastError,
      lastErrorAt: isoOf(lastErrorAt),
      nextTryAt: isoOf(nextTryAt),
    }),
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      socket?.destroy();
    },
  };
}
