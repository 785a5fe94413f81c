// For staff on /health/: each schedule source and AIS feed the leading server instance reads, when it last worked,
// its last error and its counters (integration.md#the-state-of-the-feeds). Asked of the server when the page opens
// and on "Check again"; with no link it says so instead of showing an old state as if it were current.
import { useCallback, useEffect, useState } from 'react';
import { callWorker } from '../../platform/worker-bridge.ts';
import { formatTimeDateYear } from '../../core/format/format-date.ts';
import type { FeedState } from '../../core/contract/feeds.ts';

type Read =
  { state: 'reading' } | { state: 'read'; feeds: FeedState[] } | { state: 'failed'; message: string };

const KIND = { schedule: 'Schedule source', ais: 'AIS feed' } as const;

const when = (iso: string | null): string => (iso ? `${formatTimeDateYear(iso)} UTC` : 'never');

/** A counter's key in words: "positionsWritten" reads "positions written". */
const words = (key: string): string => key.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();

function FeedRows({ feed }: { feed: FeedState }) {
  const rows: [string, string][] = [
    ['Last worked', when(feed.lastSuccessAt)],
    ['Last error', feed.lastError ? `${feed.lastError} (${when(feed.lastErrorAt)})` : 'none'],
  ];
  if (feed.nextTryAt) rows.push(['Tried again', when(feed.nextTryAt)]);
  for (const [k, v] of Object.entries(feed.counters)) rows.push([words(k), v.toLocaleString('en-GB')]);
  rows.push(['State saved', when(feed.updatedAt)]);
  return (
    <dl className="facts">
      {rows.map(([k, v]) => (
        <div key={k}>
          <dt>{k}</dt>
          <dd>{v}</dd>
        </div>
      ))}
    </dl>
  );
}

export function FeedStatesCard() {
  const [read, setRead] = useState<Read>({ state: 'reading' });
  const ask = useCallback(() => {
    setRead({ state: 'reading' });
    callWorker((api) => api.feedStates()).then(
      (answer) => setRead({ state: 'read', feeds: answer.feeds }),
      (err: unknown) =>
        setRead({
          state: 'failed',
          message: err instanceof Error ? err.message : 'The server could not be asked.',
        }),
    );
  }, []);
  useEffect(ask, [ask]);
  return (
    <section className="card" aria-labelledby="health-feeds-title">
      <h2 id="health-feeds-title" className="card__heading">
        Data sources
      </h2>
      <div role="status" aria-live="polite">
        {read.state === 'reading' && <p>Asking the server…</p>}
        {read.state === 'failed' && <p>Could not read the sources’ state: {read.message}</p>}
        {read.state === 'read' && read.feeds.length === 0 && (
          <p>No schedule source or AIS feed is configured on the server.</p>
        )}
      </div>
      {read.state === 'read' &&
        read.feeds.map((feed) => (
          <section key={`${feed.kind} ${feed.source}`} aria-label={`${KIND[feed.kind]} ${feed.source}`}>
            <h3 className="card__subheading">
              {KIND[feed.kind]}: <span className="feed-source">{feed.source}</span>
            </h3>
            <FeedRows feed={feed} />
          </section>
        ))}
      <button
        type="button"
        className="button button--secondary"
        onClick={ask}
        disabled={read.state === 'reading'}
      >
        Check again
      </button>
    </section>
  );
}
