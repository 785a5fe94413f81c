// /port/live and /port/status (with or without a port code): the port the address names, else a vessel user's port
// (where its vessel is or goes next), else the agent's default port (its first own port, product.md#what-happens-when), else the port last
// opened; with none, the port picker. An agent switches between its own ports here, and anyone picks another port
// from the ports this device knows. The nation comes from the port code's first two letters (product.md#what-the-app-holds), shown as its
// code: emoji flags are missing on many ship computers.
import { useEffect, useId, useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { useSnapshot } from 'valtio';
import { nationOf } from '../core/flag.ts';
import { portLiveLink, portStatusLink, sailingsLink } from '../core/link.ts';
import type { PortIdentity } from '../core/contract/port.ts';
import { setCurrentCodes, userState } from '../state/app-state.ts';
import { DataAge } from '../ui/DataAge.tsx';
import { usePageData, type PageData } from '../state/use-page-data.ts';
import { PortLiveView, StatusNow } from '../features/ports/PortLiveView.tsx';
import { PortStatusView } from '../features/ports/PortStatusView.tsx';
import { PortPicker } from '../features/ports/PortPicker.tsx';
import { ownPort } from '../core/current-call.ts';
import { PageActions } from '../features/share/PageActions.tsx';
import { UnknownCode } from '../ui/UnknownCode.tsx';
import { utcOffset } from '../features/ports/local-time.ts';
import { formatPortTime } from '../features/vessel/port-time.ts';
import { useNow } from '../ui/use-now.ts';

export type PortView = 'live' | 'status';

export function PortPage({ view, portCode }: { view: PortView; portCode?: string }) {
  const snap = useSnapshot(userState);
  const code = portCode
    ? decodeURIComponent(portCode).toUpperCase()
    : (ownPort(snap) ?? snap.portCode ?? snap.currPortCd);
  const link = view === 'live' ? portLiveLink : portStatusLink;

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

/**
 * Makes the port the current one once it is known (the device's copy, the server's answer, or one of an agent's own
 * ports): a code that names no port is never remembered (product.md#unknown-codes).
 */
function useRememberPort(code: string, known: boolean): void {
  const own = useSnapshot(userState).myPortCodes.includes(code);
  useEffect(() => {
    if (known || own) setCurrentCodes({ portCd: code });
  }, [code, known, own]);
}

function PortLiveData({ code }: { code: string }) {
  const page = usePageData('portLive', code);
  useRememberPort(code, !!page.data);
  const user = useSnapshot(userState).user;
  // No port by this code: one plain "not found", no Share or calendar (product.md#unknown-codes).
  if (!page.data && page.error?.notFound) return <UnknownCode what="port" code={code} />;
  return (
    <>
      <PortHeader code={code} view="live" port={page.data?.port}>
        {/* A copy kept from before the answer carried the status has none: the status page still tells it. */}
        {page.data?.status !== undefined && <StatusNow status={page.data.status} />}
        <DataAge syncedAt={page.syncedAt} loading={page.loading} error={page.error} />
      </PortHeader>
      {page.data ? <PortLiveView live={page.data} user={user} /> : <Missing page={page} />}
    </>
  );
}

function PortStatusData({ code }: { code: string }) {
  const page = usePageData('portStatus', code);
  useRememberPort(code, !!page.data);
  if (!page.data && page.error?.notFound) return <UnknownCode what="port" code={code} />;
  return (
    <>
      <PortHeader code={code} view="status" port={page.data?.port}>
        <DataAge syncedAt={page.syncedAt} loading={page.loading} error={page.error} />
      </PortHeader>
      {page.data ? <PortStatusView status={page.data} /> : <Missing page={page} />}
    </>
  );
}

/** The port's nation, name and country, from its data or (before that) the agent's own port list, with its local time;
 * then what the page adds (the status, the data's age); then one compact row of actions, its other page, the picker
 * for another port, port to port, Share and Add to calendar, that scrolls sideways on a phone rather than push the
 * vessels below the first screen. */
function PortHeader({
  code,
  view,
  port,
  children,
}: {
  code: string;
  view: PortView;
  port: PortIdentity | undefined;
  children: ReactNode;
}) {
  const own = useSnapshot(userState).myPorts.find((p) => p.portCd === code);
  const [picking, setPicking] = useState(false);
  const pickerId = useId();
  const now = useNow(60_000);
  const name = port?.portNm ?? own?.portNm;
  const country = port?.cntNm ?? own?.cntNm;
  const local = formatPortTime(now, port?.tz);
  return (
    <>
      <section className="card port-header" aria-labelledby="port-title">
        <div className="card__row">
          <span className="nation" role="img" aria-label={`Country ${country ?? nationOf(code)}`}>
            {nationOf(code)}
          </span>
          <div className="port-header__text">
            <h2 id="port-title" className="card__heading">
              {name ? `${name} (${code})` : code}
            </h2>
            {(country || local) && (
              <p className="muted">
                {country}
                {country && local && ' · '}
                {local && `${local.split(' ')[0] ?? ''} local (${utcOffset(port?.tz, now)})`}
              </p>
            )}
          </div>
        </div>
        {children}
        <div className="port-header__actions" role="group" aria-label="Port actions">
          <Link className="chip" href={view === 'live' ? portStatusLink(code) : portLiveLink(code)}>
            {view === 'live' ? 'Current status' : 'Live: vessels in port'}
          </Link>
          <button
            type="button"
            className="chip"
            aria-expanded={picking}
            aria-controls={pickerId}
            onClick={() => setPicking(!picking)}
          >
            Another port
          </button>
          <Link className="chip" href={sailingsLink(code)}>
            Sailings from here
          </Link>
          <PageActions
            path={view === 'live' ? portLiveLink(code) : portStatusLink(code)}
            title={name ?? code}
            calendar={{ kind: 'port', code, name: name ?? code }}
          />
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
