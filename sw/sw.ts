// The service worker (built to /sw.js by vite-plugin-pwa, injectManifest): precaches the app shell and answers
// page navigations with the cached index.html, so the app opens with no network at all.
import { clientsClaim } from 'workbox-core';
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
  type PrecacheEntry,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { startOutboxReplay } from './outbox.ts';

declare let self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

/** Server pages and endpoints, never the app: sign-on, the API, tokens, health and the STOMP socket. */
const NOT_THE_APP = [/^\/sso\//, /^\/api\//, /^\/IBP_REFRESH\.do/, /^\/healthz/, /^\/ws(\/|$)/];

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: NOT_THE_APP }));

// registerType 'prompt': a new version waits until the window says the user agreed to reload.
self.addEventListener('message', (event: ExtendableMessageEvent) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

clientsClaim();

// Outbox replay (DESIGN.md §3 rule 5): on Background Sync's `sync` event and now, at start-up.
startOutboxReplay();
