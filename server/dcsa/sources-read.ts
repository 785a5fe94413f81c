// One read of a schedule source: every page of its /v3/service-schedules by the Next-Page-Cursor, asked again with
// the validators it gave (a 304 page is skipped), each page held to the OVS 3.0.2 schemas before any of it is written
// (integration.md#schedule-sources-in-dcsa-ovs-v3). What goes wrong is a SourceError in plain words, never a throw
// of the provider's making.
import { Compile } from 'typebox/compile';
import type { Db, Sql } from '../db/db.ts';
import { ingestServiceSchedules, type IngestReport } from './ingest.ts';
import { ServiceSchedules, type ServiceSchedule } from './ovs-schemas.ts';
import type { ScheduleSource } from './sources-config.ts';

/** A source's failure, in words for /health/. */
export class SourceError extends Error {}

/** What a page's last answer gave to ask again with, and the cursor it pointed on to. */
export interface Validators {
  etag: string | null;
  lastModified: string | null;
  next: string | null;
}

export interface ReadReport extends IngestReport {
  pages: number;
  /** Pages the provider said had not changed (304). */
  notModified: number;
}

export interface ReadOptions {
  /** Validators by page URL, kept between reads of the source. */
  validators: Map<string, Validators>;
  timeoutMs: number;
  now: () => Date;
  /** Asked in each page's transaction: false writes nothing (an instance that no longer leads). */
  proceed?: (sql: Sql) => Promise<boolean>;
  fetch?: typeof fetch;
}

/** A provider whose cursors never end would be read for ever: a read stops here. */
const MAX_PAGES = 1000;
/** A page bigger than this is no schedule page (the standard's largest page, 1,000 services, is far below). */
const MAX_PAGE_BYTES = 64 * 1024 * 1024;

const checkPage = Compile(ServiceSchedules);

function withCursor(first: string, cursor: string): string {
  const url = new URL(first);
  url.search = new URLSearchParams({ cursor }).toString();
  return url.toString();
}

async function bodyOf(res: Response, page: number): Promise<string> {
  const reader = res.body?.getReader();
  if (!reader) return '';
  const parts: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_PAGE_BYTES) {
      await reader.cancel();
      throw new SourceError(`page ${page} is larger than ${MAX_PAGE_BYTES / 1024 / 1024} MB`);
    }
    parts.push(value);
  }
  return Buffer.concat(parts).toString('utf8');
}

/** A page's schedules, or a SourceError naming the first place it breaks the standard. */
async function pageOf(res: Response, page: number): Promise<ServiceSchedule[]> {
  const text = await bodyOf(res, page);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new SourceError(`page ${page} is not JSON`);
  }
  if (checkPage.Check(value)) return value;
  const first = [...checkPage.Errors(value)][0];
  throw new SourceError(
    `page ${page} is not DCSA OVS 3.0.2: ${first?.instancePath || 'the answer'} ${first?.message ?? 'is not a list of service schedules'}`,
  );
}

/** Why a provider refused, in its own words when it answered the standard's error body. */
async function refusal(res: Response, page: number): Promise<SourceError> {
  let said = '';
  try {
    const body = JSON.parse(await bodyOf(res, page)) as { statusCodeMessage?: unknown };
    if (typeof body.statusCodeMessage === 'string') said = `: ${body.statusCodeMessage.slice(0, 200)}`;
  } catch {
    // Not the standard's error body: the status says enough.
  }
  return new SourceError(`HTTP ${res.status} from the provider on page ${page}${said}`);
}

async function ask(source: ScheduleSource, url: string, opts: ReadOptions, page: number): Promise<Response> {
  const known = opts.validators.get(url);
  const headers: Record<string, string> = { accept: 'application/json' };
  if (source.header) headers[source.header.name] = source.header.value;
  if (known?.etag) headers['if-none-match'] = known.etag;
  if (known?.lastModified) headers['if-modified-since'] = known.lastModified;
  try {
    // A redirect is not followed: the key would go with it to wherever it points.
    return await (opts.fetch ?? fetch)(url, {
      headers,
      redirect: 'manual',
      signal: AbortSignal.timeout(opts.timeoutMs),
    });
  } catch (err) {
    if (err instanceof Error && err.name === 'TimeoutError')
      throw new SourceError(`no answer within ${opts.timeoutMs / 1000} s on page ${page}`);
    const cause = err instanceof Error && err.cause instanceof Error ? err.cause.message : String(err);
    throw new SourceError(`the provider could not be reached on page ${page}: ${cause}`);
  }
}

/**
 * Reads every page of the source and writes each valid page in its own transaction. A page that fails stops the
 * read; the pages before it are in, nothing of it is. A page with refused calls keeps no validators, so that it is
 * read whole again (a port imported since may let its calls in).
 */
export async function readSource(db: Db, source: ScheduleSource, opts: ReadOptions): Promise<ReadReport> {
  const report: ReadReport = { pages: 0, notModified: 0, calls: 0, created: 0, changed: 0, refused: [] };
  const by = new URL(source.url).host;
  const cursors = new Set<string>();
  let url = source.url;
  for (let page = 1; ; page++) {
    if (page > MAX_PAGES)
      throw new SourceError(`more than ${MAX_PAGES} pages: the provider's cursors do not end`);
    const res = await ask(source, url, opts, page);
    const known = opts.validators.get(url);
    let next = res.headers.get('next-page-cursor');
    if (res.status === 304 && known) {
      report.notModified++;
      next ??= known.next;
    } else if (res.status >= 300 && res.status < 400) {
      throw new SourceError(
        `HTTP ${res.status} from the provider on page ${page}: it moved to ${res.headers.get('location') ?? 'an address it did not say'}; name that URL in SCHEDULE_SOURCES`,
      );
    } else if (res.status !== 200) {
      throw await refusal(res, page);
    } else {
      const schedules = await pageOf(res, page);
      const done = await ingestServiceSchedules(db, schedules, {
        source: by,
        now: opts.now(),
        ...(opts.proceed ? { proceed: opts.proceed } : {}),
      });
      report.calls += done.calls;
      report.created += done.created;
      report.changed += done.changed;
      report.refused.push(...done.refused);
      const etag = res.headers.get('etag');
      const lastModified = res.headers.get('last-modified');
      if (done.refused.length === 0 && (etag || lastModified))
        opts.validators.set(url, { etag, lastModified, next });
      else opts.validators.delete(url);
    }
    report.pages++;
    if (!next) return report;
    if (cursors.has(next)) throw new SourceError(`the provider gave the same cursor twice (page ${page})`);
    cursors.add(next);
    url = withCursor(source.url, next);
  }
}
