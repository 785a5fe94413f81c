// Tells the user what became of their changes as product.md#errors says. Refused for good (the worker already undid them
// locally): a toast with the server's message where the failure asks for one (acknowledge), the console otherwise
// (read and setting saves). Applied operations whose kind has words of confirmation ("Acknowledged: …"): those
// words, as the kind's definition (core/contract/ops.ts) says them. Then clears what it handled, so nothing is said twice.
import { useEffect, useRef } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../../platform/db.ts';
import { callWorker } from '../../platform/worker-bridge.ts';
import { toast } from '../../ui/toast-store.ts';
import { OPS } from '../../core/contract/ops.ts';

const FALLBACK_MESSAGE = 'A change could not be saved.';

export function useOutboxFailureToasts(): void {
  const failures = useLiveQuery(() => db.getMeta('outboxFailures'));
  const confirmed = useLiveQuery(() => db.getMeta('outboxConfirmed'));
  /** Handled here already; the clear that follows may take a moment to show in the live query. */
  const handled = useRef(new Set<string>());

  useEffect(() => {
    if (!failures?.length) return;
    for (const failure of failures) {
      if (handled.current.has(failure.opId)) continue;
      handled.current.add(failure.opId);
      if (failure.toast) toast.error(failure.message.trim() || FALLBACK_MESSAGE);
      else
        console.warn(`The server refused a change (${failure.kind}, ${failure.entity}): ${failure.message}`);
    }
    const opIds = failures.map((f) => f.opId);
    callWorker((api) => api.clearOutboxFailures(opIds)).catch((err: unknown) =>
      console.warn('Could not clear the shown outbox failures', err),
    );
  }, [failures]);

  useEffect(() => {
    if (!confirmed?.length) return;
    const fresh = confirmed.filter((c) => !handled.current.has(c.opId));
    for (const c of fresh) handled.current.add(c.opId);
    // One toast at a time (product.md#constants): the newest's words.
    const last = fresh[fresh.length - 1];
    const words = last && ((OPS as Partial<typeof OPS>)[last.kind]?.confirmed ?? last.message);
    if (words) toast.info(words);
    const opIds = confirmed.map((c) => c.opId);
    callWorker((api) => api.clearOutboxConfirmed(opIds)).catch((err: unknown) =>
      console.warn('Could not clear the shown confirmations', err),
    );
  }, [confirmed]);
}
