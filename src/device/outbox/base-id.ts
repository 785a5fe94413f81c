// The id of a kept base row (src/device/outbox/base.ts): a module of its own, so that the window, which asks whether a
// row has a base (src/device/outbox/pending.ts), loads none of the rebase's code on its first page.
import type { IndexableType } from 'dexie';

/** A kept base's id: the table's name and the row's key. */
export const baseId = (table: string, key: IndexableType): string => `${table}|${JSON.stringify(key)}`;
