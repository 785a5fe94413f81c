// The data meter as the window reads it (the worker and the service worker write it): today's and this month's
// bytes, the budget, and the data saver's state (the user's choice, else what the link reports).
import { useEffect, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { dayKey, monthKey } from '../../device/meter/usage.ts';
import { linkInfo, saverByDefault } from '../../device/meter/data-saver.ts';
import { db } from '../../platform/db.ts';

export interface DataUsageView {
  /** Bytes both ways today (UTC) and this month; null before the first count of the day or month is stored. */
  today: number | null;
  month: number | null;
  budgetMb: number | null;
  /** Data saver now: the user's choice if made, else the link's default. */
  saverOn: boolean;
  warnedMonth: string | null;
}

/** The link's default changes when the connection does (Wi-Fi to cellular): follow it. */
function useSaverDefault(): boolean {
  const [on, setOn] = useState(() => saverByDefault());
  useEffect(() => {
    const connection = linkInfo() as (EventTarget & { saveData?: boolean }) | undefined;
    if (!connection || typeof connection.addEventListener !== 'function') return;
    const changed = () => setOn(saverByDefault());
    connection.addEventListener('change', changed);
    return () => connection.removeEventListener('change', changed);
  }, []);
  return on;
}

export function useDataUsage(): DataUsageView | undefined {
  const saverDefault = useSaverDefault();
  const stored = useLiveQuery(async () => {
    const now = Date.now();
    const [day, month, budgetMb, saver, warned] = await Promise.all([
      db.dataUsage.get(dayKey(now)),
      db.dataUsage.get(monthKey(now)),
      db.getMeta('dataBudgetMb'),
      db.getMeta('dataSaver'),
      db.getMeta('dataBudgetWarned'),
    ]);
    return {
      today: day ? day.up + day.down : null,
      month: month ? month.up + month.down : null,
      budgetMb: budgetMb ?? null,
      saverChoice: saver ?? null,
      warnedMonth: warned ?? null,
    };
  });
  if (!stored) return undefined;
  const { saverChoice, ...rest } = stored;
  return { ...rest, saverOn: saverChoice ?? saverDefault };
}

/** Data saver now (undefined while the first read is under way): for views that hold a download back. */
export function useDataSaver(): boolean | undefined {
  const saverDefault = useSaverDefault();
  const choice = useLiveQuery(async () => (await db.getMeta('dataSaver')) ?? null);
  return choice === undefined ? undefined : (choice ?? saverDefault);
}
