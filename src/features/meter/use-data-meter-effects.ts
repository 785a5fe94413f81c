// The signed-on app's data meter effects: a warning once a month when Quay has used 80% of the user's monthly budget
// (an alert toast; the worker remembers the month, so that another tab or a reload does not say it again).
import { useEffect, useRef } from 'react';
import { useSnapshot } from 'valtio';
import { uiState } from '../../state/app-state.ts';
import { monthKey } from '../../device/meter/usage.ts';
import { toast } from '../../ui/toast-store.ts';
import { callWorker } from '../../platform/worker-bridge.ts';
import { shouldWarn, warningText } from './budget.ts';
import { useDataUsage } from './use-data-usage.ts';

export function useDataMeterEffects(): void {
  useBudgetWarning();
}

function useBudgetWarning(): void {
  const usage = useDataUsage();
  /** The month this page warned of: the figures growing until the worker stored it do not repeat it. */
  const warned = useRef<string | null>(null);
  const month = usage?.month ?? 0;
  const budgetMb = usage?.budgetMb ?? null;
  const warnedMonth = usage?.warnedMonth ?? null;
  // A drawer (the menu, where the budget is set) would cover the toast: it waits until the page is in view.
  const covered = useSnapshot(uiState).drawer !== null;
  useEffect(() => {
    const now = Date.now();
    if (covered || !budgetMb || !shouldWarn(month, budgetMb, warnedMonth ?? warned.current, now)) return;
    warned.current = monthKey(now);
    toast.error(warningText(month, budgetMb));
    void callWorker((api) => api.budgetWarningSeen()).catch(() => undefined);
  }, [month, budgetMb, warnedMonth, covered]);
}
