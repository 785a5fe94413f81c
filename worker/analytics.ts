// Analytics (product.md#live-push-and-analytics: a page view and a user_move event with extUsrId, usrRoleCd, usrPortCd, usrVslCd and usrTpCd),
// sent to a sink the window configures (VITE_ANALYTICS_SINK; null = off: nothing kept, nothing sent). Events wait in
// memory (at most 200, the oldest go first) and go in batches of at most 50 when online: every 30 s at most, or
// sooner when 20 wait. A failed send keeps them and backs off (never a tight loop). Not the outbox: analytics are
// not the user's changes and may be lost with the worker; the application history goes through the outbox instead.
import {
  ANALYTICS_FIELD_MAX,
  ANALYTICS_MAX_BATCH,
  ANALYTICS_PATH_MAX,
  type AnalyticsBody,
  type AnalyticsEvent,
} from '../src/core/contract/analytics.ts';
import {
  DEFAULT_TIMEOUT_MS,
  RequestError,
  TimeoutError,
  UnknownError,
  type Check,
} from '../src/device/net/http.ts';
import { backoffMs, classify, type ApiCaller } from '../src/device/outbox/drain.ts';
import { countHttp, timingNow } from '../src/device/meter/count-http.ts';
import { contextMeter } from '../src/device/meter/data-meter.ts';
import { utf8Length } from '../src/device/meter/usage.ts';
import type { CommandResult, Visit } from './commands/commands.ts';

/** Events kept at most while they cannot be sent; past it the oldest go. */
export const MAX_BUFFERED = 200;
/** The timer: a flush at most this often. */
export const FLUSH_EVERY_MS = 30_000;
/** This many waiting events send at once (unless a failure's backoff holds). */
const FLUSH_AT = 20;
/** After a failed send: 30 s, doubling, up to 15 minutes, with jitter. */
export const FLUSH_BACKOFF = { baseMs: 30_000, maxMs: 15 * 60_000 };

/** The signed-on user's fields that a user_move event carries (product.md#the-calls). */
export interface VisitUser {
  extUsrId: string;
  usrRoleCd: string;
  usrPortCd: string;
  usrVslCd: string;
  usrTpCd: string;
}

/** What the window tells the worker on every route change (worker API `routeChanged`). */
export interface RouteVisit {
  /** location.pathname */
  path: string;
  /** location.search, with or without the leading '?' */
  search: string;
  /** location.hostname: no application history on local hosts (product.md#the-calls). */
  hostname: string;
  /** Where analytics go: a path on the API's origin (sent with the token) or an absolute URL; null = off. */
  analyticsSink: string | null;
  user: VisitUser;
}

/** An event as a caller hands it over; `at` defaults to now, long values are cut to the contract's limits. */
export type AnalyticsInput = Omit<AnalyticsEvent, 'at'> & { at?: string };

export interface FlushResult {
  /** Events the sink accepted. */
  sent: number;
  /** Events the sink refused for good (a 4xx other than 401, 408, 429): dropped and logged. */
  dropped: number;
  /** Events still waiting (offline, or a failure: tried again after the backoff). */
  kept: number;
}

export interface AnalyticsDeps {
  /** The worker's ApiClient: a path sink gets the X-AUTH-TOKEN and one refresh on 401. */
  client: ApiCaller;
  isOnline: () => boolean;
  /** Data saver is on: events wait (worker/meter.ts). */
  deferred?: () => boolean;
  now?: () => number;
  /** Starts a timer and gives back its cancel; tests drive time by hand. */
  setTimer?: (fn: () => void, ms: number) => () => void;
  random?: () => number;
  /** Sends to a sink on another origin: plain JSON, no token, no cookie. Default: fetch. */
  postExternal?: (url: string, body: AnalyticsBody) => Promise<void>;
}

