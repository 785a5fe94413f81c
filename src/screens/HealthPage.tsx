// /health/: the app's own health, without the shell (product.md#screens-and-routes): what a crew member or support reads out when the
// app misbehaves at sea: the link, the service worker, this device's database, last sync and changes waiting, and
// the chat connection as the leading tab's worker holds it (this page opens no socket of its own), and the data
// meter with the monthly budget; for staff, the state of the server's data sources.
import { useEffect, useState, type ReactNode } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { APP_ENV } from '../platform/config.ts';
import { formatTimeDateYear } from '../core/format/format-date.ts';
import { db } from '../platform/db.ts';
import { useOnline } from '../ui/use-online.ts';
import { useOutboxCount } from '../features/sync/use-outbox-count.ts';
import { useLiveLink } from '../features/sync/use-live-link.ts';
import { liveLinkRows, liveStateText } from '../features/sync/live-link-text.ts';
import { useDataUsage } from '../features/meter/use-data-usage.ts';
import { BudgetBar, BudgetForm, DataUsedRows, WireNote } from '../features/meter/DataMeterPanel.tsx';
import { FeedStatesCard } from '../features/feeds/FeedStatesCard.tsx';
import { isStaff } from '../core/role.ts';

function useServiceWorkerState(): string {
  const [state, setState] = useState('checking');
  useEffect(() => {
    if (!('serviceWorker' in navigator)) return setState('not supported');
    const read = () =>
      setState(
        navigator.serviceWorker.controller
          ? 'active, this page is served offline-ready'
          : 'not in control yet',
      );
    read();
    navigator.serviceWorker.addEventListener('controllerchange', read);
    return () => navigator.serviceWorker.removeEventListener('controllerchange', read);
  }, []);
  return state;
}

/** Label and value rows of a facts list. */
function FactRows({ rows }: { rows: readonly (readonly [string, string])[] }) {
  return rows.map(([k, v]) => (
    <div key={k}>
      <dt>{k}</dt>
      <dd>{v}</dd>
    </div>
  ));
}

/** A headed card of facts, and what follows the list (the budget's bar and field). */
function FactsCard(props: {
  titleId: string;
  title: string;
  className?: string;
  facts: ReactNode;
  children?: ReactNode;
}) {
  return (
    <section className={props.className ? `card ${props.className}` : 'card'} aria-labelledby={props.titleId}>
      <h2 id={props.titleId} className="card__heading">
        {props.title}
      </h2>
      <dl className="facts">{props.facts}</dl>
      {props.children}
    </section>
  );
}

/** The live connection: its state as a named live region, then when it last connected, attempts and errors. */
function LiveLinkFacts() {
  const link = useLiveLink();
  const state = link ? liveStateText(link) : link === null ? 'Unknown: the app’s worker did not answer' : '…';
  return (
    <FactsCard
      titleId="health-live-title"
      title="Live updates and chat"
      className="health-chat"
      facts={
        <>
          <div>
            <dt id="health-live-state">Live connection</dt>
            <dd>
              {/* A live region of its own inside the dd: a dd with a role of its own breaks the list. */}
              <span role="status" aria-labelledby="health-live-state" data-state={link?.state}>
                {state}
              </span>
            </dd>
          </div>
          {link && <FactRows rows={liveLinkRows(link)} />}
        </>
      }
    />
  );
}

/** What Quay moved today and this month, the budget, and whether Data saver holds things back. */
function DataFacts() {
  const usage = useDataUsage();
  return (
    <FactsCard
      titleId="health-data-title"
      title="Data"
      facts={
        <>
          <DataUsedRows usage={usage} />
          <div>
            <dt>Data saver</dt>
            <dd>{usage ? (usage.saverOn ? 'On' : 'Off') : '…'}</dd>
          </div>
        </>
      }
    >
      <WireNote />
      {usage?.budgetMb ? <BudgetBar month={usage.month} budgetMb={usage.budgetMb} /> : null}
      <BudgetForm budgetMb={usage?.budgetMb ?? null} />
    </FactsCard>
  );
}

export function HealthPage() {
  const online = useOnline();
  const sw = useServiceWorkerState();
  const status = useLiveQuery(() => db.getMeta('syncStatus'));
  const waiting = useOutboxCount();
  const signedOn = useLiveQuery(async () => (await db.getMeta('user')) ?? null);
  const user = signedOn === undefined ? undefined : (signedOn?.usrId ?? null);
  const rows: [string, string][] = [
    ['Environment', APP_ENV],
    ['Link', online ? 'Online' : 'Offline'],
    ['Service worker', sw],
    ['Database', waiting === undefined ? 'opening' : 'open'],
    ['Signed-on user on this device', user ?? (user === null ? 'none' : '…')],
    ['Last synced', status?.lastSyncedAt ? `${formatTimeDateYear(status.lastSyncedAt)} UTC` : '-'],
    ['Last sync error', status?.lastError?.message ?? 'none'],
    ['Changes waiting to be sent', waiting === undefined ? '…' : String(waiting)],
  ];
  return (
    <main className="bare-page">
      <h1 className="bare-page__title">Quay health</h1>
      <dl className="facts card">
        <FactRows rows={rows} />
      </dl>
      <DataFacts />
      <LiveLinkFacts />
      {signedOn && isStaff(signedOn) && <FeedStatesCard />}
      <a className="button button--secondary" href="/">
        Open Quay
      </a>
    </main>
  );
}
