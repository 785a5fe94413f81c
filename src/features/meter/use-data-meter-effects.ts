// The signed-on app's data meter effects: a warning once a month when Quay has used 80% of the user's monthly budget,
// and again once it goes over it (an alert toast; the worker remembers the month and the level, so that another tab
// or a reload does not say it again).
import { useEffect, useRef } from 'react';
import { useSnapshot } from 'valtio';
import { uiState } from '../../state/app-state.ts';
import { toast } from '../../ui/toast-store.ts';
import { callWorker } from '../../platform/worker-bridge.ts';
import { warnedKey, warningDue, warningText } from './budget.ts';
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
    // What this page said and what the worker stored: the further of the two counts (over before 80%).
    const seen =
      [warned.current, warnedMonth].find((k) => k?.endsWith(':over')) ?? warned.current ?? warnedMonth;
    const due = covered || !budgetMb ? null : warningDue(month, budgetMb, seen, now);
    if (!due || !budgetMb) return;
    warned.current = warnedKey(now, due);
    toast.error(warningText(month, budgetMb));
    void callWorker((api) => api.budgetWarningSeen(due)).catch(() => undefined);
  }, [month, budgetMb, warnedMonth, covered]);
}
