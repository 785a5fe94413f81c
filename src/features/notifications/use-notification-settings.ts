// The notification settings (SPEC §3) as the worker synced them, which of them wait to be sent, and the outbox
// counter, read together so that they agree (see setting-choices.ts).
import { useLiveQuery } from 'dexie-react-hooks';
import { entityOf } from '../../core/outbox/index.ts';
import { db } from '../../db.ts';
import type { SettingsSnapshot } from './setting-choices.ts';

const SETTING_PREFIX = entityOf.setting('');

/** undefined while the first read is under way. */
export function useNotificationSettings(): SettingsSnapshot | undefined {
  return useLiveQuery(() =>
    db.transaction('r', [db.notificationSettings, db.outbox, db.meta], async () => {
      const entities = await db.outbox.where('entity').startsWith(SETTING_PREFIX).uniqueKeys();
      return {
        settings: await db.notificationSettings.toArray(),
        pending: new Set(entities.map((entity) => String(entity).slice(SETTING_PREFIX.length))),
        opCounter: (await db.getMeta('opCounter')) ?? 0,
      };
    }),
  );
}
