// The vessel of a vessel user and the ports of an agent, picked from what this device knows (its search index, the
// port pages' list), narrowed as the administrator types a name or a code.
import { useId, useMemo, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useSnapshot } from 'valtio';
import { db } from '../../platform/db.ts';
import { userState } from '../../state/app-state.ts';
import { rankOf } from '../../core/search.ts';
import { matchPorts } from '../ports/port-list.ts';
import { useKnownPorts } from '../ports/PortPicker.tsx';

interface KnownVessel {
  vslCd: string;
  vslNm: string;
}

/** At most this many matches at once: typing narrows the rest. */
const SHOWN = 8;

function useKnownVessels(): KnownVessel[] {
  const usrId = useSnapshot(userState).user?.usrId;
  const row = useLiveQuery(() => db.searchIndex.get('all'));
  return useMemo(() => {
    const index = row?.entries as { usrId?: unknown; vessels?: unknown } | undefined;
    if (!index || index.usrId !== usrId || !Array.isArray(index.vessels)) return [];
    return index.vessels.flatMap((v: unknown) =>
      Array.isArray(v) && typeof v[0] === 'string' && typeof v[1] === 'string'
        ? [{ vslCd: v[0], vslNm: v[1] }]
        : [],
    );
  }, [row, usrId]);
}

function matchVessels(vessels: readonly KnownVessel[], typed: string): KnownVessel[] {
  const q = typed.trim().toUpperCase();
  if (!q) return [];
  return vessels
    .map((v) => ({ v, rank: rankOf(v.vslCd.toUpperCase(), v.vslNm.toUpperCase(), q) }))
    .filter((x) => x.rank >= 0)
    .sort((a, b) => a.rank - b.rank || a.v.vslNm.localeCompare(b.v.vslNm))
    .map((x) => x.v);
}

interface ChooserProps<T> {
  value: T;
  onChange: (next: T) => void;
  /** The id of the field's error, when it has one. */
  errorId?: string | undefined;
}

export function VesselChooser({ value, onChange, errorId }: ChooserProps<string | null>) {
  const id = useId();
  const vessels = useKnownVessels();
  const [typed, setTyped] = useState('');
  const found = matchVessels(vessels, typed);
  const chosen = vessels.find((v) => v.vslCd === value);
  return (
    <fieldset className="form-field admin-chooser" aria-describedby={errorId}>
      <legend className="form-field__label">
        Vessel <span className="required-dot" aria-label="required" />
      </legend>
      <p className="admin-chooser__chosen">
        {value ? (
          <>
            {chosen?.vslNm ?? 'Vessel'} <span className="code">{value}</span>
          </>
        ) : (
          <span className="muted">No vessel chosen</span>
        )}
      </p>
      <label htmlFor={`${id}-find`} className="visually-hidden">
        Find a vessel
      </label>
      <input
        id={`${id}-find`}
        type="search"
        className="form-field__input"
        placeholder="Find a vessel: name or code"
        autoComplete="off"
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
      />
      {typed.trim() && (
        <p className="muted" role="status">
          {vessels.length === 0
            ? 'This device has no list of vessels yet: it comes with the next sync.'
            : found.length === 0
              ? `No vessel matches “${typed.trim()}”.`
              : ''}
        </p>
      )}
      {found.length > 0 && (
        <ul className="admin-chooser__list" aria-label="Vessels found">
          {found.slice(0, SHOWN).map((v) => (
            <li key={v.vslCd}>
              <button
                type="button"
                className="chip chip--compact"
                onClick={() => {
                  onChange(v.vslCd);
                  setTyped('');
                }}
              >
                Choose {v.vslNm} <span className="code">&nbsp;{v.vslCd}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}

export function PortsChooser({ value, onChange, errorId }: ChooserProps<readonly string[]>) {
  const id = useId();
  const { ports } = useKnownPorts();
  const [typed, setTyped] = useState('');
  const found = typed.trim() ? matchPorts(ports, typed).filter((p) => !value.includes(p.portCd)) : [];
  // A port the device does not know by name yet (before the first sync) shows by its code alone.
  const nameOf = (portCd: string) => ports.find((p) => p.portCd === portCd)?.portNm ?? '';
  return (
    <fieldset className="form-field admin-chooser" aria-describedby={errorId}>
      <legend className="form-field__label">Ports</legend>
      {value.length === 0 ? (
        <p className="muted">No port yet: the agent sees the ports listed here.</p>
      ) : (
        <ul className="chips" aria-label="The agent's ports">
          {value.map((portCd) => (
            <li key={portCd}>
              <button
                type="button"
                className="chip chip--compact"
                aria-label={`Remove ${[nameOf(portCd), portCd].filter(Boolean).join(' ')}`}
                onClick={() => onChange(value.filter((p) => p !== portCd))}
              >
                {nameOf(portCd) && <>{nameOf(portCd)}&nbsp;</>}
                <span className="code">{portCd}</span>&nbsp;✕
              </button>
            </li>
          ))}
        </ul>
      )}
      <label htmlFor={`${id}-find`} className="visually-hidden">
        Find a port
      </label>
      <input
        id={`${id}-find`}
        type="search"
        className="form-field__input"
        placeholder="Add a port: name or code"
        autoComplete="off"
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
      />
      {found.length > 0 && (
        <ul className="admin-chooser__list" aria-label="Ports found">
          {found.slice(0, SHOWN).map((p) => (
            <li key={p.portCd}>
              <button
                type="button"
                className="chip chip--compact"
                onClick={() => {
                  onChange([...value, p.portCd]);
                  setTyped('');
                }}
              >
                Add {p.portNm}&nbsp;<span className="code">{p.portCd}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
