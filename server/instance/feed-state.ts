// The state of each feed the leading instance reads (integration.md#the-state-of-the-feeds): a schedule source or an
// AIS feed saves it after each read or write; /healthz and the staff's /health/ page read it on any instance.
import type { Sql } from '../db/db.ts';
import { iso, isoRequired } from '../http/rows.ts';
import type { FeedState as FeedStateRow } from '../../src/core/contract/feeds.ts';

/** What a feed reports of itself; the time it was written is the database's. */
export type FeedState = Omit<FeedStateRow, 'updatedAt'>;

/** How long an error's words are kept: a provider's whole error page is no use on /health/. */
const ERROR_MAX = 500;

/** Saves the state of one feed, replacing what its kind and source had. */
export async function saveFeedState(sql: Sql, state: FeedState): Promise<void> {
  const kept: FeedState = {
    ...state,
    lastError: state.lastError === null ? null : state.lastError.slice(0, ERROR_MAX),
  };
  const { kind, source, ...rest } = kept;
  await sql.query(
    `INSERT INTO feed_states (kind, source, state, updated_at) VALUES ($1, $2, $3::jsonb, now())
     ON CONFLICT (kind, source) DO UPDATE SET state = EXCLUDED.state, updated_at = EXCLUDED.updated_at`,
    [kind, source, JSON.stringify(rest)],
  );
}

interface Row {
  kind: FeedState['kind'];
  source: string;
  state: Omit<FeedState, 'kind' | 'source'>;
  updated_at: Date;
}

/** Every feed's last saved state: schedule sources first, then AIS feeds, each by source. */
export async function readFeedStates(sql: Sql): Promise<FeedStateRow[]> {
  const rows = await sql.query<Row>(
    `SELECT kind, source, state, updated_at FROM feed_states ORDER BY kind DESC, source`,
  );
  return rows.map((r) => ({
    kind: r.kind,
    source: r.source,
    lastSuccessAt: iso(r.state.lastSuccessAt),
    lastErrorAt: iso(r.state.lastErrorAt),
    lastError: r.state.lastError ?? null,
    nextTryAt: iso(r.state.nextTryAt),
    counters: r.state.counters ?? {},
    updatedAt: isoRequired(r.updated_at),
  }));
}
