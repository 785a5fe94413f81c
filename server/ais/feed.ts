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

/** An NMEA 0183 sentence is at most 82 characters; a tag block adds some. Longer is not a line of a feed. */
const MAX_LINE = 512;

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

  const line = (text: string): void => {
    if (text.trim() === '') return;
    lastSentenceAt = Date.now();
    const reports = decoder.decode(text);
    if (reports.length > 0) opts.onReports(reports);
  };

  const open = (): void => {
    timer = null;
    if (stopped) return;
    let rest = '';
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
    s.on('data', (chunk: string) => {
      let start = 0;
      let nl = chunk.indexOf('\n');
      while (nl >= 0) {
        line(rest + chunk.slice(start, nl));
        rest = '';
        gotLine = true;
        start = nl + 1;
        nl = chunk.indexOf('\n', start);
      }
      rest += chunk.slice(start);
      // A "line" that never ends is not NMEA: counted as one bad sentence and let go.
      if (rest.length > MAX_LINE) {
        line(rest.slice(0, MAX_LINE));
        rest = '';
      }
    });
    s.on('timeout', () => s.destroy(new Error('no sentence for too long')));
    s.on('error', (err) => {
      lastError = err.message;
    });
    s.on('close', () => {
      if (rest) line(rest);
      if (socket === s) socket = null;
      const was = connected;
      connected = false;
      if (stopped) return;
      // A connection that brought lines starts the backoff again; one that failed doubles it.
      backoff = gotLine ? minBackoff : Math.min(maxBackoff, backoff * 2);
      const wait = Math.round(backoff * (0.5 + Math.random() / 2));
      if (was) log.warn({ source: name, lastError, retryInMs: wait }, 'AIS feed dropped; connecting again');
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
      lastSentenceAt: lastSentenceAt === null ? null : new Date(lastSentenceAt).toISOString(),
      lastError,
    }),
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      socket?.destroy();
    },
  };
}
