// The user's notifications, newest first, kept in memory while the app runs: read from IndexedDB in the background
// (a live query the shell holds), so the drawer opens with 5,000 items at once instead of reading them on the tap.
import { useSyncExternalStore } from 'react';
import { liveQuery, type Subscription } from 'dexie';
import type { NotificationItem } from '../../core/contract/notification.ts';
import { db } from '../../platform/db.ts';

let items: NotificationItem[] | undefined;
let subscription: Subscription | null = null;
let holders = 0;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

/** Keeps the list current while held (the shell holds it); gives the function that lets go. */
export function holdNotifications(): () => void {
  holders += 1;
  // creDt's index, reversed: newest first, and the newer notSeq first within one second.
  subscription ??= liveQuery(() => db.notifications.orderBy('creDt').reverse().toArray()).subscribe({
    next: (rows) => {
      items = rows;
      emit();
    },
    error: (err: unknown) => console.warn('Reading the notifications failed', err),
  });
  return () => {
    holders -= 1;
    if (holders > 0) return;
    subscription?.unsubscribe();
    subscription = null;
    items = undefined;
  };
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** undefined until the first read is done. */
export function useNotificationItems(): NotificationItem[] | undefined {
  return useSyncExternalStore(subscribe, () => items);
}
