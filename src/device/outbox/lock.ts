// Rule 6: one drainer at a time, under the Web Lock 'quay-outbox' (worker and service worker share it); and the
// Background Sync tag that asks the service worker to drain when no page is open.
export const OUTBOX_LOCK = 'quay-outbox';

/** The Background Sync tag the worker registers and the service worker answers. */
export const OUTBOX_SYNC_TAG = 'quay-outbox';
