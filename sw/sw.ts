// The service worker (a module chunk of the app's build, /sw.js: vite.config.ts): precaches the app shell and answers
// page navigations with the cached index.html, so the app opens with no network at all; images, the map's fine
// coast and the pages about people are cached on first use; old caches go on activate; a new version waits for the user (SKIP_WAITING).
import { clientsClaim } from 'workbox-core';
import {
  addPlugins,
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
  type PrecacheEntry,
} from 'workbox-precaching';
import { ExpirationPlugin } from 'workbox-expiration';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { startOutboxReplay } from './outbox.ts';
import { startPushHandling } from './push.ts';
import { meterPlugin, startMeter } from './meter.ts';

declare let self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

/** Server pages and endpoints, never the app: sign-on, the API, tokens, health, the STOMP socket, calendar feeds. */
const NOT_THE_APP = [/^\/sso\//, /^\/api\//, /^\/IBP_REFRESH\.do/, /^\/healthz/, /^\/ws(\/|$)/, /^\/cal\//];

// The data meter counts what the precache and the image cache fetch (sw/meter.ts).
startMeter();
addPlugins([meterPlugin]);
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: NOT_THE_APP }));

/**
 * Files under one path of this origin, fetched on first use and then answered from the device's cache of that name,
 * counted by the data meter; the oldest go past `maxEntries` (or when older than `maxAgeS`, or storage runs short).
 */
function cacheOnFirstUse(
  pathPrefix: string,
  cacheName: string,
  maxEntries: number,
  maxAgeS?: number,
): string {
  registerRoute(
    ({ url, request }) =>
      url.origin === self.location.origin && url.pathname.startsWith(pathPrefix) && request.method === 'GET',
    new CacheFirst({
      cacheName,
      plugins: [
        meterPlugin,
        new ExpirationPlugin({
          maxEntries,
          ...(maxAgeS === undefined ? {} : { maxAgeSeconds: maxAgeS }),
          purgeOnQuotaError: true,
        }),
      ],
    }),
  );
  return cacheName;
}

/** Images (flags, carrier marks, icons) under /assets/img: fetched once on first use, then from the device. */
const IMAGE_CACHE = cacheOnFirstUse('/assets/img/', 'quay-img-v1', 400, 60 * 24 * 3600);

/**
 * The map's fine coast (src/features/map/fine-coast.ts): a tile of about a kilobyte fetched the first time a view
 * comes close to it, then from the device, so a port seen once has its coast offline. Never precached: the first
 * install does not pay for coasts the user may never look at.
 */
const COAST_CACHE = cacheOnFirstUse('/assets/coast/', 'quay-coast-v1', 600, 365 * 24 * 3600);

/**
 * The pages about people (My devices, user administration: the chunk named after src/screens/PeoplePage.tsx, and its
 * styles), left out of the precache because with no link they have nothing to show: kept when first opened, so that
 * at sea they say so in their own words. A newer version's chunk has another name; the old ones go past four.
 */
const PEOPLE_CACHE = cacheOnFirstUse('/assets/PeoplePage-', 'quay-people-v1', 4);

/** Runtime caches of earlier versions (e.g. 'quay-img-v0') go when this one activates. */
const KEEP = [IMAGE_CACHE, COAST_CACHE, PEOPLE_CACHE];
self.addEventListener('activate', (event: ExtendableEvent) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith('quay-') && !KEEP.includes(name)) await caches.delete(name);
      }
    })(),
  );
});

// registerType 'prompt': a new version waits until the window says the user agreed to reload.
self.addEventListener('message', (event: ExtendableMessageEvent) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

clientsClaim();

// Outbox replay (architecture.md#drain-triggers): on Background Sync's `sync` event and now, at start-up.
startOutboxReplay();

// Web Push: store, count and show pushed notifications; a click opens the chat or the detail (sw/push.ts).
startPushHandling();
