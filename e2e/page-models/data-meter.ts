// Page model of the data meter as a person finds it in the side menu (the "Data" region: figures, the budget's
// meter, the Data saver switch, the budget field), and raw reads and writes of the `dataUsage` table for seeding.
import { expect, type Locator, type Page } from '@playwright/test';
import { dayKey, monthKey } from '../../src/device/meter/usage.ts';
import { AppPage } from './app.ts';

export class DataMeterPage {
  readonly app: AppPage;
  constructor(readonly page: Page) {
    this.app = new AppPage(page);
  }

  /** The side menu's data section. */
  async open(): Promise<Locator> {
    const menu = await this.app.openMenu();
    const section = menu.getByRole('region', { name: 'Data' });
    await expect(section).toBeVisible();
    return section;
  }

  /** A figure's text ("Data used today", "This month") in a section or on /health/. */
  figure(within: Locator, term: 'Data used today' | 'This month'): Locator {
    return within.locator('dt', { hasText: term }).locator('xpath=following-sibling::dd[1]');
  }

  saver(within: Locator): Locator {
    return within.getByRole('switch', { name: 'Data saver' });
  }
}

/** Today's and this month's stored totals (up + down: the wire, as the link bills it), and today's at the HTTP
 * level, read with raw IndexedDB. */
export function storedUsage(page: Page): Promise<{ today: number; month: number; todayHttp: number }> {
  const now = Date.now();
  return page.evaluate(
    ({ day, month }) =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('quay');
        open.onerror = () => reject(open.error ?? new Error('cannot open quay'));
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('dataUsage')) {
            db.close();
            return resolve({ today: 0, month: 0, todayHttp: 0 });
          }
          const store = db.transaction('dataUsage').objectStore('dataUsage');
          type Row = { up: number; down: number; http?: { up: number; down: number } };
          const total = (r: Row | undefined) => (r ? r.up + r.down : 0);
          const d = store.get(day);
          const m = store.get(month);
          m.onsuccess = () => {
            db.close();
            const row = d.result as Row | undefined;
            resolve({ today: total(row), month: total(m.result as Row), todayHttp: total(row?.http ?? row) });
          };
          m.onerror = () => reject(m.error ?? new Error('cannot read dataUsage'));
        };
      }),
    { day: dayKey(now), month: monthKey(now) },
  );
}

/** Adds `bytes` (down) to this month's row, as if the month had been spent already. */
export function seedMonth(page: Page, bytes: number): Promise<void> {
  return page.evaluate(
    ({ month, bytes }) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('quay');
        open.onerror = () => reject(open.error ?? new Error('cannot open quay'));
        open.onsuccess = () => {
          const db = open.result;
          const tx = db.transaction('dataUsage', 'readwrite');
          const store = tx.objectStore('dataUsage');
          const get = store.get(month);
          get.onsuccess = () => {
            const row = (get.result as { up: number; down: number; by: object } | undefined) ?? {
              up: 0,
              down: 0,
              by: {},
            };
            store.put({ ...row, period: month, down: row.down + bytes });
          };
          tx.oncomplete = () => {
            db.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error ?? new Error('cannot write dataUsage'));
        };
      }),
    { month: monthKey(Date.now()), bytes },
  );
}
