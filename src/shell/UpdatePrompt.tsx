// Asks before a new version takes over (traps.md: registerType 'prompt'): a non-blocking banner, never a reload
// without the user's click. "Later" hides it for this page; the new version then starts with the next visit.
import { useId, useState, useSyncExternalStore } from 'react';
import { applyUpdate, subscribeWaitingWorker, waitingWorker } from '../platform/sw-register.ts';

export function UpdatePrompt() {
  const titleId = useId();
  const worker = useSyncExternalStore(subscribeWaitingWorker, waitingWorker);
  const [dismissed, setDismissed] = useState<ServiceWorker | null>(null);
  const [reloading, setReloading] = useState(false);
  if (!worker || worker === dismissed) return null;

  const reload = () => {
    setReloading(true);
    applyUpdate(worker);
  };

  return (
    <section className="update-prompt" aria-labelledby={titleId}>
      <div className="update-prompt__text">
        <h2 id={titleId} className="update-prompt__title">
          Update available
        </h2>
        <p>A new version of Quay is ready.</p>
      </div>
      <div className="update-prompt__actions">
        <button type="button" className="button button--secondary" onClick={() => setDismissed(worker)}>
          Later
        </button>
        <button type="button" className="button button--primary" onClick={reload} disabled={reloading}>
          {reloading ? 'Reloading…' : 'Reload'}
        </button>
      </div>
    </section>
  );
}
