// The app's root: the header, then what the session state calls for (spinner, error, or the signed-on screen).
import { FullPageSpinner } from './ui/FullPageSpinner.tsx';
import { ErrorView } from './ui/ErrorView.tsx';
import { Header } from './shell/Header.tsx';
import { SignedOnView } from './features/session/SignedOnView.tsx';
import { useSession } from './features/session/use-session.ts';

export function App() {
  const { state, retry, signOut } = useSession();
  return (
    <>
      <Header />
      <main className="app-main">
        {state.status === 'signed-on' ? (
          <SignedOnView user={state.user} onSignOut={signOut} />
        ) : state.status === 'error' ? (
          <ErrorView error={state.error} onRetry={retry} />
        ) : (
          <FullPageSpinner />
        )}
      </main>
    </>
  );
}
