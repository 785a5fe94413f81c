// What the app does once signed on, beside drawing views: tells the worker when the page becomes visible, asks
// for persistent storage (architecture.md#storage), and notices a session that ended elsewhere.
import { useEffect, useRef } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../../platform/db.ts';
import { watchLink, watchVisibility } from '../../platform/worker-bridge.ts';
import type { SessionLoss } from '../../core/contract/session-loss.ts';

let persistAsked = false;

/** Asks once per page; the browser may say no (or not support it), and the app works either way. */
async function askForPersistentStorage(): Promise<void> {
  if (persistAsked) return;
  persistAsked = true;
  const storage: Partial<StorageManager> | undefined = navigator.storage;
  if (typeof storage?.persist !== 'function' || typeof storage.persisted !== 'function') return;
  if (await storage.persisted()) return;
  await storage.persist();
}

export function useSignedOnEffects(onSessionEnded: (why: SessionLoss) => void): void {
  useEffect(() => watchVisibility(), []);
  useEffect(() => watchLink(), []);

  useEffect(() => {
    askForPersistentStorage().catch((err: unknown) => console.warn('Persistent storage request failed', err));
  }, []);

  // The worker sets signedOut when the server refuses the session or a tab signs out. Only a change to true counts:
  // a row left from an earlier session may still say true until the worker has started this one.
  // Why: the server's word when it refused the session; none when a tab of this device signed out.
  const ended = useLiveQuery(async () => {
    const status = await db.getMeta('syncStatus');
    return status?.signedOut ? (status.lost ?? 'tab') : false;
  });
  const sawSignedOn = useRef(false);
  useEffect(() => {
    if (ended === undefined) return;
    if (!ended) sawSignedOn.current = true;
    else if (sawSignedOn.current) onSessionEnded(ended);
  }, [ended, onSessionEnded]);
}
