// The pull by cursor (docs/sync.md): POST /api/v2/app/sync/pull {cursor}, repeated while the server says `more`, each
// page checked against the contract and applied in one transaction (apply-pull.ts). A cursor the server refuses is
// dropped and the device pulls from scratch (the catalog's version is kept: the shared datasets are not asked again). Also the pull a hint frame carries inline (one change, no request).
import { PullResponse, SYNC_PULL_PATH, type PullBody, type SyncHint } from '../../src/core/contract/sync.ts';
import type { QuayDb } from '../../src/device/db.ts';
import type { ApiClient } from '../../src/device/net/api-client.ts';
import { RequestError } from '../../src/device/net/http.ts';
import { checkSchema } from '../../src/device/net/schema-check.ts';
import { applyPullPage, type PageApplied } from './apply-pull.ts';

const checkPull = checkSchema(PullResponse);

/**
 * Pages one pass asks for at most: a device away for a week catches up in bounded pages; what remains comes with
 * the next pass (the cursor is kept after each page).
 */
const PULL_PAGES_MAX = 50;

export interface PullOutcome {
  /** Pages applied (requests made, less any answered from a cursor the device had moved past meanwhile). */
  pages: number;
  /** The user's change version the device is at now. */
  version: number;
  catalogChanged: boolean;
  chatRooms: boolean;
}

/** The server's 400 about the cursor (another user's, malformed, or from a data epoch it no longer knows). */
function isCursorRefused(err: unknown): boolean {
  return err instanceof RequestError && err.status === 400 && /cursor/i.test(err.message);
}

const merge = (outcome: PullOutcome, applied: PageApplied): void => {
  outcome.pages += 1;
  outcome.version = applied.state.version;
  outcome.catalogChanged ||= applied.catalogChanged;
  outcome.chatRooms ||= applied.chatRooms;
};

export async function pull(
  db: QuayDb,
  client: Pick<ApiClient, 'json'>,
  now: () => number = Date.now,
): Promise<PullOutcome> {
  const outcome: PullOutcome = { pages: 0, version: 0, catalogChanged: false, chatRooms: false };
  /** The cursor the server refused: while it is still the stored one, the device asks from scratch (null). */
  let refused: string | null = null;
  for (let asked = 0; asked < PULL_PAGES_MAX; asked += 1) {
    const stored: string | null = (await db.getMeta('pullState'))?.cursor ?? null;
    const cursor: string | null = stored === refused ? null : stored;
    const body: PullBody = { cursor };
    let page: PullResponse;
    try {
      page = await client.json(SYNC_PULL_PATH, checkPull, { method: 'POST', body });
    } catch (err) {
      if (cursor === null || refused !== null || !isCursorRefused(err)) throw err;
      refused = cursor;
      continue;
    }
    const applied = await applyPullPage(db, page, (state) => (state?.cursor ?? null) === stored, now);
    // Null: an inline hint moved the device on while this page was on the wire; ask again from there.
    if (applied) merge(outcome, applied);
    // The user's rights changed under a page of changes: the cursor went with the dropped data; a first pull follows.
    if (applied?.restart) continue;
    if (applied && !page.more) break;
  }
  outcome.version = (await db.getMeta('pullState'))?.version ?? outcome.version;
  return outcome;
}

/**
 * A hint's inline pull, applied when the device is at the hint's `from` (else null: the device pulls instead). The
 * check and the write are one transaction, so a pull answered meanwhile cannot be overwritten by it, nor it by one.
 */
export async function applyInlineHint(
  db: QuayDb,
  hint: SyncHint,
  now: () => number = Date.now,
): Promise<PullOutcome | null> {
  if (!hint.pull || hint.from === undefined || hint.pull.more) return null;
  const applied = await applyPullPage(db, hint.pull, (state) => state?.version === hint.from, now);
  if (!applied) return null;
  const outcome: PullOutcome = { pages: 0, version: 0, catalogChanged: false, chatRooms: false };
  merge(outcome, applied);
  return outcome;
}
