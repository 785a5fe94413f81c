// Signed out with no link (architecture.md#sign-out): the sign-on page is the server's, so the app says why nobody
// can sign on now, and when the link returns tells the server of the sign-out and opens the sign-on page.
import { useEffect } from 'react';
import { callWorker } from '../../platform/worker-bridge.ts';
import { useOnline } from '../../ui/use-online.ts';
import { goToSignOn } from './sign-on.ts';

/** The server is told before the sign-on page opens, but a silent server does not hold the page back. */
const TELL_AT_MOST_MS = 5_000;

export function SignedOutAtSea() {
  const online = useOnline();
  useEffect(() => {
    if (!online) return;
    const told = callWorker((api) => api.sendPendingSignOuts()).catch(() => undefined);
    void Promise.race([told, new Promise((r) => setTimeout(r, TELL_AT_MOST_MS))]).then(() =>
      goToSignOn(null),
    );
  }, [online]);

  return (
    <main className="bare-page">
      <h1 className="bare-page__title">You are logged out</h1>
      {online ? (
        <p role="status">The link is back: opening the sign-on page…</p>
      ) : (
        <>
          <p role="status">
            Nobody can sign on until there is a link to the server: signing on needs one. The sign-on page
            opens by itself as soon as the link returns.
          </p>
          <p>
            Your data has been removed from this device. The server is told of the sign-out when the link
            returns.
          </p>
        </>
      )}
    </main>
  );
}
