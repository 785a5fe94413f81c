// How old a page's data is (architecture.md#how-data-moves): "as of 09:41 UTC", marked stale after a while, and what went wrong
// with the last attempt to bring it up to date. A polite status, so a screen reader hears it change.
import { formatTimeDate } from '../core/format/format-date.ts';
import { useNow } from './use-now.ts';
import { updatedAgo } from './updated-ago.ts';
import type { ShownError } from './shown-error.ts';

/** Older than this, the page says its data is old. */
const STALE_AFTER_MS = 15 * 60_000;

interface Props {
  syncedAt: number | null;
  loading: boolean;
  error: ShownError | null;
}

export function DataAge({ syncedAt, loading, error }: Props) {
  const now = useNow(30_000);
  const stale = syncedAt !== null && now - syncedAt > STALE_AFTER_MS;
  const text =
    syncedAt === null
      ? loading
        ? 'Loading…'
        : 'Not on this device yet'
      : `As of ${formatTimeDate(syncedAt)} UTC (${updatedAgo(syncedAt, now)})${stale ? ' · may be out of date' : ''}`;
  return (
    <p className={`data-age${stale ? ' data-age--stale' : ''}`} role="status" aria-label="Data age">
      {text}
      {loading && syncedAt !== null && <span className="data-age__busy"> · updating</span>}
      {error && !loading && <span className="data-age__error"> · {error.detail || error.title}</span>}
    </p>
  );
}
