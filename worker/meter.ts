// The worker's side of the data meter: it stores what this context counts (src/device/meter), holds the data saver's
// state for the jobs that ask it synchronously (analytics), and takes the window's settings (saver, budget) and the
// bytes of the window's own downloads (the app's files), since only the worker writes IndexedDB.
import type { QuayDb } from '../src/device/db.ts';
import { contextMeter } from '../src/device/meter/data-meter.ts';
import { dataSaverOn } from '../src/device/meter/data-saver.ts';
import { BROWSER_REQUEST_HEADERS_BYTES, monthKey } from '../src/device/meter/usage.ts';

/**
 * The window sends sums: each of its requests was counted as a GET with the browser's headers and a path (about 40
 * B of request line), so the sum up tells how many requests, each its own packets on the wire.
 */
const WINDOW_REQUEST_BYTES = BROWSER_REQUEST_HEADERS_BYTES + 40;

export interface MeterDeps {
  db: QuayDb;
  /** The saver went off: what waited may go now (history, analytics). */
  onSaverOff?: () => void;
  now?: () => number;
}

export function createWorkerMeter(deps: MeterDeps) {
  const { db } = deps;
  const now = deps.now ?? Date.now;
  contextMeter.attach(db);
  /** The saver as last read or set; read again when the window changes it. */
  let saver = false;
  const refresh = async () => {
    saver = await dataSaverOn(db);
    return saver;
  };
  void refresh().catch(() => undefined);

  return {
    /** For jobs that must ask synchronously (analytics): the saver's last known state. */
    saverOn: () => saver,
    refreshSaver: refresh,
    api: {
      /** The user turned data saver on or off: their choice wins over the link's default from now on. */
      async setDataSaver(on: boolean): Promise<void> {
        await db.setMeta('dataSaver', on);
        const was = saver;
        saver = on;
        if (was && !on) deps.onSaverOff?.();
      },
      /** The monthly budget in MB; null or 0 removes it. */
      async setDataBudget(mb: number | null): Promise<void> {
        if (mb === null || !(mb > 0)) await db.deleteMeta('dataBudgetMb');
        else await db.setMeta('dataBudgetMb', Math.round(mb * 10) / 10);
      },
      /**
       * The user saw this month's warning, at 80% ("near") or over the budget ("over"): not again until next month
       * (the keys of src/features/meter/budget.ts warnedKey).
       */
      async budgetWarningSeen(level: 'near' | 'over' = 'near'): Promise<void> {
        const month = monthKey(now());
        await db.setMeta('dataBudgetWarned', level === 'over' ? `${month}:over` : month);
      },
      /** What the window downloaded itself (the app's files and images), from its resource timing. */
      countWindowBytes(up: number, down: number): void {
        if (!Number.isFinite(up) || !Number.isFinite(down)) return;
        contextMeter.add('assets', up, down, { exchanges: Math.round(up / WINDOW_REQUEST_BYTES) });
      },
      /** Stores what was counted now (the window is going away, or a test wants the figure). */
      flushMeter: () => contextMeter.flush(),
    },
  };
}
