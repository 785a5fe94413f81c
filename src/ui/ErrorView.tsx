// The error fallback page of SPEC §8: chosen by the error's name, its code as the heading, the server's message as
// the subtitle (the catalogue's message when the server gave none), "Try again" reloads. Forbidden and timeout are
// warnings, the others errors.
import { useId } from 'react';
import type { ShownError } from './shown-error.ts';

interface Props {
  error: ShownError;
  /** Default: reload the page (SPEC §8). */
  onRetry?: () => void;
  /** Inside a page (e.g. a vessel the user may not open) rather than the whole app. */
  inline?: boolean;
}

export function ErrorView({ error, onRetry, inline = false }: Props) {
  const titleId = useId();
  const retry = onRetry ?? (() => location.reload());
  const subtitle = error.detail || error.title;
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
        <h2 id={titleId} className="error-view__code">
          {error.name}
        </h2>
        <p className="error-view__title">{subtitle}</p>
        {error.detail && error.detail !== error.title && <p className="error-view__detail">{error.title}</p>}
      </div>
      {!inline && (
        <button type="button" className="button button--primary" onClick={retry}>
          Try again
        </button>
      )}
    </section>
  );
}
