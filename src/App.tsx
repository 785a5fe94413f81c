// The app's root: /health/ and /intro/ render bare (no header, app bar or chat socket, product.md#screens-and-routes); every other
// route goes through the session: a spinner while the user loads, the error fallback of product.md#errors, or the shell.
import { lazy, Suspense, useEffect, useMemo } from 'react';
import type { logOut as LogOut } from './features/session/log-out.ts';
import { Route, Switch } from 'wouter';
import { FullPageSpinner } from './ui/FullPageSpinner.tsx';
import { ErrorView, SessionExitsContext, type SessionExits } from './ui/ErrorView.tsx';
import { ToastHost } from './ui/ToastHost.tsx';
import { BottomLayer } from './ui/BottomLayer.tsx';
import { DialogHost } from './ui/DialogHost.tsx';
import { Header } from './shell/Header.tsx';
import { Shell } from './shell/Shell.tsx';
import { UpdatePrompt } from './shell/UpdatePrompt.tsx';
import { IntroPage } from './screens/IntroPage.tsx';
import { SignedOnEffects } from './features/session/SignedOnEffects.tsx';
import { useSession } from './features/session/use-session.ts';
import { StateFromDb } from './state/StateFromDb.tsx';
import { userState } from './state/app-state.ts';

/**
 * /health/ is loaded on first use (the `later` chunk, precached): a page people open to look into a problem, not one the
 * app's first page needs. Should its code be missing from the device (storage the browser cleared), it says so.
 */
const HealthPage = lazy(() =>
  import('./screens/HealthPage.tsx').then(
    (m) => ({ default: m.HealthPage }),
    () => ({ default: HealthNeedsLink }),
  ),
);

function HealthNeedsLink() {
  return (
    <main className="bare-page">
      <h1 className="bare-page__title">Quay health</h1>
      <p>This page is not on the device yet: open it once with a link.</p>
      <a className="button button--secondary" href="/">
        Open Quay
      </a>
    </main>
  );
}

/** Signing out, and the page it leaves at sea, are loaded on first use (precached): rare, and not of the first page. */
const SignedOutAtSea = lazy(() =>
  import('./features/session/SignedOutAtSea.tsx').then((m) => ({ default: m.SignedOutAtSea })),
);
const logOut: typeof LogOut = async (signOut, opts) =>
  (await import('./features/session/log-out.ts')).logOut(signOut, opts);

function SessionApp() {
  const { state, retry, signOut, sessionEnded } = useSession();

  // product.md#page-load: loading until the user is loaded; a load error is kept with the server's answer.
  useEffect(() => {
    userState.loading = state.status === 'loading' || state.status === 'leaving';
    if (state.status === 'error') {
      userState.error = state.error;
      userState.errorResponse = { name: state.error.name, message: state.error.detail || state.error.title };
    }
  }, [state]);

  const exits = useMemo<SessionExits>(() => {
    // Both ask first what becomes of changes still waiting (architecture.md#sign-out).
    // Switching user was asked for by name: it asks only when changes wait or there is no link.
    const how = (comeBack: boolean) => () =>
      logOut((opts) => signOut({ ...opts, comeBack }), { askWhenNothingWaits: !comeBack });
    return { signOut: how(false), switchUser: how(true) };
  }, [signOut]);

  if (state.status === 'signed-out-offline')
    return (
      <Suspense fallback={null}>
        <SignedOutAtSea />
      </Suspense>
    );
  if (state.status !== 'signed-on')
    return (
      <>
        <Header title="Quay" />
        <main className="app-main">
          {state.status === 'error' ? (
            <ErrorView error={state.error} onRetry={retry} exits={exits} />
          ) : (
            <FullPageSpinner waitingFor={state.status === 'leaving' ? 'leaving' : 'session'} />
          )}
        </main>
      </>
    );
  return (
    <SessionExitsContext.Provider value={exits}>
      <StateFromDb user={state.user} />
      <Shell user={state.user} onSignOut={exits.signOut} />
      <SignedOnEffects onSessionEnded={sessionEnded} />
    </SessionExitsContext.Provider>
  );
}

export function App() {
  return (
    <>
      <Switch>
        <Route path="/health/">
          <Suspense fallback={null}>
            <HealthPage />
          </Suspense>
        </Route>
        <Route path="/intro/">
          <IntroPage />
        </Route>
        <Route>
          <SessionApp />
        </Route>
      </Switch>
      <DialogHost />
      <BottomLayer>
        <UpdatePrompt />
        <ToastHost />
      </BottomLayer>
    </>
  );
}
