// Port Live's filters (product.md#port-live-filters): terminal, service and "delayed only" above the lists, kept on
// the device for the user per port (the worker writes them), applied to the calls the device holds, offline too.
import { useId, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useSnapshot } from 'valtio';
import type { PortCall } from '../../core/contract/port.ts';
import { filterAt, filterChoices, isFiltering, NO_FILTER, type PortFilter } from '../../core/port-filters.ts';
import { db } from '../../platform/db.ts';
import { callWorker } from '../../platform/worker-bridge.ts';
import { userState } from '../../state/app-state.ts';

/** The user's filter at the port and the way to change it: shown at once, kept by the worker. */
export function usePortFilter(portCd: string): [PortFilter, (f: PortFilter) => void] {
  const usrId = useSnapshot(userState).user?.usrId;
  const stored = useLiveQuery(() => db.getMeta('portLiveFilters'));
  const [local, setLocal] = useState<{ portCd: string; f: PortFilter } | null>(null);
  const filter = local?.portCd === portCd ? local.f : filterAt(stored, usrId, portCd);
  const set = (f: PortFilter) => {
    setLocal({ portCd, f });
    void callWorker((api) => api.setPortLiveFilter(portCd, f)).catch((err: unknown) =>
      console.warn('Keeping the filters failed', err),
    );
  };
  return [filter, set];
}

/** The choices with the chosen one kept, so a filter whose calls have gone can still be seen and cleared. */
const withChosen = (choices: string[], chosen: string | null) =>
  chosen && !choices.includes(chosen) ? [...choices, chosen] : choices;

export function PortFilters({
  calls,
  filter,
  onChange,
  shown,
}: {
  calls: readonly PortCall[];
  filter: PortFilter;
  onChange: (f: PortFilter) => void;
  shown: number;
}) {
  const id = useId();
  const { terminals, services } = filterChoices(calls);
  const on = isFiltering(filter);
  return (
    <section className="card port-filters" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="section-title">
        Filters
      </h3>
      <div className="port-filters__fields">
        <label className="port-filters__field">
          <span>Terminal</span>
          <select
            className="select"
            value={filter.ydNm ?? ''}
            onChange={(e) => onChange({ ...filter, ydNm: e.target.value || null })}
          >
            <option value="">All terminals</option>
            {withChosen(terminals, filter.ydNm).map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
        </label>
        <label className="port-filters__field">
          <span>Service</span>
          <select
            className="select"
            value={filter.laneCd ?? ''}
            onChange={(e) => onChange({ ...filter, laneCd: e.target.value || null })}
          >
            <option value="">All services</option>
            {withChosen(services, filter.laneCd).map((x) => (
              <option key={x} value={x}>
                {x}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div className="port-filters__row">
        <label className="port-filters__check">
          <input
            type="checkbox"
            checked={filter.delayed}
            onChange={(e) => onChange({ ...filter, delayed: e.target.checked })}
          />
          Delayed only
        </label>
        {on && (
          <button type="button" className="button button--secondary" onClick={() => onChange(NO_FILTER)}>
            Clear filters
          </button>
        )}
      </div>
      <p className="muted port-filters__shown" role="status">
        {on ? `Showing ${shown} of ${calls.length} ${calls.length === 1 ? 'vessel' : 'vessels'}.` : ''}
      </p>
    </section>
  );
}
