// The error fallback of SPEC §8: the error's code and message, the detail the server gave, and "Try again".
import { useId } from 'react';
import type { ShownError } from './shown-error.ts';

interface Props {
  error: ShownError;
  onRetry: () => void;
}

export function ErrorView({ error, onRetry }: Props) {
  const titleId = useId();
  return (
    <section className={`error-view error-view--${error.severity}`} aria-labelledby={titleId}>
      <div className="error-view__text">
        <p className="error-view__code">
          <svg className="error-view__icon" viewBox="0 0 24 24" aria-hidden="true">
            {error.severity === 'warning' ? (
              <path d="M12 3 1.8 20.5h20.4L12 3Zm-1 6h2v6h-2V9Zm0 8h2v2h-2v-2Z" />
            ) : (
              <path d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm-1 5h2v7h-2V7Zm0 9h2v2h-2v-2Z" />
            )}
          </svg>
          {error.name}
        </p>
        <h2 id={titleId} className="error-view__title">
          {error.title}
        </h2>
        {error.detail && <p className="error-view__detail">{error.detail}</p>}
      </div>
      <button type="button" className="button button--primary" onClick={onRetry}>
        Try again
      </button>
    </section>
  );
}
