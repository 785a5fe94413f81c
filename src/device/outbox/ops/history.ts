// A page view of the application history (product.md#the-common-calls PUT /common/history/application-history), kind 'history': not a
// change of the user's (no effect on the device, not counted as waiting), queued so a visit made at sea reaches the server.
import type { QuayDb } from '../../db.ts';
import { isLocalHost } from '../../net/local-host.ts';
import { enqueue } from '../enqueue.ts';
import type { HistoryBody, OutboxRow } from '../types.ts';
import { KEEP, type OpModule } from './module.ts';
import { HISTORY_PATH } from './paths.ts';
import { entityOf } from '../../../core/contract/ops.ts';

/** The outbox entity of page views: they go in the order they were made, one after the other. */
const HISTORY_ENTITY = entityOf('history', undefined);
/** The server's limits (AppHistoryBody): urlVal 1 to 2000 characters, prmtVal up to 4000. */
const URL_VAL_MAX = 2000;
const PRMT_VAL_MAX = 4000;
/** Page views kept waiting at most (architecture.md#storage: bound what grows); past it the oldest waiting go. */
export const MAX_WAITING_VISITS = 500;

/** A route the window moved to: location.pathname, location.search and location.hostname. */
export interface Visit {
  path: string;
  search: string;
  hostname: string;
}

/** At most `max` characters (code points, as the server counts them), without NUL (the server refuses it). */
function clip(text: string, max: number): string {
  const clean = text.replaceAll('\u0000', '');
  const chars = Array.from(clean);
  return chars.length <= max ? clean : chars.slice(0, max).join('');
}

/** The application history body of product.md#the-calls for one visit. */
function historyBody(visit: Pick<Visit, 'path' | 'search'>): HistoryBody {
  return {
    urlVal: clip(visit.path, URL_VAL_MAX) || '/',
    appTpCd: 'MOB',
    httpMethTpCd: 'GE',
    prmtVal: clip(visit.search.startsWith('?') ? visit.search.slice(1) : visit.search, PRMT_VAL_MAX),
  };
}

/** Queues the page view (nothing on a local host); the operation id, or null. */
export async function recordVisit(db: QuayDb, visit: Visit): Promise<string | null> {
  if (isLocalHost(visit.hostname)) return null;
  const body = historyBody(visit);
  return db.transaction('rw', [db.outbox, db.meta], async () => {
    const row = await enqueue(db, {
      kind: 'history',
      entity: HISTORY_ENTITY,
      method: 'PUT',
      path: HISTORY_PATH,
      body,
    });
    const waiting = db.outbox.where('entity').equals(HISTORY_ENTITY);
    const excess = (await waiting.count()) - MAX_WAITING_VISITS;
    if (excess > 0) await db.outbox.bulkDelete((await waiting.primaryKeys()).slice(0, excess));
    return row.opId;
  });
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Two page views of the same address and query: the second adds nothing when it follows the first at once. */
function sameVisit(a: OutboxRow, b: OutboxRow): boolean {
  if (!isRecord(a.body) || !isRecord(b.body)) return false;
  return a.body.urlVal === b.body.urlVal && (a.body.prmtVal ?? '') === (b.body.prmtVal ?? '');
}

export const historyOp: OpModule<'history'> = {
  kind: 'history',
  // A page view shows nothing on the device: no effect.
  tables: () => [],
  merge(kept, row) {
    const prev = kept[kept.length - 1];
    return prev?.kind === 'history' && sameVisit(prev, row as OutboxRow) ? { type: 'drop' } : KEEP;
  },
};
