// The install banner of product.md#who-uses-it: "Install App" where the browser offers installation, the add-to-home-screen hint
// on iOS, and nothing when running installed, once installed, or for 30 days after the user dismissed it.
import { useState, useSyncExternalStore } from 'react';
import { Icon } from '../ui/Icon.tsx';
import { INSTALL_DISMISSED_KEY, installBannerMode, isDismissed, isIos } from './install-banner-state.ts';

/** Chromium's event (not in TypeScript's DOM library): kept, it lets the page ask for installation later. */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform: string }>;
}

interface InstallState {
  promptEvent: BeforeInstallPromptEvent | null;
  installed: boolean;
}

// Listened for from the moment this module loads: the browser may fire beforeinstallprompt long before the
// banner mounts (it waits for the user to be signed on).
let state: InstallState = { promptEvent: null, installed: false };
const listeners = new Set<() => void>();

function setState(next: InstallState): void {
  state = next;
  for (const listener of listeners) listener();
}

if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault(); // no mini-infobar: the banner asks instead
    setState({ ...state, promptEvent: event as BeforeInstallPromptEvent });
  });
  window.addEventListener('appinstalled', () => setState({ promptEvent: null, installed: true }));
}

function subscribeInstall(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const standaloneQuery =
  typeof window !== 'undefined' ? window.matchMedia('(display-mode: standalone)') : null;

function subscribeStandalone(listener: () => void): () => void {
  standaloneQuery?.addEventListener('change', listener);
  return () => standaloneQuery?.removeEventListener('change', listener);
}

function isStandalone(): boolean {
  const iosStandalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return iosStandalone || standaloneQuery?.matches === true;
}

function readDismissal(): string | null {
  try {
    return localStorage.getItem(INSTALL_DISMISSED_KEY);
  } catch {
    return null; // storage turned off: the banner shows, and its close button still hides it for this page
  }
}

function rememberDismissal(): void {
  try {
    localStorage.setItem(INSTALL_DISMISSED_KEY, String(Date.now()));
  } catch {
    // as above
  }
}

export function InstallBanner() {
  const { promptEvent, installed } = useSyncExternalStore(subscribeInstall, () => state);
  const standalone = useSyncExternalStore(subscribeStandalone, isStandalone);
  const [dismissed, setDismissed] = useState(() => isDismissed(readDismissal(), Date.now()));
  const [ios] = useState(() => isIos(navigator.userAgent, navigator.maxTouchPoints));
  const mode = installBannerMode({ standalone, installed, dismissed, canPrompt: promptEvent !== null, ios });
  if (mode === 'hidden') return null;

  const dismiss = () => {
    rememberDismissal();
    setDismissed(true);
  };

  const install = async () => {
    if (!promptEvent) return;
    // A kept event can prompt only once: drop it, which hides the banner.
    setState({ ...state, promptEvent: null });
    try {
      await promptEvent.prompt();
      const { outcome } = await promptEvent.userChoice;
      // The user said no in the browser's own dialog: that counts as dismissing the banner.
      if (outcome === 'dismissed') dismiss();
    } catch {
      // The browser refused to prompt (for instance a second call): nothing the user can act on.
    }
  };

  return (
    <section className="install-banner" aria-label="Install">
      <Icon name="download" className="install-banner__icon" />
      <div className="install-banner__text">
        {mode === 'prompt' ? (
          <p className="install-banner__title">Please install the app</p>
        ) : (
          <>
            <p className="install-banner__title">Please install through adding to home screen</p>
            <p className="install-banner__hint">Tap Share, then Add to Home Screen.</p>
          </>
        )}
      </div>
      {mode === 'prompt' && (
        <button type="button" className="button button--primary install-banner__install" onClick={install}>
          Install App
        </button>
      )}
      <button
        type="button"
        className="install-banner__dismiss"
        aria-label="Dismiss install banner"
        onClick={dismiss}
      >
        <Icon name="close" />
      </button>
    </section>
  );
}
