// Adds a vessel to My Vessel: a search over the fleet this device already has (it works at sea), by name or code.
import { useId, useState } from 'react';
import type { FleetVessel } from '../../core/contract/vessel.ts';
import { matchVessels, noMatchText } from './my-vessels-state.ts';

export function AddVessel({
  candidates,
  followed,
  onAdd,
}: {
  candidates: FleetVessel[];
  /** The vessels followed already: typing one says so rather than "No vessel to add matches". */
  followed: FleetVessel[];
  onAdd: (v: FleetVessel) => void;
}) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const inputId = useId();
  const found = matchVessels(candidates, query);
  if (!open)
    return (
      <button type="button" className="button button--secondary" onClick={() => setOpen(true)}>
        Add a vessel
      </button>
    );
  return (
    <section className="card add-vessel" aria-label="Add a vessel">
      <label htmlFor={inputId} className="add-vessel__label">
        Vessel name or code
      </label>
      <div className="search__field">
        <input
          id={inputId}
          className="search__input"
          value={query}
          autoComplete="off"
          // The field is where the user meant to go: they just asked to add a vessel.
          autoFocus
          placeholder="e.g. QUAY or QHZN"
          onChange={(e) => setQuery(e.target.value)}
        />
      </div>
      {query.trim().length < 2 ? (
        <p className="muted">Type two or more letters.</p>
      ) : found.length === 0 ? (
        <p className="muted" role="status">
          {noMatchText(query, followed)}
        </p>
      ) : (
        <ul className="add-vessel__results">
          {found.map((v) => (
            <li key={v.vslCd}>
              <button
                type="button"
                className="add-vessel__pick"
                onClick={() => {
                  setQuery('');
                  setOpen(false);
                  onAdd(v);
                }}
              >
                <span className="add-vessel__name">Add {v.vslNm}</span>
                <span className="muted">
                  {v.vslCd} · {v.laneCd}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <button type="button" className="button button--secondary" onClick={() => setOpen(false)}>
        Done
      </button>
    </section>
  );
}
