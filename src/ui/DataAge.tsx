// How old a page's data is (architecture.md#how-data-moves): "as of 09:41 UTC", marked stale after a while, and what went wrong
// with the last attempt to bring it up to date. A polite status, so a screen reader hears it change. A wait past a
// few seconds says so, and a wait that failed says it plainly; both offer Try again (product.md#honest-waiting).
import { formatTimeDate } from '../core/format/format-date.ts';
import { useNow } from './use-now.ts';
import { updatedAgo } from './updated-ago.ts';
import { refreshPages } from './page-refresh.ts';
import { useSlow } from './use-slow.ts';
import type { ShownError } from './shown-error.ts';

/** Older than this, the page says its data is old. */
const STALE_AFTER_MS = 15 * 60_000;

interface Props {
  syncedAt: number | null;
  loading: boolean;
  error: ShownError | null;
}

/** A failure in words a person acts on: a silent server is said as such, whatever the cause's own words. */
function failureText(error: ShownError): string {
  if (error.name === 'TimeoutError') return 'The server did not answer.';
  return error.detail || error.title;
}

export function DataAge({ syncedAt, loading, error }: Props) {
  const now = useNow(30_000);
  const slow = useSlow(loading);
  const stale = syncedAt !== null && now - syncedAt > STALE_AFTER_MS;
  const text =
    syncedAt === null
      ? loading
        ? slow
          ? 'Still waiting for the server…'
          : 'Loading…'
        : 'Not on this device yet'
      : `As of ${formatTimeDate(syncedAt)} UTC (${updatedAgo(syncedAt, now)})${stale ? ' · may be out of date' : ''}`;
  // A silent server or a failure is worth asking again; a refusal or "there is no such port" (warnings) is final.
  const failed = error !== null && !loading && (error.name === 'TimeoutError' || error.severity === 'error');
  return (
    <div className="data-age-row">
      <p className={`data-age${stale ? ' data-age--stale' : ''}`} role="status" aria-label="Data age">
        {text}
        {loading && syncedAt !== null && (
          <span className="data-age__busy"> · {slow ? 'still waiting for the server' : 'updating'}</span>
        )}
        {error && !loading && <span className="data-age__error"> · {failureText(error)}</span>}
      </p>
      {(slow || failed) && (
        <button type="button" className="button button--secondary data-age__retry" onClick={refreshPages}>
          Try again
        </button>
      )}
    </div>
  );
}