interface Entry {
  sink: string;
  event: AnalyticsEvent;
  /** The Idempotency-Key of the batch it was first sent in: a resend (answer lost) counts once. */
  key: string | null;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const checkAnswer: Check<{ success: boolean; msg: string }> = (v) =>
  isRecord(v) && typeof v.success === 'boolean'
    ? { success: v.success, msg: typeof v.msg === 'string' ? v.msg : '' }
    : null;

function clip(text: string, max: number): string {
  const clean = text.replaceAll('\u0000', '');
  const chars = Array.from(clean);
  return chars.length <= max ? clean : chars.slice(0, max).join('');
}

const FIELDS = ['extUsrId', 'usrRoleCd', 'usrPortCd', 'usrVslCd', 'usrTpCd'] as const;

function normalise(input: AnalyticsInput, at: string): AnalyticsEvent {
  const event: AnalyticsEvent = {
    name: input.name,
    at: input.at ?? at,
    path: clip(input.path, ANALYTICS_PATH_MAX) || '/',
  };
  for (const f of FIELDS) {
    const value = input[f];
    if (typeof value === 'string') event[f] = clip(value, ANALYTICS_FIELD_MAX);
  }
  return event;
}

/** The two events of a route change (product.md#live-push-and-analytics): a page view, and a user_move with the user's fields. */
export function visitEvents(visit: Pick<RouteVisit, 'path' | 'user'>): AnalyticsInput[] {
  const { extUsrId, usrRoleCd, usrPortCd, usrVslCd, usrTpCd } = visit.user;
  return [
    { name: 'page_view', path: visit.path },
    { name: 'user_move', path: visit.path, extUsrId, usrRoleCd, usrPortCd, usrVslCd, usrTpCd },
  ];
}

type Target = { type: 'api'; path: string } | { type: 'external'; url: string };

/** A path on the API's origin (or an absolute URL of the page's own origin) goes with the token; another origin
 * never sees it. Anything else is not a sink. */
function targetOf(sink: string): Target | null {
  if (sink.startsWith('/') && !sink.startsWith('//')) return { type: 'api', path: sink };
  let url: URL;
  try {
    url = new URL(sink);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const own = (globalThis as { location?: { origin?: string } }).location?.origin;
  if (own && url.origin === own) return { type: 'api', path: url.pathname + url.search };
  return { type: 'external', url: url.toString() };
}

async function fetchExternal(url: string, body: AnalyticsBody): Promise<void> {
  let res: Response;
  const text = JSON.stringify(body);
  // Counted by the data meter like the API's calls (src/device/net/http.ts).
  const sent = { method: 'POST', url, headers: [['Content-Type', 'application/json']] as [string, string][] };
  const counted = { ...sent, bodyBytes: utf8Length(text), startedAt: timingNow() };
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: Object.fromEntries(sent.headers),
      body: text,
      credentials: 'omit',
      signal: AbortSignal.timeout(DEFAULT_TIMEOUT_MS),
    });
    countHttp(contextMeter, 'api', counted, res, 0);
  } catch (err) {
    countHttp(contextMeter, 'api', counted, null, 0);
    if (err instanceof DOMException && err.name === 'TimeoutError')
      throw new TimeoutError(`The analytics sink did not answer within ${DEFAULT_TIMEOUT_MS / 1000} s.`);
    throw new UnknownError('The analytics sink could not be reached.');
  }
  if (!res.ok) throw new RequestError(`The analytics sink answered HTTP ${res.status}.`, res.status);
}

