// The one HTTP helper of worker and service worker: JSON over fetch with the session cookie, a timeout sized for
// satellite links, product.md#calls-in-general headers, typed errors of product.md#errors, and a shape check before an answer is trusted.
import { contextMeter } from '../meter/data-meter.ts';
import { bodyLength, countHttp, timingNow } from '../meter/count-http.ts';
import {
  AuthenticationError,
  ForbiddenError,
  JsonWebTokenError,
  RequestError,
  TimeoutError,
  UnknownError,
} from './errors.ts';

// The typed errors are a leaf of their own, so the window can make one without loading this client.
export * from './errors.ts';

/** A GEO round trip spikes to 2 s and Iridium has gaps of a minute: long, but a hung request must still end. */
export const DEFAULT_TIMEOUT_MS = 20_000;
export const TOKEN_HEADER = 'X-AUTH-TOKEN';

/** Checks an answer's shape and returns it typed (and normalised), or null when it is not what the contract says. */
export type Check<T> = (value: unknown) => T | null;

/** No answer, a timeout, or a gateway's 5xx: the link (not the request, nor the session) is the problem. */
export function isLinkFailure(err: unknown): boolean {
  if (err instanceof TimeoutError) return true;
  return err instanceof RequestError && (err.status === undefined || err.status >= 500);
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  token?: string | undefined;
  body?: unknown;
  timeoutMs?: number;
  /** Extra headers, e.g. Idempotency-Key or If-None-Match. */
  headers?: Record<string, string>;
  /** A multipart body (product.md#calls-in-general): the browser sets the boundary's content type. */
  form?: FormData;
  /**
   * Send the JSON body gzipped (Content-Encoding: gzip) where the runtime has CompressionStream: a push of a long
   * outbox repeats the same words op after op, and the uplink is the narrow, paid half of a satellite link.
   */
  gzip?: boolean;
  /**
   * This request's referrer policy, over the page's (`no-referrer`, set by the server): `same-origin` sends the
   * Referer that proves to the server that the request comes from the app, for a browser that sends no
   * Sec-Fetch-Site (architecture.md#sign-out).
   */
  referrerPolicy?: ReferrerPolicy;
  /**
   * `omit`: no cookie goes, and none set by the answer is kept. A sign-out made at sea and told later ends the session
   * its token names, not that of the cookie, which may be another user's by then (architecture.md#sign-out).
   */
  credentials?: RequestCredentials;
}

/** Below this a JSON body goes as it is: gzip's own header and trailer would eat the gain. */
const GZIP_MIN_BYTES = 1024;

/** The text gzipped, or null where the runtime cannot compress (then it goes as it is). */
async function gzipped(text: string): Promise<ArrayBuffer | null> {
  if (typeof CompressionStream === 'undefined') return null;
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream('gzip'));
  return new Response(stream).arrayBuffer();
}

/**
 * What a GET answered: 200 with checked data, or 304 (the caller's copy is current). `renewedToken`: the server
 * renewed the caller's token on this answer (X-AUTH-TOKEN response header), to be used from now on.
 */
export type HttpAnswer<T> = (
  { status: 200; data: T; etag: string | null } | { status: 304; data: null; etag: string | null }
) & { renewedToken?: string };

export type QueryValue = string | number | boolean | null | undefined;

