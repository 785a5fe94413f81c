// The data meter's arithmetic: which day and month (UTC) a byte belongs to, what a request and a WebSocket frame cost
// at the HTTP level when the browser does not say (wire.ts adds the link's share), how a figure reads ("84 KB").

/** Where bytes went: the API's calls, the live (STOMP) socket, the app's own files and images, Web Push messages. */
export type MeterSource = 'api' | 'live' | 'assets' | 'push';

export interface Bytes {
  up: number;
  down: number;
}

/**
 * One row of the `dataUsage` table: a UTC day ('d:2026-11-25') or month ('m:2026-11'). `up`, `down` and `by` (by
 * source) are the wire's bytes as the link bills them (src/device/meter/wire.ts); `http` the same at the HTTP level.
 * A row stored before the wire was counted has no `http`: its figures were counted at the HTTP level, and stay.
 */
export interface DataUsageRow extends Bytes {
  period: string;
  by: Partial<Record<MeterSource, Bytes>>;
  http?: Bytes;
}

/** Days kept: two months, so "this month" and the one before can always be read from days too. */
const KEEP_DAYS = 62;
/** Months kept. */
const KEEP_MONTHS = 13;

const iso = (at: number) => new Date(at).toISOString();
export const dayKey = (at: number) => `d:${iso(at).slice(0, 10)}`;
export const monthKey = (at: number) => `m:${iso(at).slice(0, 7)}`;
/** Day rows before this key are old enough to go. */
export const oldestDayKept = (at: number) => dayKey(at - (KEEP_DAYS - 1) * 86_400_000);
export function oldestMonthKept(at: number): string {
  const d = new Date(at);
  return monthKey(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - (KEEP_MONTHS - 1), 1));
}

const encoder = new TextEncoder();
/** UTF-8 bytes of a text as it goes on the wire. */
export const utf8Length = (text: string) => encoder.encode(text).byteLength;

/**
 * Request headers the browser adds and a page cannot read: Host, Connection, User-Agent (about 130 B), Accept-Encoding,
 * Accept-Language, Sec-Fetch-Site/Mode/Dest (about 70 B), the session cookie (about 60 B), and on a phone's Chromium
 * sec-ch-ua, -mobile and -platform (about 110 B); Origin and Referer on some. Headless Chromium 156 sent 300 to 350 B
 * of them on the worker's calls (seen through bench/link.ts, `npm run bench -- meter`); 450 is the estimate for a
 * phone.
 */
export const BROWSER_REQUEST_HEADERS_BYTES = 450;

/** "Name: value\r\n" for each header the caller set, as they go on the wire. */
export function headerBytes(headers: Iterable<[string, string]>): number {
  let n = 0;
  for (const [name, value] of headers) n += utf8Length(name) + utf8Length(value) + 4;
  return n;
}

/** A request's bytes up: request line, the caller's headers, the browser's own (estimated), and the body. */
export function requestBytes(
  method: string,
  url: string,
  headers: Iterable<[string, string]>,
  bodyBytes: number,
): number {
  let target = url;
  try {
    const u = new URL(url, 'http://x');
    target = u.pathname + u.search;
  } catch {
    // A path that is not a URL: counted as written.
  }
  const line = utf8Length(`${method} ${target} HTTP/1.1\r\n`);
  // Content-Length of a body, and the blank line that ends the headers.
  const framing = (bodyBytes > 0 ? 22 : 0) + 2;
  return line + headerBytes(headers) + BROWSER_REQUEST_HEADERS_BYTES + framing + bodyBytes;
}

/**
 * WebSocket framing (RFC 6455 §5.2): 2 B, plus 2 B past 125 B of payload or 8 B past 65,535; a client's frames carry
 * a 4 B mask too. Payload as the page sees it: with permessage-deflate a long frame costs less than this.
 */
export function wsFrameBytes(payloadBytes: number, fromClient: boolean): number {
  const length = payloadBytes < 126 ? 0 : payloadBytes < 65_536 ? 2 : 8;
  return payloadBytes + 2 + length + (fromClient ? 4 : 0);
}

/** The WebSocket opening handshake: a GET with Upgrade headers and the cookie up, a 101 down (estimates). */
export const WS_HANDSHAKE: Bytes = { up: BROWSER_REQUEST_HEADERS_BYTES + 250, down: 230 };

/**
 * A Web Push message on its way from the push service: the encrypted payload's header (86 B), tag and padding, and the
 * push service's own framing; 300 B beside the payload is the estimate.
 */
export const PUSH_OVERHEAD_BYTES = 300;

const KB = 1000;
const MB = 1000 * 1000;

/** A figure as a person reads it, in the en locale: "0 KB", "84 KB", "1.2 MB", "14 MB". */
export function formatBytes(bytes: number): string {
  const n = Math.max(0, bytes);
  if (n < 999.5 * KB) return `${Math.round(n / KB).toLocaleString('en')} KB`;
  const mb = n / MB;
  const digits = mb < 9.95 ? 1 : 0;
  return `${mb.toLocaleString('en', { minimumFractionDigits: digits, maximumFractionDigits: digits })} MB`;
}
