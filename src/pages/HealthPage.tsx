// /health/: the app's own health, without the shell (SPEC §2): what a crew member or support reads out when the
// app misbehaves at sea: the link, the service worker, this device's database, last sync and changes waiting, and
// the chat connection as the leading tab's worker holds it (this page opens no socket of its own), and the data
// meter with the monthly budget.
import { useEffect, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { APP_ENV } from '../config.ts';
import { formatTimeDateYear } from '../core/format/format-date.ts';
import { db } from '../db.ts';
import { useOnline } from '../shell/use-online.ts';
import { useOutboxCount } from '../features/sync/use-outbox-count.ts';
import { useChatLink } from '../features/chat/use-chat-link.ts';
import { chatLinkRows, chatStateText } from '../features/chat/chat-link-text.ts';
import { useDataUsage } from '../features/meter/use-data-usage.ts';
import { BudgetBar, BudgetForm, DataUsedRows } from '../features/meter/DataMeterPanel.tsx';

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

/** The chat connection: its state as a named live region, then when it last connected, attempts and errors. */
function ChatLinkFacts() {
  const link = useChatLink();
  const state = link ? chatStateText(link) : link === null ? 'Unknown: the app’s worker did not answer' : '…';
  return (
    <section className="card health-chat" aria-labelledby="health-chat-title">
      <h2 id="health-chat-title" className="card__heading">
        Chat
      </h2>
      <dl className="facts">
        <div>
          <dt id="health-chat-state">Chat connection</dt>
          <dd role="status" aria-labelledby="health-chat-state" data-state={link?.state}>
            {state}
          </dd>
        </div>
        {link &&
          chatLinkRows(link).map(([k, v]) => (
            <div key={k}>
              <dt>{k}</dt>
              <dd>{v}</dd>
            </div>
          ))}
      </dl>
    </section>
  );
}

/** What Quay moved today and this month, the budget, and whether Data saver holds things back. */
function DataFacts() {
  const usage = useDataUsage();
  return (
    <section className="card" aria-labelledby="health-data-title">
      <h2 id="health-data-title" className="card__heading">
        Data
      </h2>
      <dl className="facts">
        <DataUsedRows usage={usage} />
        <div>
          <dt>Data saver</dt>
          <dd>{usage ? (usage.saverOn ? 'On' : 'Off') : '…'}</dd>
        </div>
      </dl>
      {usage?.budgetMb ? <BudgetBar month={usage.month} budgetMb={usage.budgetMb} /> : null}
      <BudgetForm budgetMb={usage?.budgetMb ?? null} />
    </section>
  );
}

export function HealthPage() {
  const online = useOnline();
  const sw = useServiceWorkerState();
  const status = useLiveQuery(() => db.getMeta('syncStatus'));
  const waiting = useOutboxCount();
  const user = useLiveQuery(async () => (await db.getMeta('user'))?.usrId ?? null);
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
        {rows.map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
      <DataFacts />
      <ChatLinkFacts />
      <a className="button button--secondary" href="/">
        Open Quay
      </a>
    </main>
  );
}
