// The window's way to make an operation of the outbox (architecture.md#adding-an-operation): the worker's command of
// one kind, and whether one of that kind still waits, while the call is under way or in the outbox for an entity.
import { useCallback, useState } from 'react';
import { entityOf, type EntityOf } from '../../core/contract/ops.ts';
import { callWorker, type OpArgs, type OpCommandKind, type OpResult } from '../../platform/worker-bridge.ts';
import { usePending } from './use-pending.ts';

export interface UseOp<K extends OpCommandKind> {
  /** Makes the operation: the kind's command in the worker, with its arguments; rejects with the worker's error. */
  run: (...args: OpArgs<K>) => Promise<OpResult<K>>;
  /** A call is under way, or an operation of this kind waits in the outbox for the entity of `of`. */
  waiting: boolean;
}

/** The worker's entry as the kind types it (Comlink's remote type loses the generics of `op`). */
type OpOf<K extends OpCommandKind> = (kind: K, ...args: OpArgs<K>) => Promise<OpResult<K>>;

/**
 * Makes an operation of `kind` with its command's arguments, where no component waits on it (a row opened, a
 * message sent): the worker's one entry for every kind of the registry. Rejects with the worker's error.
 */
export function runOp<K extends OpCommandKind>(kind: K, ...args: OpArgs<K>): Promise<OpResult<K>> {
  return callWorker((api) => (api.op as unknown as OpOf<K>)(kind, ...args));
}

/** `of`: what names the entity the component shows (e.g. `{ notSeq }`), so that `waiting` covers its outbox too. */
export function useOp<K extends OpCommandKind>(kind: K, of?: EntityOf<K>): UseOp<K> {
  const [calls, setCalls] = useState(0);
  // No entity: '' names none, so nothing is found waiting.
  const queued = usePending(of === undefined ? '' : entityOf(kind, of))?.some((op) => op.kind === kind);
  const run = useCallback(
    async (...args: OpArgs<K>): Promise<OpResult<K>> => {
      setCalls((n) => n + 1);
      try {
        return await runOp(kind, ...args);
      } finally {
        setCalls((n) => n - 1);
      }
    },
    [kind],
  );
  return { run, waiting: calls > 0 || queued === true };
}
