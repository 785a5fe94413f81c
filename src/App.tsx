// The app's root: the header, then what the session state calls for (spinner, error, or the signed-on screen),
// and the bottom layer of the update prompt and toasts.
import { FullPageSpinner } from './ui/FullPageSpinner.tsx';
import { ErrorView } from './ui/ErrorView.tsx';
import { ToastHost } from './ui/ToastHost.tsx';
import { Header } from './shell/Header.tsx';
import { UpdatePrompt } from './shell/UpdatePrompt.tsx';
import { SignedOnView } from './features/session/SignedOnView.tsx';
import { SignedOnEffects } from './features/session/SignedOnEffects.tsx';
import { useSession } from './features/session/use-session.ts';

export function App() {
  const { state, retry, signOut, sessionEnded } = useSession();
  const signedOn = state.status === 'signed-on';
  return (
    <>
      <Header showSyncStatus={signedOn} />
      <main className="app-main">
        {state.status === 'signed-on' ? (
          <SignedOnView user={state.user} onSignOut={signOut} />
        ) : state.status === 'error' ? (
          <ErrorView error={state.error} onRetry={retry} />
        ) : (
          <FullPageSpinner />
        )}
      </main>
      {signedOn && <SignedOnEffects onSessionEnded={sessionEnded} />}
      <div className="bottom-layer">
        <UpdatePrompt />
        <ToastHost />
      </div>
    </>
  );
}
