// The notification settings (SPEC §3) as the worker synced them, and which of them wait to be sent.
import { useLiveQuery } from 'dexie-react-hooks';
import type { NotificationSetting } from '../../core/contract/notification.ts';
import { entityOf } from '../../core/outbox/index.ts';
import { db } from '../../db.ts';

const SETTING_PREFIX = entityOf.setting('');

export interface NotificationSettingsData {
  /** undefined while the first read is under way. */
  settings: NotificationSetting[] | undefined;
  /** notIds with a change in the outbox. */
  pending: ReadonlySet<string>;
}

const NONE: ReadonlySet<string> = new Set();

export function useNotificationSettings(): NotificationSettingsData {
  const settings = useLiveQuery(() => db.notificationSettings.toArray());
  const pending = useLiveQuery(async () => {
    const entities = await db.outbox.where('entity').startsWith(SETTING_PREFIX).uniqueKeys();
    return new Set(entities.map((entity) => String(entity).slice(SETTING_PREFIX.length)));
  });
  return { settings, pending: pending ?? NONE };
}
