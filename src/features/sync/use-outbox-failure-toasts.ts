// Tells the user about changes the server refused for good (the worker already undid them locally) as SPEC §8
// says: a toast with the server's message where the failure asks for one (acknowledge), the console otherwise
// (read and setting saves: the switch has reverted). Then clears what it handled.
import { useEffect, useRef } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../../db.ts';
import { callWorker } from '../../worker-bridge.ts';
import { toast } from '../../ui/toast-store.ts';

const FALLBACK_MESSAGE = 'A change could not be saved.';

export function useOutboxFailureToasts(): void {
  const failures = useLiveQuery(() => db.getMeta('outboxFailures'));
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
}
