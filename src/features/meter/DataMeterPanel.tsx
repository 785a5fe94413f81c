// The data meter in the side menu and on /health/: what Quay used today and this month as the link bills it (an
// estimate, said so), the monthly budget (a bar and its share), and the Data saver switch with what it holds back.
import { useId, useState, type FormEvent } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { DEFERRED_TEXT } from '../../device/meter/data-saver.ts';
import { dayKey, formatBytes } from '../../device/meter/usage.ts';
import { db } from '../../platform/db.ts';
import { Switch } from '../../ui/Switch.tsx';
import { toast } from '../../ui/toast-store.ts';
import { callWorker } from '../../platform/worker-bridge.ts';
import { budgetShare, parseBudget, shareText, WARN_AT } from './budget.ts';
import { useDataUsage, type DataUsageView } from './use-data-usage.ts';

const tell = (what: string) => (err: unknown) =>
  toast.error(`${what}: ${err instanceof Error ? err.message : String(err)}`);

/** A figure once counted; "…" before the first count is stored (a few seconds), rather than a "0 KB" that is not true. */
const measured = (bytes: number | null | undefined): string =>
  bytes === null || bytes === undefined ? '…' : formatBytes(bytes);

/** "Data used today" and "This month", as definition rows. */
export function DataUsedRows({ usage }: { usage: DataUsageView | undefined }) {
  return (
    <>
      <div>
        <dt>Data used today</dt>
        <dd>{measured(usage?.today)}</dd>
      </div>
      <div>
        <dt>This month</dt>
        <dd>{measured(usage?.month)}</dd>
      </div>
    </>
  );
}

/**
 * What the figures are: the link's bill, estimated (src/device/meter/wire.ts), and today's bytes without what the link
 * adds (the HTTP level, as counted before the wire was). Read here, not in useDataUsage, which the first page runs.
 */
export function WireNote({ id }: { id?: string }) {
  const alone = useLiveQuery(async () => {
    const row = await db.dataUsage.get(dayKey(Date.now()));
    const http = row?.http ?? row;
    return http ? http.up + http.down : null;
  });
  return (
    <p id={id} className="data-meter__note">
      An estimate of what the link bills: Quay&apos;s data with the link&apos;s own packet headers.
      {/* A figure never breaks between its number and its unit. */}
      {typeof alone === 'number'
        ? ` Without them: ${formatBytes(alone).replace(' ', '\u00a0')} today.`
        : null}
    </p>
  );
}

/** The month against the budget: a bar a person sees and a figure a screen reader reads. */
export function BudgetBar({ month, budgetMb }: { month: number | null; budgetMb: number }) {
  if (month === null) return null;
  const share = budgetShare(month, budgetMb) ?? 0;
  const pct = Math.min(100, Math.floor(share * 100));
  const level = share > 1 ? 'over' : share >= WARN_AT ? 'warn' : 'ok';
  return (
    <div className={`data-budget data-budget--${level}`}>
      <div
        className="data-budget__bar"
        role="meter"
        aria-label="Monthly data budget used"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={pct}
        aria-valuetext={shareText(month, budgetMb)}
      >
        <span style={{ width: `${pct}%` }} />
      </div>
      <p className="data-budget__text">
        {level === 'over' ? 'Over the budget: ' : ''}
        {shareText(month, budgetMb)} this month
      </p>
    </div>
  );
}

/** The budget field (MB a month; empty removes it). */
export function BudgetForm({ budgetMb }: { budgetMb: number | null }) {
  const id = useId();
  const [text, setText] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const shown = text ?? (budgetMb === null ? '' : String(budgetMb));
  const save = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseBudget(shown);
    if ('error' in parsed) return setError(parsed.error);
    setError(null);
    void callWorker((api) => api.setDataBudget(parsed.mb))
      .then(() => setText(null))
      .catch(tell('The budget could not be saved'));
  };
  return (
    <form className="data-budget-form" onSubmit={save}>
      <label htmlFor={`${id}-mb`}>Monthly data budget (MB)</label>
      <div className="data-budget-form__row">
        <input
          id={`${id}-mb`}
          className="data-budget-form__input"
          inputMode="decimal"
          autoComplete="off"
          value={shown}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => setText(e.currentTarget.value)}
        />
        <button type="submit" className="button button--secondary">
          Save budget
        </button>
      </div>
      {error && (
        <p id={`${id}-error`} className="inline-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}

/** The Data saver switch, named by its label and described by what it holds back. */
function DataSaverSwitch({ on }: { on: boolean }) {
  const id = useId();
  /** The user's choice, shown until the stored state says it (the worker writes it; the live query follows). */
  const [wanted, setWanted] = useState<boolean | null>(null);
  if (wanted !== null && wanted === on) setWanted(null);
  const change = (want: boolean) => {
    setWanted(want);
    void callWorker((api) => api.setDataSaver(want)).catch((err: unknown) => {
      setWanted(null);
      tell('Data saver could not be changed')(err);
    });
  };
  return (
    <div className="setting-row data-saver">
      <div className="setting-row__text">
        <label htmlFor={`${id}-switch`} className="setting-row__label">
          Data saver
        </label>
        <span id={`${id}-what`} className="data-saver__what">
          {DEFERRED_TEXT}
        </span>
      </div>
      <Switch
        id={`${id}-switch`}
        checked={wanted ?? on}
        aria-describedby={`${id}-what`}
        onCheckedChange={change}
      />
    </div>
  );
}

/** The side menu's section: figures, the budget's bar, the switch, and the budget field folded away. */
export function DataMeterPanel() {
  const usage = useDataUsage();
  const noteId = useId();
  return (
    <section className="data-meter" aria-labelledby="data-meter-title">
      <h2 id="data-meter-title" className="data-meter__title">
        Data
      </h2>
      <dl className="data-meter__figures" aria-describedby={noteId}>
        <DataUsedRows usage={usage} />
      </dl>
      <WireNote id={noteId} />
      {usage?.budgetMb ? <BudgetBar month={usage.month} budgetMb={usage.budgetMb} /> : null}
      <DataSaverSwitch on={usage?.saverOn ?? false} />
      <details className="data-meter__budget">
        <summary>{usage?.budgetMb ? 'Change the monthly budget' : 'Set a monthly budget'}</summary>
        <BudgetForm budgetMb={usage?.budgetMb ?? null} />
      </details>
    </section>
  );
}
