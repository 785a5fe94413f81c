// /port/live and /port/status (with or without a port code): the port the address names, else a vessel user's port
// (where its vessel is or goes next), else the agent's default port (its first own port, product.md#what-happens-when), else the port last
// opened; with none, the port picker. An agent switches between its own ports here, and anyone picks another port
// from the ports this device knows. The nation comes from the port code's first two letters (product.md#what-the-app-holds), shown as its
// code: emoji flags are missing on many ship computers.
import { useEffect, useId, useState } from 'react';
import { Link } from 'wouter';
import { useSnapshot } from 'valtio';
import { nationOf } from '../core/flag.ts';
import { portLiveLink, portStatusLink, sailingsLink } from '../core/link.ts';
import type { PortIdentity } from '../core/contract/port.ts';
import { setCurrentCodes, userState } from '../state/app-state.ts';
import { DataAge } from '../ui/DataAge.tsx';
import { usePageData, type PageData } from '../state/use-page-data.ts';
import { PortLiveView } from '../features/ports/PortLiveView.tsx';
import { PortStatusView } from '../features/ports/PortStatusView.tsx';
import { PortPicker } from '../features/ports/PortPicker.tsx';
import { ownPort } from '../core/current-call.ts';
import { PageActions } from '../features/share/PageActions.tsx';

export type PortView = 'live' | 'status';

export function PortPage({ view, portCode }: { view: PortView; portCode?: string }) {
  const snap = useSnapshot(userState);
  const code = portCode
    ? decodeURIComponent(portCode).toUpperCase()
    : (ownPort(snap) ?? snap.portCode ?? snap.currPortCd);
  const link = view === 'live' ? portLiveLink : portStatusLink;

  useEffect(() => {
    if (code) setCurrentCodes({ portCd: code });
  }, [code]);

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
        view === 'live' ? (
          <PortLiveData code={code} />
        ) : (
          <PortStatusData code={code} />
        )
      ) : (
        <section className="card" aria-labelledby="no-port">
          <h2 id="no-port" className="card__heading">
            Choose a port
          </h2>
          <PortPicker link={link} />
        </section>
      )}
    </div>
  );
}

function PortLiveData({ code }: { code: string }) {
  const page = usePageData('portLive', code);
  const user = useSnapshot(userState).user;
  return (
    <>
      <PortHeader code={code} view="live" port={page.data?.port} />
      <DataAge syncedAt={page.syncedAt} loading={page.loading} error={page.error} />
      {page.data ? <PortLiveView live={page.data} user={user} /> : <Missing page={page} />}
    </>
  );
}

function PortStatusData({ code }: { code: string }) {
  const page = usePageData('portStatus', code);
  return (
    <>
      <PortHeader code={code} view="status" port={page.data?.port} />
      <DataAge syncedAt={page.syncedAt} loading={page.loading} error={page.error} />
      {page.data ? <PortStatusView status={page.data} /> : <Missing page={page} />}
    </>
  );
}

/** Share and Add to calendar above, as on the vessel and voyage pages; then the port's nation, name and country, from
 * its data or (before that) the agent's own port list; its other page, the picker for another port, and port to port. */
function PortHeader({ code, view, port }: { code: string; view: PortView; port: PortIdentity | undefined }) {
  const own = useSnapshot(userState).myPorts.find((p) => p.portCd === code);
  const [picking, setPicking] = useState(false);
  const pickerId = useId();
  const name = port?.portNm ?? own?.portNm;
  const country = port?.cntNm ?? own?.cntNm;
  return (
    <>
      <PageActions
        path={view === 'live' ? portLiveLink(code) : portStatusLink(code)}
        title={name ?? code}
        calendar={{ kind: 'port', code, name: name ?? code }}
      />
      <section className="card port-header" aria-labelledby="port-title">
        <div className="card__row">
          <span className="nation" role="img" aria-label={`Country ${country ?? nationOf(code)}`}>
            {nationOf(code)}
          </span>
          <div className="port-header__text">
            <h2 id="port-title" className="card__heading">
              {name ? `${name} (${code})` : code}
            </h2>
            {country && <p className="muted">{country}</p>}
          </div>
        </div>
        <div className="port-header__actions">
          <Link
            className="button button--secondary"
            href={view === 'live' ? portStatusLink(code) : portLiveLink(code)}
          >
            {view === 'live' ? 'Current status' : 'Live: vessels in port'}
          </Link>
          <button
            type="button"
            className="button button--secondary"
            aria-expanded={picking}
            aria-controls={pickerId}
            onClick={() => setPicking(!picking)}
          >
            Another port
          </button>
          <Link className="button button--secondary port-header__wide" href={sailingsLink(code)}>
            Sailings from here
          </Link>
        </div>
        <div id={pickerId} hidden={!picking}>
          {picking && (
            <PortPicker
              link={view === 'live' ? portLiveLink : portStatusLink}
              current={code}
              autoFocus
              onPick={() => setPicking(false)}
            />
          )}
        </div>
      </section>
    </>
  );
}

function Missing({ page }: { page: PageData<unknown> }) {
  if (page.data === undefined || page.loading) return null;
  return (
    <p className="card muted">
      {page.error ? page.error.detail || page.error.title : 'This port is not on this device yet.'}
    </p>
  );
}
