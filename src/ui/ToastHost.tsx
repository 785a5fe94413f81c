// Shows the first waiting toast (product.md#constants: one at a time): an error as role="alert", anything else as
// role="status". It goes by itself after a few seconds, but not while the pointer or the focus is on it.
import { useEffect, useState, useSyncExternalStore } from 'react';
import { dismissToast, subscribeToasts, toastQueue, type Toast } from './toast-store.ts';

const SHOWN_MS: Record<Toast['kind'], number> = { error: 6000, info: 4000 };

export function ToastHost() {
  const queue = useSyncExternalStore(subscribeToasts, toastQueue);
  const current = queue[0];
  // Keyed by id: each toast is a new element, so assistive technology announces it.
  return current ? <ToastView key={current.id} toast={current} /> : null;
}

function ToastView({ toast }: { toast: Toast }) {
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const paused = hovered || focused;

  useEffect(() => {
    if (paused) return;
    const timer = setTimeout(() => dismissToast(toast.id), SHOWN_MS[toast.kind]);
    return () => clearTimeout(timer);
  }, [paused, toast.id, toast.kind]);

  return (
    <div
      className={`toast toast--${toast.kind}`}
      role={toast.kind === 'error' ? 'alert' : 'status'}
      onPointerEnter={() => setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
    >
      <svg className="toast__icon" viewBox="0 0 24 24" aria-hidden="true">
        {toast.kind === 'error' ? (
          <path d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm-1 5h2v7h-2V7Zm0 9h2v2h-2v-2Z" />
        ) : (
          <path d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm-1 8h2v7h-2v-7Zm0-4h2v2h-2V6Z" />
        )}
      </svg>
      <p className="toast__message">{toast.message}</p>
      <button
        type="button"
        className="toast__close"
        aria-label="Dismiss"
        onClick={() => dismissToast(toast.id)}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path d="m6.4 5 5.6 5.6L17.6 5 19 6.4 13.4 12l5.6 5.6-1.4 1.4-5.6-5.6L6.4 19 5 17.6l5.6-5.6L5 6.4 6.4 5Z" />
        </svg>
      </button>
    </div>
  );
}
