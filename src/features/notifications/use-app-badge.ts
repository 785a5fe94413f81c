// The app icon's badge (product.md#what-happens-when, where the platform has one): the unread count as IndexedDB has it, so it is right
// offline and follows every sync, read and push.
import { useEffect } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../../platform/db.ts';

interface BadgeNavigator {
  setAppBadge?: (count?: number) => Promise<void>;
  clearAppBadge?: () => Promise<void>;
}

export function useAppBadge(): void {
  const unread = useLiveQuery(async () => (await db.badge.get('notification'))?.notCnt);
  useEffect(() => {
    if (unread === undefined) return;
    const nav = navigator as Navigator & BadgeNavigator;
    const done = unread > 0 ? nav.setAppBadge?.(unread) : nav.clearAppBadge?.();
    // Not installed, or the platform says no: the app bar's badge still shows it.
    done?.catch(() => undefined);
  }, [unread]);
}
