// Page model of the vessel, schedule and voyage pages as a person finds them (regions by their headings, the map by
// its accessible name), the server's own answers to compare with, and a counter of the bytes the pages' data cost.
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { CascadeResponse, VesselCurrent } from '../../src/core/contract/vessel.ts';

export const OWN_VESSEL = { vslCd: 'QHZN', vslNm: 'QUAY HORIZON' } as const;
export const OTHER_VESSEL = { vslCd: 'AHDS', vslNm: 'ATLAS HUDSON' } as const;

/** The server paths of the pages' data (worker/page-data/sources.ts). */
const PAGE_DATA_PATHS = [
  '/api/v2/app/vessel/current',
  '/api/v2/app/vessel/cascade',
  '/api/v2/app/vessel/ais-history',
] as const;

export class VesselPages {
  readonly schedule: Locator;
  readonly scheduleHeading: Locator;
  readonly map: Locator;
  readonly mapSection: Locator;
  readonly timeline: Locator;
  readonly dataAges: Locator;

  constructor(readonly page: Page) {
    this.schedule = page.getByRole('region', { name: 'Schedule' });
    this.scheduleHeading = this.schedule.getByRole('heading', { name: 'Schedule', level: 2 });
    this.mapSection = page.getByRole('region', { name: 'Map' });
    this.map = page.getByRole('img', { name: /^Map: / });
    this.timeline = page.getByRole('list', { name: /^Calls of voyage/ });
    this.dataAges = page.getByRole('status', { name: 'Data age' });
  }

  /** The identity and current state card, named by the vessel's name and code. */
  identity(vslNm: string): Locator {
    return this.page.getByRole('region', { name: new RegExp(`^${vslNm} \\(`) });
  }

  /** A call of the voyage timeline, by its port code. */
  timelineCall(portCd: string): Locator {
    return this.timeline
      .getByRole('listitem')
      .filter({ has: this.page.getByRole('heading', { name: new RegExp(`^${portCd} `) }) });
  }

  /** A call of the schedule widget, by its port code. */
  scheduleCall(portCd: string): Locator {
    return this.schedule.getByRole('listitem').filter({ hasText: new RegExp(`^${portCd}`) });
  }

  /** Scrolled to: in the viewport and not under the sticky header and status strip. */
  async expectScrolledTo(target: Locator): Promise<void> {
    await expect(target).toBeInViewport();
    // A smooth scroll has come to rest.
    let last = -1;
    await expect
      .poll(
        async () => {
          const y = await this.page.evaluate(() => window.scrollY);
          const still = y === last;
          last = y;
          return still;
        },
        { intervals: [250] },
      )
      .toBe(true);
    await expect
      .poll(async () => {
        const strip = await this.page.getByRole('status', { name: 'Sync status' }).boundingBox();
        const box = await target.boundingBox();
        return !!strip && !!box && box.y >= strip.y + strip.height;
      })
      .toBe(true);
  }

  /** Every section says how old its data is. */
  async expectAges(count: number): Promise<void> {
    await expect(this.dataAges).toHaveCount(count);
    for (const age of await this.dataAges.all()) await expect(age).toContainText(/^As of \d\d:\d\d /);
  }
}

/** GET an app API path as the signed-on user of this context (a token from its sign-on cookie). */
async function apiGet<T>(request: APIRequestContext, path: string): Promise<T> {
  const refresh = await request.get('/IBP_REFRESH.do');
  const { token } = (await refresh.json()) as { token: string };
  const res = await request.get(`/api/v2/app${path}`, { headers: { 'X-AUTH-TOKEN': token } });
  expect(res.ok(), `GET ${path}`).toBe(true);
  return (await res.json()) as T;
}

export const serverCascade = (request: APIRequestContext, vslCd: string) =>
  apiGet<CascadeResponse>(request, `/vessel/cascade?vslCd=${vslCd}`);
export const serverCurrent = (request: APIRequestContext, vslCd: string) =>
  apiGet<VesselCurrent>(request, `/vessel/current?vslCd=${vslCd}`);

/**
 * Bytes on the wire for the pages' data, as the browser saw them (headers and encoded body, request and response),
 * including the sync worker's requests (Playwright reports a page's dedicated workers on the page).
 */
export class PageDataBytes {
  private requests: { path: string; status: number; bytes: number }[] = [];
  private pending: Promise<void>[] = [];

  constructor(page: Page) {
    page.on('requestfinished', (request) => {
      const path = new URL(request.url()).pathname;
      if (!(PAGE_DATA_PATHS as readonly string[]).includes(path)) return;
      this.pending.push(
        (async () => {
          const sizes = await request.sizes();
          const response = await request.response();
          this.requests.push({
            path,
            status: response?.status() ?? 0,
            bytes:
              sizes.requestHeadersSize +
              sizes.requestBodySize +
              sizes.responseHeadersSize +
              sizes.responseBodySize,
          });
        })(),
      );
    });
  }

  /** Requests finished since the last take(). */
  seen(): number {
    return this.pending.length;
  }

  /** What was counted since the last reset, once every finished request's sizes are in. */
  async take(): Promise<{ requests: number; bytes: number; statuses: number[]; paths: string[] }> {
    await Promise.all(this.pending);
    const seen = this.requests;
    this.requests = [];
    this.pending = [];
    return {
      requests: seen.length,
      bytes: seen.reduce((s, r) => s + r.bytes, 0),
      statuses: seen.map((r) => r.status),
      paths: seen.map((r) => `${r.path.replace('/api/v2/app/vessel/', '')} ${r.status} ${r.bytes} B`),
    };
  }
}

/** Makes every kept page's data look old, so the next opening asks the server (If-None-Match) instead of using it. */
export function agePageData(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('quay');
        open.onerror = () => reject(open.error ?? new Error('cannot open quay'));
        open.onsuccess = () => {
          const db = open.result;
          const tx = db.transaction('pageData', 'readwrite');
          let n = 0;
          const cursor = tx.objectStore('pageData').openCursor();
          cursor.onsuccess = () => {
            const c = cursor.result;
            if (!c) return;
            c.update({ ...(c.value as object), syncedAt: 1 });
            n += 1;
            c.continue();
          };
          tx.oncomplete = () => {
            db.close();
            resolve(n);
          };
          tx.onerror = () => reject(tx.error ?? new Error('cannot age pageData'));
        };
      }),
  );
}
