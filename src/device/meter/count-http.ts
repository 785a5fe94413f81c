// Counts one HTTP exchange into a meter. Down: the browser's own figure when it gives one (the fetch's
// PerformanceResourceTiming entry: transferSize is the response's headers and encoded body as received), else the
// status line, the headers the page can see and the body's encoded length. Up: always estimated (no browser says
// what a request cost): request line, the caller's headers, the browser's own headers, the body. The entry also says
// whether the fetch opened a connection: its handshakes are then counted on the wire (wire.ts).
import { headerBytes, requestBytes, utf8Length, type MeterSource } from './usage.ts';
import type { DataMeter } from './data-meter.ts';
import { handshakeWire } from './wire.ts';

export interface SentRequest {
  method: string;
  /** As fetched: absolute, or a path on this origin. */
  url: string;
  headers: Iterable<[string, string]>;
  bodyBytes: number;
  /** performance.now() just before the fetch: the entry to read starts after it. */
  startedAt: number;
}

interface TimingEntry {
  transferSize: number;
  encodedBodySize: number;
  startTime: number;
  /** Equal when the fetch took a connection already open; a TLS handshake has a secureConnectionStart. */
  connectStart?: number;
  connectEnd?: number;
  secureConnectionStart?: number;
}
interface TimingSource {
  now(): number;
  getEntriesByName(name: string, type: string): TimingEntry[];
}

const timing = (): TimingSource | undefined => {
  const p = (globalThis as unknown as { performance?: Partial<TimingSource> }).performance;
  return typeof p?.getEntriesByName === 'function' ? (p as TimingSource) : undefined;
};

/** Entries already counted: two fetches of one URL each take their own. */
const taken = new WeakSet<object>();
let bufferWatched = false;

/** A long-lived worker makes thousands of requests: the timeline is emptied when full rather than left to stop. */
function watchBuffer(): void {
  if (bufferWatched) return;
  bufferWatched = true;
  const p = globalThis.performance as Performance & {
    setResourceTimingBufferSize?: (n: number) => void;
    clearResourceTimings?: () => void;
  };
  p.setResourceTimingBufferSize?.(1000);
  if (typeof p.addEventListener === 'function' && p.clearResourceTimings) {
    p.addEventListener('resourcetimingbufferfull', () => p.clearResourceTimings?.());
  }
}

export const bodyLength = (body: BodyInit | null | undefined): number => {
  if (body === null || body === undefined) return 0;
  if (typeof body === 'string') return utf8Length(body);
  if (body instanceof ArrayBuffer) return body.byteLength;
  if (ArrayBuffer.isView(body)) return body.byteLength;
  if (typeof Blob !== 'undefined' && body instanceof Blob) return body.size;
  if (body instanceof URLSearchParams) return utf8Length(body.toString());
  // FormData: its parts and a boundary line each (about 130 B of part headers).
  if (typeof FormData !== 'undefined' && body instanceof FormData) {
    let n = 0;
    body.forEach((v) => {
      n += 130 + (typeof v === 'string' ? utf8Length(v) : v.size);
    });
    return n;
  }
  return 0;
};

function absolute(url: string): string {
  const loc = (globalThis as { location?: { href: string } }).location;
  try {
    return new URL(url, loc?.href).href;
  } catch {
    return url;
  }
}

/** What came down when the browser does not say: status line, visible headers, and the encoded body. */
function estimateDown(res: Response, decodedBytes: number): number {
  const statusLine = utf8Length(`HTTP/1.1 ${res.status} ${res.statusText || 'OK'}\r\n`);
  const length = Number(res.headers.get('content-length'));
  const body =
    Number.isFinite(length) && length >= 0 && res.headers.has('content-length') ? length : decodedBytes;
  return statusLine + headerBytes(res.headers) + 2 + body;
}

function findEntry(url: string, startedAt: number): TimingEntry | undefined {
  const perf = timing();
  if (!perf) return undefined;
  const entry = perf
    .getEntriesByName(absolute(url), 'resource')
    .find((e) => e.startTime >= startedAt - 1 && !taken.has(e));
  if (entry) taken.add(entry);
  return entry;
}

export const timingNow = (): number => timing()?.now() ?? 0;

/**
 * Counts a finished exchange: `decoded` is the body as read (used only when the browser gives no figure). The
 * browser adds its entry when the body has come; a task later it is there.
 */
export function countHttp(
  meter: DataMeter,
  source: MeterSource,
  sent: SentRequest,
  res: Response | null,
  /** The body as read, or its length in bytes. */
  decoded: string | number,
): void {
  watchBuffer();
  const up = requestBytes(sent.method, sent.url, sent.headers, sent.bodyBytes);
  if (!res) {
    // No answer (no link, or aborted): what went up may still have gone.
    meter.add(source, up, 0);
    return;
  }
  const settle = (entry: TimingEntry | undefined) => {
    // Answered from the HTTP cache: nothing crossed the link.
    if (entry && entry.transferSize === 0 && entry.encodedBodySize > 0) return;
    const down =
      entry && entry.transferSize > 0
        ? entry.transferSize
        : estimateDown(res, typeof decoded === 'number' ? decoded : utf8Length(decoded));
    meter.add(source, up, down);
    if (entry && (entry.connectEnd ?? 0) > (entry.connectStart ?? 0))
      meter.addWire(source, handshakeWire((entry.secureConnectionStart ?? 0) > 0));
  };
  // The entry comes once the body has: a task after it was read, later for a body still streaming (a precache).
  const look = (attempt: number) => {
    const entry = findEntry(sent.url, sent.startedAt);
    const wait = ENTRY_WAITS_MS[attempt];
    if (entry || wait === undefined) return settle(entry);
    const timer = setTimeout(() => look(attempt + 1), wait);
    // Never what keeps a process (a test, a script) alive.
    (timer as { unref?: () => void }).unref?.();
  };
  look(0);
}

/** How long to look again for a fetch's entry before estimating instead. */
const ENTRY_WAITS_MS = [0, 1_000, 10_000];
