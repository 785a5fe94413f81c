// The header's sync status (architecture.md#nothing-expires-silently): offline, syncing or how old the data is, and how many changes
// wait to be sent. A polite live region, named "Sync status"; the last error's message is its title and description.
import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../platform/db.ts';
import { INITIAL_SYNC_STATUS } from '../device/sync/status.ts';
import { useOutboxCount } from '../features/sync/use-outbox-count.ts';
import { syncStatusText } from './sync-status-text.ts';
import { useOnline } from '../ui/use-online.ts';
import { useNow } from '../ui/use-now.ts';

const UTC_TIME = new Intl.DateTimeFormat('en-GB', {
  hour: '2-digit',
  minute: '2-digit',
  day: '2-digit',
  month: 'short',
  timeZone: 'UTC',
});

export function SyncStatus() {
  const status = useLiveQuery(() => db.getMeta('syncStatus'));
  const waiting = useOutboxCount();
  const online = useOnline();
  const now = useNow(30_000);
  const loaded = status !== undefined || waiting !== undefined;
  const text = syncStatusText(status ?? INITIAL_SYNC_STATUS, online, waiting ?? 0, now);
  const lastSyncedAt = status?.lastSyncedAt ?? null;
  const title = [
    text.errorMessage,
    lastSyncedAt !== null ? `Last updated ${UTC_TIME.format(lastSyncedAt)} UTC` : null,
  ]
    .filter(Boolean)
    .join('\n');

  return (
    <div
      className={`sync-status sync-status--${text.tone}`}
      role="status"
      aria-label="Sync status"
      aria-description={text.errorMessage ?? undefined}
      title={title || undefined}
    >
      {loaded && (
        <>
          <span className="sync-status__main">
            <span className="sync-status__dot" aria-hidden="true" />
            {text.main}
          </span>
          {text.detail && (
            <>
              {/* Keeps the text one sentence for readers of textContent; the layout breaks the line instead. */}
              <span className="sync-status__sep"> · </span>
              <span className="sync-status__detail">{text.detail}</span>
            </>
          )}
        </>
      )}
    </div>
  );
}
