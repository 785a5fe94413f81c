// /port/live and /port/status (with or without a port code): the port the address names, else the agent's
// default port (its first own port, SPEC §4). An agent switches between its own ports here; the nation comes from
// the port code's first two letters (SPEC §3), shown as its code: emoji flags are missing on many ship computers.
import { useEffect } from 'react';
import { Link } from 'wouter';
import { useSnapshot } from 'valtio';
import { nationOf } from '../core/flag.ts';
import { portLiveLink, portStatusLink } from '../core/link.ts';
import { setCurrentCodes, userState } from '../state/app-state.ts';

export type PortView = 'live' | 'status';

export function PortPage({ view, portCode }: { view: PortView; portCode?: string }) {
  const snap = useSnapshot(userState);
  const code = portCode ? decodeURIComponent(portCode).toUpperCase() : (snap.portCode ?? snap.currPortCd);
  const link = view === 'live' ? portLiveLink : portStatusLink;

  useEffect(() => {
    if (code) setCurrentCodes({ portCd: code });
  }, [code]);

  const port = snap.myPorts.find((p) => p.portCd === code);
  return (
    <div className="stack">
      {snap.myPorts.length > 0 && (
        <nav className="chips" aria-label="Your ports">
          {snap.myPorts.map((p) => (
            <Link
              key={p.portCd}
              href={link(p.portCd)}
              className="chip"
              aria-current={p.portCd === code ? 'page' : undefined}
            >
              {p.portCd}
            </Link>
          ))}
        </nav>
      )}
      {code ? (
        <section className="card" aria-labelledby="port-title">
          <div className="card__row">
            <span className="nation" role="img" aria-label={`Country ${port?.cntNm ?? nationOf(code)}`}>
              {nationOf(code)}
            </span>
            <h2 id="port-title" className="card__heading">
              {port ? `${port.portNm} (${code})` : code}
            </h2>
          </div>
          {port && <p className="muted">{port.cntNm}</p>}
          <p className="muted">
            {view === 'live'
              ? 'Vessels expected, alongside and departed are not on this device yet.'
              : 'The status of this port is not on this device yet.'}
          </p>
        </section>
      ) : (
        <section className="card" aria-labelledby="no-port">
          <h2 id="no-port" className="card__heading">
            No port chosen
          </h2>
          <p>Search for a port with Search below.</p>
        </section>
      )}
    </div>
  );
}
