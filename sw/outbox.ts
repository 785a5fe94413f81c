// Outbox replay when no page is open (architecture.md#drain-triggers): on Background Sync's `sync` event (tag 'quay-outbox',
// Chromium only) and at service-worker start, the same drain as the worker, with the sw's own database and token,
// under the same Web Lock so only one context sends. Also, on tag 'quay-sign-out', the sign-outs made at sea.
import { QuayDb } from '../src/device/db.ts';
import { ApiClient } from '../src/device/net/api-client.ts';
import { TokenStore } from '../src/device/net/token.ts';
import { drain } from '../src/device/outbox/drain.ts';
import { OUTBOX_SYNC_TAG, SIGN_OUT_SYNC_TAG } from '../src/device/outbox/lock.ts';
import { sendPendingSignOuts } from '../src/device/net/sign-out.ts';

declare let self: ServiceWorkerGlobalScope;

/** Background Sync's event: missing from TypeScript's WebWorker lib (traps.md). */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
  readonly lastChance: boolean;
}

let parts: { db: QuayDb; client: ApiClient } | undefined;

/** The sw's own connection and token store, opened on first use. */
function open(): { db: QuayDb; client: ApiClient } {
  if (!parts) {
    const db = new QuayDb();
    parts = { db, client: new ApiClient(new TokenStore(db)) };
  }
  return parts;
}

/** One replay. For a `sync` event, kept operations that failed for now reject, so the browser fires it again later. */
async function replay(fromSync: boolean, lastChance = false): Promise<void> {
  const { db, client } = open();
  // The browser fires `sync` when it believes the link is back: try now rather than wait for a backoff. At start with
  // no link, nothing is tried (no backoff grows): the `sync` event comes when the link does.
  const result = await drain(
    db,
    client,
    fromSync ? { retryNow: true } : { isOnline: () => navigator.onLine },
  );
  if (fromSync && result.ran && !lastChance && !result.signedOut && result.retrying > 0) {
    throw new Error(`outbox: ${result.remaining} operations wait for the link`);
  }
}

/**
 * Tells the server of sign-outs made at sea (sync.md#sign-out-at-sea), should every page be closed by the time the
 * link returns. Those it did not hear reject the event, so the browser fires it again later.
 */
async function tellSignOuts(lastChance: boolean): Promise<void> {
  const left = await sendPendingSignOuts(open().db);
  if (left > 0 && !lastChance) throw new Error(`sign-out: ${left} wait for the link`);
}

export function startOutboxReplay(): void {
  self.addEventListener('sync' as keyof ServiceWorkerGlobalScopeEventMap, (event) => {
    const e = event as unknown as SyncEvent;
    if (e.tag === OUTBOX_SYNC_TAG) e.waitUntil(replay(true, e.lastChance));
    if (e.tag === SIGN_OUT_SYNC_TAG) e.waitUntil(tellSignOuts(e.lastChance));
  });
  replay(false).catch((err: unknown) => console.warn('outbox replay at start failed', err));
}
