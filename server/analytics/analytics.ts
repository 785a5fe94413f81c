// The reference server as an analytics sink (product.md#live-push-and-analytics: a page view and a user_move event with the user's
// fields): storing a batch under the caller's usrId, and reading a user's events back (the dev API).
import type { Sql } from '../db/db.ts';
import { isoRequired } from '../http/rows.ts';
import type { AnalyticsEvent, AnalyticsRecord } from '../../src/core/contract/analytics.ts';

const PROP_KEYS = ['extUsrId', 'usrRoleCd', 'usrPortCd', 'usrVslCd', 'usrTpCd'] as const;

function propsOf(event: AnalyticsEvent): Record<string, string> {
  const props: Record<string, string> = {};
  for (const key of PROP_KEYS) {
    const value = event[key];
    if (value !== undefined) props[key] = value;
  }
  return props;
}

/** Stores the batch in the order sent, with the caller's usrId (never one from the body); how many were stored. */
export async function storeEvents(
  sql: Sql,
  usrId: string,
  batch: readonly AnalyticsEvent[],
): Promise<number> {
  const events = batch.map((e) => ({
    name: e.name,
    path: e.path,
    props: propsOf(e),
    at: e.at,
  }));
  // One statement for the whole batch, in the order sent.
  await sql.query(
    `INSERT INTO analytics_event (usr_id, name, path, props, at)
           SELECT $1, e.v->>'name', e.v->>'path', e.v->'props', (e.v->>'at')::timestamptz
             FROM jsonb_array_elements($2::text::jsonb) WITH ORDINALITY AS e(v, i)
            ORDER BY e.i`,
    [usrId, JSON.stringify(events)],
  );
  return events.length;
}

/** A user's analytics events as collected, oldest first (at most limit). */
export async function eventsOf(sql: Sql, usrId: string, limit: number): Promise<AnalyticsRecord[]> {
  const rows = await sql.query<{
    seq: number;
    usr_id: string;
    name: string;
    path: string;
    props: Record<string, string> | string;
    at: Date;
    received_at: Date;
  }>(
    `SELECT seq, usr_id, name, path, props, at, received_at FROM analytics_event
          WHERE usr_id = $1 ORDER BY seq LIMIT $2`,
    [usrId, limit],
  );
  return rows.map((r) => ({
    seq: r.seq,
    usrId: r.usr_id,
    name: r.name,
    path: r.path,
    props: typeof r.props === 'string' ? (JSON.parse(r.props) as Record<string, string>) : r.props,
    at: isoRequired(r.at),
    receivedAt: isoRequired(r.received_at),
  }));
}