/** Query string with array parameters WITHOUT indices (`a=1&a=2`, product.md#the-calls); empty values are left out. */
export function query(params: Record<string, QueryValue | readonly QueryValue[]>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    const values: readonly QueryValue[] = Array.isArray(value) ? value : [value as QueryValue];
    for (const v of values) if (v !== null && v !== undefined) search.append(key, String(v));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** Where requests go and how they are made: the page's origin and the global fetch, unless a test says otherwise
 * (Node has no relative URLs and no cookie jar). */
export interface HttpConfig {
  base: string;
  fetch: typeof fetch;
}

export const httpConfig: HttpConfig = { base: '', fetch: (input, init) => fetch(input, init) };

export function configureHttp(config: Partial<HttpConfig>): void {
  Object.assign(httpConfig, config);
}

export async function requestJson<T>(path: string, check: Check<T>, opts: RequestOptions = {}): Promise<T> {
  const answer = await request(path, check, opts);
  // A 304 only comes back to a conditional request: a plain one asking for data never gets one.
  if (answer.status === 304) throw new UnknownError(`The server's answer to ${path} was not understood.`);
  return answer.data;
}

/** The same call as multipart (FormData body, no JSON content type). */
export function requestMultipart<T>(
  path: string,
  check: Check<T>,
  form: FormData,
  opts: Omit<RequestOptions, 'body' | 'form'> = {},
): Promise<T> {
  return requestJson(path, check, { method: 'POST', ...opts, form });
}

/** One request: 200 gives checked data and the ETag, 304 gives no data; anything else is a typed error. */
export async function request<T>(
  path: string,
  check: Check<T>,
  opts: RequestOptions = {},
): Promise<HttpAnswer<T>> {
  const headers: Record<string, string> = { Accept: 'application/json', 'Cache-Control': 'no-cache' };
  if (opts.body !== undefined && !opts.form) headers['Content-Type'] = 'application/json';
  if (opts.token) headers[TOKEN_HEADER] = opts.token;
  Object.assign(headers, opts.headers);
  const json = opts.body === undefined ? null : JSON.stringify(opts.body);
  const packed = opts.gzip && json !== null && json.length >= GZIP_MIN_BYTES ? await gzipped(json) : null;
  if (packed) headers['Content-Encoding'] = 'gzip';
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  let res: Response | undefined;
  let text: string;
  const method = opts.method ?? (opts.form ? 'POST' : 'GET');
  const sentBody = opts.form ?? packed ?? json;
  // The data meter counts every exchange, answered or not (src/device/meter).
  const sent = {
    method,
    url: httpConfig.base + path,
    headers: Object.entries(headers),
    startedAt: timingNow(),
  };
  try {
    res = await httpConfig.fetch(sent.url, {
      method,
      headers,
      body: sentBody,
      credentials: opts.credentials ?? 'include',
      cache: 'no-cache',
      signal: controller.signal,
      ...(opts.referrerPolicy ? { referrerPolicy: opts.referrerPolicy } : {}),
    });
    text = await res.text();
    countHttp(contextMeter, 'api', { ...sent, bodyBytes: bodyLength(sentBody) }, res, text);
  } catch (err) {
    countHttp(contextMeter, 'api', { ...sent, bodyBytes: bodyLength(sentBody) }, res ?? null, 0);
    if (controller.signal.aborted) {
      // Plain words: the person waiting needs to know the server is silent, not which address was asked.
      throw new TimeoutError(`The server did not answer within ${Math.round(timeoutMs / 1000)} s.`);
    }
    // fetch rejects with a TypeError ("Failed to fetch") when there is no link: say so in words a crew can act on.
    throw new UnknownError(
      `The server could not be reached${err instanceof TypeError ? '' : ` (${String(err)})`}. Check the connection and try again.`,
    );
  } finally {
    clearTimeout(timer);
  }
  const etag = res.headers.get('etag');
  const renewed = res.ok || res.status === 304 ? res.headers.get(TOKEN_HEADER) : null;
  const renewal = renewed ? { renewedToken: renewed } : {};
  if (res.status === 304) return { status: 304, data: null, etag, ...renewal };
  const body = parseJson(text);
  if (!res.ok) throw errorFor(res.status, body, path);
  let checked: T | null = null;
  try {
    checked = body === undefined ? null : check(body);
  } catch {
    // A check that trips over an odd value is the same as a failed check: an error, never a crash.
  }
  if (checked === null) throw new UnknownError(`The server's answer to ${path} was not understood.`);
  return { status: 200, data: checked, etag, ...renewal };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The server's ApiError body carries a name and a message; anything else gets a generic message. */
function errorFor(status: number, body: unknown, path: string): RequestError {
  const apiError =
    typeof body === 'object' && body !== null ? (body as { name?: unknown; message?: unknown }) : {};
  const message =
    typeof apiError.message === 'string' && apiError.message
      ? apiError.message
      : `${path} answered HTTP ${status}.`;
  if (status === 401) {
    return apiError.name === 'JsonWebTokenError'
      ? new JsonWebTokenError(message, status)
      : new AuthenticationError(message, status);
  }
  if (status === 403) return new ForbiddenError(message, status);
  if (status === 408 || status === 504) return new TimeoutError(message, status);
  return new UnknownError(message, status);
}
