// The session as the window sees it: asks the worker for a token and the signed-on user, sends a signed-out
// visitor to the sign-on page, retries after an error, and signs out.
import { useCallback, useEffect, useState } from 'react';
import type { LoggedUser } from '../../core/contract/common.ts';
import { callWorker, type SessionStart } from '../../worker-bridge.ts';
import { toShownError, type ShownError } from '../../ui/shown-error.ts';
import { goToSignOn, mirrorToken } from './sign-on.ts';

export type SessionState =
  | { status: 'loading' }
  | { status: 'signed-on'; user: LoggedUser }
  | { status: 'error'; error: ShownError }
  /** On the way to the sign-on page. */
  | { status: 'leaving' };

export function useSession() {
  const [state, setState] = useState<SessionState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    const leave = (next?: null) => {
      mirrorToken(null);
      setState({ status: 'leaving' });
      goToSignOn(next);
    };
    callWorker<SessionStart>((api) => api.startSession()).then(
      (result) => {
        if (!current) return;
        if (result.status === 'signed-out') return leave();
        mirrorToken(result.token);
        setState({ status: 'signed-on', user: result.user });
      },
      (err: unknown) => {
        if (!current) return;
        const error = toShownError(err);
        // SPEC §8: an authentication failure removes the token and goes to the sign-on page.
        if (error.name === 'AuthenticationError') return leave();
        setState({ status: 'error', error });
      },
    );
    return () => {
      current = false;
    };
  }, [attempt]);

  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);

  /** Signs out and leaves for the sign-on page; gives what to show when the server could not be told. */
  const signOut = useCallback(async (): Promise<ShownError | undefined> => {
    try {
      await callWorker((api) => api.signOut());
    } catch (err) {
      return toShownError(err);
    }
    mirrorToken(null);
    setState({ status: 'leaving' });
    goToSignOn(null);
    return undefined;
  }, []);

  return { state, retry, signOut };
}
