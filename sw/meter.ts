// The service worker's side of the data meter: what it fetches itself (the precache at install and update, images
// on first use, the outbox replay through src/device/net/http.ts) is counted into its own meter and stored in the same
// `dataUsage` table as the worker's (each adds to what is stored). Pages served from its caches cost nothing.
import type { WorkboxPlugin } from 'workbox-core';
import { QuayDb } from '../src/device/db.ts';
import { countHttp, timingNow } from '../src/device/meter/count-http.ts';
import { contextMeter } from '../src/device/meter/data-meter.ts';
import { PUSH_OVERHEAD_BYTES } from '../src/device/meter/usage.ts';

/** Stores this context's count (the outbox replay opens its own connection; this one is the meter's). */
export function startMeter(): void {
  contextMeter.attach(new QuayDb());
}

/** Counts each network fetch a Workbox strategy or the precache makes, as 'assets'. */
export const meterPlugin: WorkboxPlugin = {
  requestWillFetch: async ({ request }) => {
    started.set(request.url, timingNow());
    return request;
  },
  fetchDidSucceed: async ({ request, response }) => {
    const startedAt = started.get(request.url) ?? 0;
    started.delete(request.url);
    countHttp(
      contextMeter,
      'assets',
      {
        method: request.method,
        url: request.url,
        headers: request.headers.entries(),
        bodyBytes: 0,
        startedAt,
      },
      response,
      Number(response.headers.get('content-length')) || 0,
    );
    return response;
  },
};

/** When each fetch started, by URL: its resource timing entry starts after it. */
const started = new Map<string, number>();

/** A Web Push message came: its payload and the push channel's overhead (estimated) came down the same link. */
export function countPush(event: PushEvent): void {
  contextMeter.add('push', 0, (event.data?.arrayBuffer().byteLength ?? 0) + PUSH_OVERHEAD_BYTES);
}
