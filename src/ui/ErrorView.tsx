// The error fallback page of product.md#errors, chosen by the error's name. The heading says what the code means in plain
// words and the code itself stands small beneath it (for whoever the user calls for help); the server's message is
// the subtitle (the catalogue's message when the server gave none); "Try again" reloads. Forbidden and timeout are
// warnings, the others errors. A refusal also offers the way out: sign out, or sign on as someone else.
import { createContext, useContext, useId, useState } from 'react';
import type { ShownError } from './shown-error.ts';

/** What a refusal offers: both end this device's session; switching opens the sign-on form at once. */
export interface SessionExits {
  signOut: () => Promise<string | undefined>;
  switchUser: () => Promise<string | undefined>;
}

/** The signed-on app provides its exits, so that a refusal anywhere inside offers them. */
export const SessionExitsContext = createContext<SessionExits | undefined>(undefined);

interface Props {
  error: ShownError;
  /** Default: reload the page (product.md#errors). */
  onRetry?: () => void;
  /** Inside a page (e.g. a vessel the user may not open) rather than the whole app. */
  inline?: boolean;
  /** Offered on a refusal (ForbiddenError); default: the signed-on app's. */
  exits?: SessionExits | undefined;
}

export function ErrorView({ error, onRetry, inline = false, exits: given }: Props) {
  const titleId = useId();
  const provided = useContext(SessionExitsContext);
  const exits = given ?? provided;
  const [busy, setBusy] = useState(false);
  const [exitFailure, setExitFailure] = useState('');
  const retry = onRetry ?? (() => location.reload());
  const subtitle = error.detail || error.title;
  const offerExits = exits && error.name === 'ForbiddenError';
  const leave = (how: () => Promise<string | undefined>) => {
    setBusy(true);
    setExitFailure('');
    void how().then((failure) => {
      setBusy(false);
      if (failure) setExitFailure(failure);
    });
  };
  return (
    <section
      className={`error-view error-view--${error.severity}${inline ? ' error-view--inline' : ''}`}
      aria-labelledby={titleId}
      data-error-name={error.name}
    >
      <div className="error-view__text">
        <svg className="error-view__icon" viewBox="0 0 24 24" aria-hidden="true">
          {error.severity === 'warning' ? (
            <path d="M12 3 1.8 20.5h20.4L12 3Zm-1 6h2v6h-2V9Zm0 8h2v2h-2v-2Z" />
          ) : (
            <path d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm-1 5h2v7h-2V7Zm0 9h2v2h-2v-2Z" />
          )}
        </svg>
        <h2 id={titleId} className="error-view__heading">
          {error.heading}
        </h2>
        <p className="error-view__title">{subtitle}</p>
        {error.detail && error.detail !== error.title && <p className="error-view__detail">{error.title}</p>}
        <p className="error-view__code">Code: {error.name}</p>
      </div>
      {(offerExits || !inline) && (
        <div className="error-view__actions">
          {offerExits && (
            <>
              <button
                type="button"
                className="button button--primary"
                disabled={busy}
                onClick={() => leave(exits.switchUser)}
              >
                Sign on as another user
              </button>
              <button type="button" className="button" disabled={busy} onClick={() => leave(exits.signOut)}>
                Sign out
              </button>
            </>
          )}
          {!inline && (
            <button
              type="button"
              className={`button${offerExits ? '' : ' button--primary'}`}
              disabled={busy}
              onClick={retry}
            >
              Try again
            </button>
          )}
        </div>
      )}
      {exitFailure && (
        <p className="error-view__detail" role="alert">
          {exitFailure}
        </p>
      )}
    </section>
  );
}
