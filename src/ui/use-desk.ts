// Whether the window is desk-wide (product.md#desk-layout): the one width where the layout changes. The CSS says the
// same in its media queries; this is for the few views that render something else at the desk, not only place it.
import { useSyncExternalStore } from 'react';

/** Kept equal to the media queries of src/styles/desk.css. */
const DESK_QUERY = '(min-width: 1024px)';

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(DESK_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** The same, read once where no component renders (a push click, use-push-messages.ts). */
export function isDesk(): boolean {
  return typeof window !== 'undefined' && window.matchMedia(DESK_QUERY).matches;
}

export function useDesk(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(DESK_QUERY).matches,
    () => false,
  );
}
