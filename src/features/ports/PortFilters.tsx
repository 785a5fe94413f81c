// Port Live's filters (product.md#port-live-filters): terminal, service and "delayed only", behind one Filters button
// on the phone and beside the table at the desk, kept on the device for the user per port (the worker writes them, and
// the table's sort), applied to the calls the device holds, offline too.
import { useId, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useSnapshot } from 'valtio';
import type { PortCall } from '../../core/contract/port.ts';
import {
  filterAt,
  filterChoices,
  isFiltering,
  NO_FILTER,
  sortOf,
  type PortFilter,
  type PortSort,
} from '../../core/port-filters.ts';
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

/** The user's table sort, the same at every port: shown at once, kept by the worker. */
export function usePortSort(): [PortSort, (s: PortSort) => void] {
  const usrId = useSnapshot(userState).user?.usrId;
  const stored = useLiveQuery(() => db.getMeta('portLiveFilters'));
  const [local, setLocal] = useState<PortSort | null>(null);
  const set = (s: PortSort) => {
    setLocal(s);
    void callWorker((api) => api.setPortLiveSort(s)).catch((err: unknown) =>
      console.warn('Keeping the sort failed', err),
    );
  };
  return [local ?? sortOf(stored, usrId), set];
}

/** The choices with the chosen one kept, so a filter whose calls have gone can still be seen and cleared. */
const withChosen = (choices: string[], chosen: string | null) =>
  chosen && !choices.includes(chosen) ? [...choices, chosen] : choices;

export function PortFilters({
  calls,
  filter,
  onChange,
  shown,
  desk,
}: {
  calls: readonly PortCall[];
  filter: PortFilter;
  onChange: (f: PortFilter) => void;
  shown: number;
  /** Beside the table, always open; on the phone one button opens them, so the vessels come first. */
  desk: boolean;
}) {
  const id = useId();
  const [opened, setOpened] = useState(false);
  const { terminals, services } = filterChoices(calls);
  const on = isFiltering(filter);
  const open = desk || opened;
  const count = (filter.ydNm ? 1 : 0) + (filter.laneCd ? 1 : 0) + (filter.delayed ? 1 : 0);
  const clear = on && (
    <button type="button" className="button button--secondary" onClick={() => onChange(NO_FILTER)}>
      Clear filters
    </button>
  );
  return (
    <section className={`card port-filters${open ? '' : ' port-filters--closed'}`} aria-label="Filters">
      <div className="port-filters__bar">
        <h3 className="section-title">
          {desk ? (
            'Filters'
          ) : (
            <button
              type="button"
              className="button button--secondary port-filters__toggle"
              aria-expanded={open}
              aria-controls={`${id}-fields`}
              onClick={() => setOpened(!opened)}
            >
              Filters{count > 0 && ' '}
              {count > 0 && <span className="count">{count} on</span>}
            </button>
          )}
        </h3>
        {!desk && clear}
      </div>
      <div id={`${id}-fields`} className="port-filters__body" hidden={!open}>
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
        <label className="port-filters__check">
          <input
            type="checkbox"
            checked={filter.delayed}
            onChange={(e) => onChange({ ...filter, delayed: e.target.checked })}
          />
          Delayed only
        </label>
        {desk && clear}
      </div>
      <p className="muted port-filters__shown" role="status">
        {on ? `Showing ${shown} of ${calls.length} ${calls.length === 1 ? 'vessel' : 'vessels'}.` : ''}
      </p>
    </section>
  );
}