function randomPart(): string {
  const c = (globalThis as { crypto?: { randomUUID?: () => string } }).crypto;
  return c?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

export function createAnalytics(deps: AnalyticsDeps) {
  const now = deps.now ?? Date.now;
  const random = deps.random ?? Math.random;
  const setTimer =
    deps.setTimer ??
    ((fn: () => void, ms: number) => {
      const t = setTimeout(fn, ms);
      return () => clearTimeout(t);
    });
  const postExternal = deps.postExternal ?? fetchExternal;
  const keyPrefix = `analytics:${randomPart()}`;
  let keyCounter = 0;

  let buffer: Entry[] = [];
  let running: Promise<FlushResult> | null = null;
  let cancelTimer: (() => void) | null = null;
  /** Failed sends in a row, and not before this time (ms) for the timer and the threshold. */
  let failures = 0;
  let notBefore = 0;
  const warned = new Set<string>();
  /** What the window last said about the link (Chromium fires no online/offline events in dedicated workers). */
  let linkUp: boolean | null = null;
  // Data saver holds the events in memory until it goes off (then flush) or the buffer's oldest go.
  const isOnline = () => (linkUp ?? deps.isOnline()) && !deps.deferred?.();

  /** One timer while events wait: FLUSH_EVERY_MS, or the end of a longer backoff. */
  function arm(): void {
    if (buffer.length === 0) {
      cancelTimer?.();
      cancelTimer = null;
      return;
    }
    if (cancelTimer) return;
    const ms = Math.max(FLUSH_EVERY_MS, notBefore - now());
    cancelTimer = setTimer(() => {
      cancelTimer = null;
      if (now() >= notBefore && !running) void start();
      else arm();
    }, ms);
  }

  /** The oldest waiting batch among `among`: a batch sent before keeps its key and its events; otherwise up to 50
   * consecutive events for one sink get a new key. */
  function nextBatch(among: ReadonlySet<Entry>): Entry[] {
    const waiting = buffer.filter((e) => among.has(e));
    const head = waiting[0];
    if (!head) return [];
    if (head.key !== null) return waiting.filter((e) => e.key === head.key).slice(0, ANALYTICS_MAX_BATCH);
    const batch: Entry[] = [];
    for (const e of waiting) {
      if (e.key !== null || e.sink !== head.sink || batch.length === ANALYTICS_MAX_BATCH) break;
      batch.push(e);
    }
    const key = `${keyPrefix}:${++keyCounter}`;
    for (const e of batch) e.key = key;
    return batch;
  }

  async function send(batch: readonly Entry[]): Promise<'sent' | 'refused' | 'retry'> {
    const head = batch[0] as Entry;
    const body: AnalyticsBody = { events: batch.map((e) => e.event) };
    const target = targetOf(head.sink);
    try {
      if (target === null) return 'refused';
      if (target.type === 'external') await postExternal(target.url, body);
      else {
        const answer = await deps.client.json(target.path, checkAnswer, {
          method: 'POST',
          body,
          headers: { 'Idempotency-Key': head.key ?? `${keyPrefix}:${++keyCounter}` },
        });
        if (!answer.success) {
          console.warn(`analytics: the sink refused ${batch.length} events: ${answer.msg}`);
          return 'refused';
        }
      }
      return 'sent';
    } catch (err) {
      const outcome = classify(err);
      if (outcome.type === 'refused') {
        console.warn(`analytics: the sink refused ${batch.length} events: ${outcome.message}`);
        return 'refused';
      }
      return 'retry';
    }
  }

  /** Sends what waits now, batch after batch, until done or one fails. Events tracked meanwhile wait for the next. */
  async function run(): Promise<FlushResult> {
    const result: FlushResult = { sent: 0, dropped: 0, kept: 0 };
    if (isOnline()) {
      const among = new Set(buffer);
      for (;;) {
        const batch = nextBatch(among);
        if (batch.length === 0) break;
        const outcome = await send(batch);
        for (const e of batch) among.delete(e);
        if (outcome === 'retry') {
          failures += 1;
          notBefore = now() + backoffMs(failures, FLUSH_BACKOFF, random);
          break;
        }
        buffer = buffer.filter((e) => !batch.includes(e));
        if (outcome === 'sent') {
          failures = 0;
          notBefore = 0;
          result.sent += batch.length;
        } else result.dropped += batch.length;
      }
    }
    result.kept = buffer.length;
    return result;
  }

  function start(): Promise<FlushResult> {
    const p = run().finally(() => {
      running = null;
      arm();
      // Enough came in while that flush was under way: send them too (the backoff holds after a failure).
      if (buffer.length >= FLUSH_AT && now() >= notBefore && isOnline()) void start();
    });
    running = p;
    return p;
  }

  /** Sends what waits now, whatever the backoff planned (e.g. the link came back); after one under way ends. */
  async function flush(): Promise<FlushResult> {
    while (running) await running.catch(() => undefined);
    return start();
  }

  return {
    /** Keeps one event for `sink`; nothing at all when the sink is null (analytics off). */
    track(event: AnalyticsInput, sink: string | null): void {
      if (!sink) return;
      if (targetOf(sink) === null) {
        if (!warned.has(sink)) console.warn(`analytics: ${sink} is not a path or an http(s) URL: off`);
        warned.add(sink);
        return;
      }
      buffer.push({ sink, event: normalise(event, new Date(now()).toISOString()), key: null });
      if (buffer.length > MAX_BUFFERED) buffer = buffer.slice(buffer.length - MAX_BUFFERED);
      if (buffer.length >= FLUSH_AT && !running && now() >= notBefore && isOnline()) void start();
      else arm();
    },
    flush,
    /** The link came or went: when it comes back, what waits goes at once. */
    linkChanged(online: boolean): void {
      linkUp = online;
      if (online && buffer.length > 0) void flush();
    },
    /** Resolves when no flush is under way (tests; a sign-out that wants the last batch out first). */
    async settled(): Promise<void> {
      while (running) await running.catch(() => undefined);
    },
    /** Forgets what waits (sign-out: the next user's token must not carry this user's events). */
    clear(): void {
      buffer = [];
      failures = 0;
      notBefore = 0;
      arm();
    },
    /** How many events wait. */
    pending: (): number => buffer.length,
    /** Stops the timer (tests; the worker lives as long as its page). */
    stop(): void {
      cancelTimer?.();
      cancelTimer = null;
    },
  };
}

export type Analytics = ReturnType<typeof createAnalytics>;

/**
 * The worker's `routeChanged`: the application history through the outbox (commands.recordVisit) and, when a sink is
 * set, a page_view and a user_move event.
 */
export function createRouteChanged(deps: {
  recordVisit: (visit: Visit) => Promise<CommandResult>;
  analytics: Pick<Analytics, 'track'>;
}) {
  return async (visit: RouteVisit): Promise<CommandResult> => {
    if (visit.analyticsSink) {
      for (const event of visitEvents(visit)) deps.analytics.track(event, visit.analyticsSink);
    }
    return deps.recordVisit({ path: visit.path, search: visit.search, hostname: visit.hostname });
  };
}
