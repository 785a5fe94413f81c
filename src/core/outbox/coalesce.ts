// Rule 2 of DESIGN.md §3: before an entity's queue is sent, operations that a later one makes pointless go (the last
// state of a setting wins, repeated reads collapse, only the newest read mark of a chat room is sent).
import type { OutboxRow } from './types.ts';
import { coalesceChatOps } from './chat-ops.ts';

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Two page views of the same address and query: the second adds nothing when it follows the first at once. */
function sameVisit(a: OutboxRow, b: OutboxRow): boolean {
  if (!isRecord(a.body) || !isRecord(b.body)) return false;
  return a.body.urlVal === b.body.urlVal && (a.body.prmtVal ?? '') === (b.body.prmtVal ?? '');
}

/**
 * Rule 2's coalescing, on one entity's rows in seq order. A setting, a subscription or the followed vessels
 * (mySetting): the last state wins, and it takes the undo of the first (the state before all of them). Reads of one
 * notSeq: the first stays (it made the local change), later ones go; so do repeated registrations of the device.
 * Page views (history): one that repeats the view just before it (same urlVal and prmtVal) goes, the first stays.
 * A chat room's read marks: only the newest is sent (chat-ops.ts). An ack is never dropped.
 */
export function coalesce(rows: readonly OutboxRow[]): { keep: OutboxRow[]; drop: OutboxRow[] } {
  const keep: OutboxRow[] = [];
  const chat = coalesceChatOps(rows);
  const drop: OutboxRow[] = [...chat.drop];
  let readKept = false;
  let deviceKept = false;
  for (const row of chat.rows) {
    const prev = keep[keep.length - 1];
    if (
      (row.kind === 'setting' || row.kind === 'subscription' || row.kind === 'mySetting') &&
      prev?.kind === row.kind
    ) {
      keep[keep.length - 1] = { ...row, undo: prev.undo };
      drop.push(prev);
    } else if (row.kind === 'history' && prev?.kind === 'history' && sameVisit(prev, row)) {
      drop.push(row);
    } else if ((row.kind === 'read' && readKept) || (row.kind === 'device' && deviceKept)) {
      drop.push(row);
    } else {
      if (row.kind === 'read') readKept = true;
      if (row.kind === 'device') deviceKept = true;
      keep.push(row);
    }
  }
  return { keep, drop };
}
