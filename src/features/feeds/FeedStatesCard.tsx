// For staff on /health/: each schedule source and AIS feed the leading server instance reads, when it last worked,
// its last error and its counters (integration.md#the-state-of-the-feeds). Asked of the server when the page opens
// and on "Check again"; with no link it says so instead of showing an old state as if it were current.
import { useCallback, useEffect, useState } from 'react';
import { callWorker } from '../../platform/worker-bridge.ts';
import { formatTimeDateYear } from '../../core/format/format-date.ts';
import type { FeedState } from '../../core/contract/feeds.ts';
import { Facts } from '../../ui/Facts.tsx';

type Read =
  { state: 'reading' } | { state: 'read'; feeds: FeedState[] } | { state: 'failed'; message: string };

const KIND = { schedule: 'Schedule source', ais: 'AIS feed' } as const;

const when = (iso: string | null): string => (iso ? `${formatTimeDateYear(iso)} UTC` : 'never');

/**
 * The counters a person looks for, in the order they read them, in words (server/dcsa/sources.ts and
 * server/ais/index.ts name them); a counter not listed here follows with its key split into words.
 */
const COUNTER_WORDS: Record<string, string> = {
  reads: 'Reads',
  failures: 'Failed reads',
  pages: 'Pages read',
  notModified: 'Unchanged answers (304)',
  calls: 'Calls read',
  created: 'Calls added',
  changed: 'Calls changed',
  refused: 'Calls refused',
  connected: 'Connected',
  reconnects: 'Reconnections',
  sentences: 'Sentences',
  decoded: 'Decoded',
  bad: 'Bad sentences',
  reports: 'Reports',
  matched: 'Quay vessels heard (last interval)',
  unknown: 'Other ships heard (last interval)',
  positions: 'Positions written',
  statics: 'Static data written',
  writes: 'Writes',
};

/** The breakdown of bad sentences by reason ("badChecksum") shows only where a reason occurred. */
const isZeroBreakdown = (key: string, value: number): boolean => /^bad[A-Z]/.test(key) && value === 0;

function counterRows(counters: Record<string, number>): [string, string][] {
  const known = Object.keys(COUNTER_WORDS).filter((k) => k in counters);
  const others = Object.keys(counters)
    .filter((k) => !(k in COUNTER_WORDS) && !isZeroBreakdown(k, counters[k] ?? 0))
    .sort();
  return [...known, ...others].map((k) => {
    const v = counters[k] ?? 0;
    if (k === 'connected') return [COUNTER_WORDS[k] ?? k, v > 0 ? 'Yes' : 'No'];
    const label =
      COUNTER_WORDS[k] ??
      k
        .replace(/([a-z])([A-Z])/g, '$1 $2')
        .toLowerCase()
        .replace(/^./, (c) => c.toUpperCase());
    return [label, v.toLocaleString('en-GB')];
  });
}

function FeedRows({ feed }: { feed: FeedState }) {
  const rows: [string, string][] = [
    ['Last worked', when(feed.lastSuccessAt)],
    ['Last error', feed.lastError ? `${feed.lastError} (${when(feed.lastErrorAt)})` : 'none'],
  ];
  if (feed.nextTryAt) rows.push(['Tried again', when(feed.nextTryAt)]);
  rows.push(...counterRows(feed.counters));
  rows.push(['State saved', when(feed.updatedAt)]);
  return <Facts rows={rows} />;
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
      <div role="status" aria-live="polite" className="feed-status">
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
