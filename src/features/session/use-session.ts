// The session as the window sees it: asks the worker for a token and the signed-on user, sends a signed-out
// visitor to the sign-on page, opens with the stored user when there is no link (the app at sea), retries after
// an error, and signs out.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { LoggedUser } from '../../core/contract/common.ts';
import { callWorker, type SessionStart } from '../../worker-bridge.ts';
import { toShownError, type ShownError } from '../../ui/shown-error.ts';
import { goToSignOn, mirrorToken } from './sign-on.ts';
import { isLinkFailure, storedSession } from './stored-session.ts';

export type SessionState =
  | { status: 'loading' }
  /** offline: the server could not be reached and the user this device stored is shown. */
  | { status: 'signed-on'; user: LoggedUser; offline: boolean }
  | { status: 'error'; error: ShownError }
  /** On the way to the sign-on page. */
  | { status: 'leaving' };

export function useSession() {
  const [state, setState] = useState<SessionState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  /** Set while this page signs out, so the status row's "signed out" does not send it away twice. */
  const signingOut = useRef(false);
  /** A user is on screen: a failed re-check does not replace the app with the error view. */
  const shown = useRef(false);
  useEffect(() => {
    shown.current = state.status === 'signed-on';
  }, [state.status]);

  const leave = useCallback((next?: null) => {
    mirrorToken(null);
    setState({ status: 'leaving' });
    goToSignOn(next);
  }, []);

  useEffect(() => {
    let current = true;
    callWorker<SessionStart>((api) => api.startSession()).then(
      (result) => {
        if (!current) return;
        if (result.status === 'signed-out') return leave();
        mirrorToken(result.token);
        setState({ status: 'signed-on', user: result.user, offline: result.offline });
      },
      async (err: unknown) => {
        if (!current) return;
        const error = toShownError(err);
        // SPEC §8: an authentication failure removes the token and goes to the sign-on page.
        if (error.name === 'AuthenticationError') return leave();
        // A check after the link came back failed: keep showing what this device has.
        if (shown.current) return;
        // The worker falls back to the stored user itself; this covers a worker that could not even say so.
        const stored = isLinkFailure(err) ? await storedSession() : null;
        if (!current) return;
        // Without a token this device was signed out: nothing to open with.
        if (stored?.token) {
          mirrorToken(stored.token);
          setState({ status: 'signed-on', user: stored.user, offline: true });
        } else setState({ status: 'error', error });
      },
    );
    return () => {
      current = false;
    };
  }, [attempt, leave]);

  // Opened with the stored user: once the link is back, ask the server again who is signed on.
  const fallback = state.status === 'signed-on' && state.offline;
  useEffect(() => {
    if (!fallback) return;
    const onOnline = () => setAttempt((n) => n + 1);
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [fallback]);

  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);

  /** Signs out and leaves for the sign-on page; gives what to show when the server could not be told. */
  const signOut = useCallback(async (): Promise<ShownError | undefined> => {
    signingOut.current = true;
    try {
      await callWorker((api) => api.signOut());
    } catch (err) {
      signingOut.current = false;
      return toShownError(err);
    }
    leave(null);
    return undefined;
  }, [leave]);

  /** The session ended elsewhere (another tab signed out, or the server refused the token): sign on again. */
  const sessionEnded = useCallback(() => {
    if (!signingOut.current) leave();
  }, [leave]);

  return { state, retry, signOut, sessionEnded };
}
