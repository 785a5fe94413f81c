// The per-item calls of product.md §7 that the outbox sends: one path per kind, shared by the kinds' modules.
export const NOTIFICATION_PATH = '/api/v2/app/notification';
export const HISTORY_PATH = '/api/v2/app/common/history/application-history';
export const MY_SETTING_PATH = '/api/v2/app/common/my-setting';
