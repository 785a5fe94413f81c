// The session as the window sees it: opens at once with the user this device stored (unless a sign-on just
// happened), asks the worker for a token and the signed-on user, sends a signed-out visitor to the sign-on page,
// keeps the stored user when there is no link (the app at sea), retries after an error, and signs out.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { LoggedUser } from '../../core/contract/common.ts';
import {
  callWorker,
  type SessionStart,
  type SignOutResult,
  type UnsentChoice,
} from '../../platform/worker-bridge.ts';
import type { SessionLoss } from '../../core/contract/session-loss.ts';
import { toShownError, type ShownError } from '../../ui/shown-error.ts';
import { clearSignOnMark, goToSignOn, mirrorToken } from './sign-on.ts';
import { hasSignOnMark } from '../../core/contract/sign-on-mark.ts';
import { isLinkFailure, storedSession } from './stored-session.ts';
import { SIGN_OUT_SYNC_TAG } from '../../device/outbox/lock.ts';
import { registerSyncTag } from '../sync/use-background-sync.ts';

export type SessionState =
  | { status: 'loading' }
  /** offline: the user this device stored is shown; the server has not confirmed it (no link, or not yet). */
  | { status: 'signed-on'; user: LoggedUser; offline: boolean }
  | { status: 'error'; error: ShownError }
  /** On the way to the sign-on page. */
  | { status: 'leaving' }
  /** Signed out with no link: the sign-on page needs one, so the app says so and goes there when it comes. */
  | { status: 'signed-out-offline' };

export function useSession() {
  const [state, setState] = useState<SessionState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  /** Set while this page signs out, so the status row's "signed out" does not send it away twice. */
  const signingOut = useRef(false);
  /** A user is on screen: a failed re-check does not replace the app with the error view. */
  const shown = useRef(false);
  /** Who is on screen (from the device or the server). */
  const shownUser = useRef<string | null>(null);
  useEffect(() => {
    shown.current = state.status === 'signed-on';
  }, [state.status]);

  const leave = useCallback((next?: null, why?: SessionLoss) => {
    mirrorToken(null);
    // The sign-on page is the server's: with no link the browser would show its own error page instead.
    if (!navigator.onLine) return setState({ status: 'signed-out-offline' });
    setState({ status: 'leaving' });
    goToSignOn(next, why);
  }, []);

  useEffect(() => {
    let current = true;
    /** The server has answered (or failed to): what the device showed meanwhile gives way to it. */
    let answered = false;
    // A repeat visit opens at once with the user this device stored (budgets.md#current-budgets: data on screen in under 1 s,
    // no slower offline than online, nor when the link is up but carries nothing), while the worker asks the server
    // who is signed on. Right after a sign-on the session may be another user's: then the answer is awaited.
    const fresh = hasSignOnMark(document.cookie);
    if (!shown.current && !fresh)
      void storedSession().then((stored) => {
        if (!current || answered || shown.current || !stored?.token) return;
        mirrorToken(stored.token);
        shownUser.current = stored.user.usrId;
        setState({ status: 'signed-on', user: stored.user, offline: true });
      });
    callWorker<SessionStart>((api) => api.startSession({ fresh })).then(
      (result) => {
        answered = true;
        if (!current) return;
        clearSignOnMark();
        if (result.status === 'signed-out') return leave(undefined, result.lost);
        mirrorToken(result.token);
        // Another user is signed on than the one shown from the device: start again as that user, at its home.
        if (shownUser.current && shownUser.current !== result.user.usrId) return location.replace('/');
        shownUser.current = result.user.usrId;
        setState({ status: 'signed-on', user: result.user, offline: result.offline });
      },
      async (err: unknown) => {
        answered = true;
        if (!current) return;
        const error = toShownError(err);
        // product.md#errors: an authentication failure removes the token and goes to the sign-on page.
        if (error.name === 'AuthenticationError') return leave(undefined, 'refused');
        // A check after the link came back failed, or the device's user is shown: keep showing what it has.
        if (shown.current) return;
        // The worker falls back to the stored user itself; this covers a worker that could not even say so.
        const stored = isLinkFailure(err) ? await storedSession() : null;
        if (!current) return;
        // Without a token this device was signed out: nothing to open with. With no link, the page says so; a server
        // slow or failing while the link is up gets the error view and its Try again.
        if (stored?.token) {
          mirrorToken(stored.token);
          shownUser.current = stored.user.usrId;
          setState({ status: 'signed-on', user: stored.user, offline: true });
        } else if (!navigator.onLine && isLinkFailure(err)) setState({ status: 'signed-out-offline' });
        else setState({ status: 'error', error });
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

  /**
   * Signs out and leaves for the sign-on page (architecture.md#sign-out): `unsent` says what becomes of changes that
   * cannot be sent; without it the worker may answer 'unsent' for the caller to ask. With `comeBack`, the next user
   * signed on returns to this page (switching user where this one was refused). Gives what to show on a failure.
   */
  const signOut = useCallback(
    async ({ comeBack = false, unsent }: { comeBack?: boolean; unsent?: UnsentChoice } = {}): Promise<
      SignOutResult | ShownError
    > => {
      signingOut.current = true;
      let result: SignOutResult;
      try {
        result = await callWorker<SignOutResult>((api) => api.signOut(unsent));
      } catch (err) {
        signingOut.current = false;
        return toShownError(err);
      }
      if (result.status === 'unsent') {
        signingOut.current = false;
        return result;
      }
      if (result.status === 'at-sea') {
        // The service worker tells the server when the link returns, even with every page closed by then
        // (sync.md#sign-out-at-sea).
        void registerSyncTag(SIGN_OUT_SYNC_TAG).catch(() => undefined);
        mirrorToken(null);
        setState({ status: 'signed-out-offline' });
      } else if (comeBack) leave();
      else leave(null);
      return result;
    },
    [leave],
  );

  /** The session ended elsewhere (another tab signed out, or the server refused the token): sign on again, told why. */
  const sessionEnded = useCallback(
    (why: SessionLoss) => {
      if (!signingOut.current) leave(undefined, why);
    },
    [leave],
  );

  return { state, retry, signOut, sessionEnded };
}
