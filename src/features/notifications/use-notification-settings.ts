// The notification settings (product.md#what-the-app-holds) as the worker synced them, which of them wait to be sent, and the outbox
// counter, read together so that they agree (see setting-choices.ts).
import { entityOf } from '../../device/outbox/enqueue.ts';
import { db } from '../../platform/db.ts';
import { usePendingWith } from '../sync/use-pending.ts';
import type { SettingsSnapshot } from './setting-choices.ts';

const SETTING_PREFIX = entityOf('setting', { notId: '' });

/** undefined while the first read is under way. */
export function useNotificationSettings(): SettingsSnapshot | undefined {
  const read = usePendingWith(
    SETTING_PREFIX,
    () => [db.notificationSettings],
    () => db.notificationSettings.toArray(),
  );
  if (!read) return undefined;
  return {
    settings: read.value,
    pending: new Set([...read.pending.keys()].map((entity) => entity.slice(SETTING_PREFIX.length))),
    opCounter: read.opCounter,
  };
}
