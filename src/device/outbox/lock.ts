// Rule 6: one drainer at a time, under the Web Lock 'quay-outbox' (worker and service worker share it); and the
// Background Sync tags that ask the service worker to drain, or to tell a sign-out, when no page is open.
export const OUTBOX_LOCK = 'quay-outbox';

/** The Background Sync tag the worker registers and the service worker answers. */
export const OUTBOX_SYNC_TAG = 'quay-outbox';

/**
 * The Background Sync tag the window registers when a sign-out made at sea waits, and the service worker answers
 * (sync.md#sign-out-at-sea). The window, not the worker: Chromium gives a dedicated worker no navigator.serviceWorker.
 */
export const SIGN_OUT_SYNC_TAG = 'quay-sign-out';
