// The change log's write side: recordChange() notes that one of a user's pulled entities changed, in the transaction
// of the change. Inside a domain transaction (every route, the broker, the simulator: server/domain/events.ts) the
// notes are written at the end of the transaction, users in one order (no deadlock between two transactions), and the
// users' new versions go to the dispatcher once it has committed (the hint). Elsewhere (the seed) they are written at once.
import { randomBytes } from 'node:crypto';
import type { Sql } from '../db/db.ts';
import type { ChangeKind } from '../../src/core/contract/sync.ts';

interface Change {
  usrId: string;
  kind: ChangeKind;
  key: string;
}

/** One user's changes of one committed transaction: versions from + 1 to `to`. */
export interface Committed {
  usrId: string;
  kinds: ChangeKind[];
  from: number;
  to: number;
}

/** Changes noted in a feed transaction, by the transaction's Sql, until its end. */
const pendingOf = new WeakMap<Sql, Change[]>();

/** A fresh clock's epoch: a cursor of another epoch starts the device again (reset). */
export const newEpoch = (): string => randomBytes(6).toString('base64url');

/** Notes that one of the user's entities changed; see the file's head for when it is written. */
export async function recordChange(sql: Sql, usrId: string, kind: ChangeKind, key = ''): Promise<void> {
  await recordChanges(sql, usrId, kind, [key]);
}

export async function recordChanges(
  sql: Sql,
  usrId: string,
  kind: ChangeKind,
  keys: readonly string[],
): Promise<void> {
  const changes = keys.map((key) => ({ usrId, kind, key }));
  const pending = pendingOf.get(sql);
  if (pending) pending.push(...changes);
  else await writeChanges(sql, changes);
}

/**
 * Each user's changes take consecutive versions of the user's clock. The clock's upsert takes the user's row lock
 * until commit, so one user's versions commit in order: a pull that sees version N sees every change up to N.
 */
async function writeChanges(sql: Sql, changes: readonly Change[]): Promise<Committed[]> {
  const byUser = new Map<string, Map<string, Change>>();
  for (const c of changes) {
    let mine = byUser.get(c.usrId);
    if (!mine) byUser.set(c.usrId, (mine = new Map()));
    // One row per entity: a later change of it in the same transaction takes its place (and the later version).
    const id = `${c.kind}\u0000${c.key}`;
    mine.delete(id);
    mine.set(id, c);
  }
  const out: Committed[] = [];
  for (const usrId of [...byUser.keys()].sort()) {
    const list = [...(byUser.get(usrId)?.values() ?? [])];
    const rows = await sql.query<{ version: number }>(
      `WITH clock AS (
         INSERT INTO sync_clock AS c (usr_id, epoch, version) VALUES ($1, $2, $3::int)
         ON CONFLICT (usr_id) DO UPDATE SET version = c.version + $3::int
         RETURNING c.version)
       INSERT INTO sync_changes AS s (usr_id, kind, entity_key, version)
       SELECT $1, x.kind, x.key, (SELECT version FROM clock) - $3::int + x.ord::int
         FROM unnest($4::text[], $5::text[]) WITH ORDINALITY AS x(kind, key, ord)
       ON CONFLICT (usr_id, kind, entity_key) DO UPDATE SET version = EXCLUDED.version
       RETURNING s.version`,
      [usrId, newEpoch(), list.length, list.map((c) => c.kind), list.map((c) => c.key)],
    );
    const to = Math.max(...rows.map((r) => r.version));
    out.push({ usrId, kinds: [...new Set(list.map((c) => c.kind))], from: to - list.length, to });
  }
  return out;
}

/**
 * Collects the recordChange() notes made through `sql` from now until the end of its transaction; the function it
 * answers writes them (just before the commit: server/domain/events.ts) and answers the versions they took.
 */
export function collectChanges(sql: Sql): (inner: Sql) => Promise<Committed[]> {
  const pending: Change[] = [];
  pendingOf.set(sql, pending);
  return (inner) => writeChanges(inner, pending);
}
