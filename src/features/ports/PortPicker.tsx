// The port pages' picker: every port this device knows (its search index, an agent's own ports first), narrowed as the
// user types, each a link to that port's page. It reads the device alone, so it works at sea, and it serves users of
// types 5 and 6 too, whose search finds vessels only.
import { useId, useMemo, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { Link, useLocation } from 'wouter';
import { useSnapshot } from 'valtio';
import { db } from '../../platform/db.ts';
import { userState } from '../../state/app-state.ts';
import { knownPorts, matchPorts, portsOfIndex, type KnownPort } from './port-list.ts';

/** Every port this device knows (an agent's own first); loaded: the device was read. */
export function useKnownPorts(): { ports: KnownPort[]; loaded: boolean } {
  const snap = useSnapshot(userState);
  const row = useLiveQuery(() => db.searchIndex.get('all'));
  const usrId = snap.user?.usrId;
  const ports = useMemo(
    () => knownPorts(snap.myPorts, portsOfIndex(row?.entries, usrId)),
    [snap.myPorts, row, usrId],
  );
  return { ports, loaded: row !== undefined };
}

/** At most this many ports are listed at once: typing narrows the rest. */
const SHOWN = 20;

export function PortPicker({
  link,
  current,
  autoFocus,
  onPick,
  label = 'Find a port',
}: {
  link: (portCd: string) => string;
  current?: string | null;
  autoFocus?: boolean;
  onPick?: () => void;
  /** The search form's accessible name, when a page has more than one picker. */
  label?: string;
}) {
  const { ports, loaded } = useKnownPorts();
  const [typed, setTyped] = useState('');
  const [, navigate] = useLocation();
  const id = useId();
  const found = matchPorts(ports, typed);
  const q = typed.trim();
  const status =
    ports.length === 0
      ? 'This device has no list of ports yet: it comes with the next sync once there is a link.'
      : found.length === 0
        ? `No port matches “${q}”.`
        : found.length > SHOWN
          ? `${found.length} ports: type a name or code to find the others.`
          : `${found.length} ${found.length === 1 ? 'port' : 'ports'}`;

  return (
    <form
      className="port-picker"
      role="search"
      aria-label={label}
      onSubmit={(e) => {
        // Enter opens the best match.
        e.preventDefault();
        const first = found[0];
        if (!q || !first) return;
        onPick?.();
        navigate(link(first.portCd));
      }}
    >
      <label htmlFor={id} className="port-picker__label">
        Port name or code
      </label>
      <div className="search__field">
        <input
          id={id}
          type="search"
          className="search__input"
          value={typed}
          autoComplete="off"
          enterKeyHint="go"
          // Only when the user asked for another port: on arrival a keyboard would hide the page.
          autoFocus={autoFocus}
          placeholder="e.g. Singapore or SGSIN"
          onChange={(e) => setTyped(e.target.value)}
        />
      </div>
      <p className="muted port-picker__status" role="status">
        {loaded ? status : ''}
      </p>
      {found.length > 0 && (
        <ul className="port-picker__list" aria-label="Ports">
          {found.slice(0, SHOWN).map((p) => (
            <li key={p.portCd}>
              <Link
                href={link(p.portCd)}
                className="port-picker__port"
                aria-current={p.portCd === current ? 'page' : undefined}
                onClick={onPick}
              >
                {p.portNm} <span className="code">{p.portCd}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </form>
  );
}
