// Rule 6: one drainer at a time, under the Web Lock 'quay-outbox' (worker and service worker share it).
export const OUTBOX_LOCK = 'quay-outbox';
