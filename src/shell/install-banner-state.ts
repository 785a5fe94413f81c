// What the install banner (product.md#who-uses-it) shows, decided from plain facts about the browser so it can be tested in Node:
// the browser's own install prompt, the iOS "add to home screen" hint, or nothing.

/** localStorage key holding when the user dismissed the banner (milliseconds since the epoch, as text). */
export const INSTALL_DISMISSED_KEY = 'quay:install-dismissed';
/** A dismissed banner comes back after this long. */
export const INSTALL_DISMISS_MS = 30 * 24 * 60 * 60 * 1000;

export type InstallBannerMode = 'prompt' | 'ios' | 'hidden';

export interface InstallFacts {
  /** Running as the installed app: `(display-mode: standalone)` or iOS's `navigator.standalone`. */
  standalone: boolean;
  /** The browser fired `appinstalled` in this page. */
  installed: boolean;
  /** Dismissed less than INSTALL_DISMISS_MS ago (see isDismissed). */
  dismissed: boolean;
  /** A `beforeinstallprompt` event is kept and not yet used. */
  canPrompt: boolean;
  /** iOS or iPadOS, where installing is only by Share > Add to Home Screen (see isIos). */
  ios: boolean;
}

export function installBannerMode(facts: InstallFacts): InstallBannerMode {
  if (facts.standalone || facts.installed || facts.dismissed) return 'hidden';
  if (facts.canPrompt) return 'prompt';
  return facts.ios ? 'ios' : 'hidden';
}

/** iPhone, iPod or iPad; iPadOS 13+ says "Macintosh", told from a Mac by its touch screen. */
export function isIos(userAgent: string, maxTouchPoints: number): boolean {
  if (/iPhone|iPad|iPod/.test(userAgent)) return true;
  return /Macintosh/.test(userAgent) && maxTouchPoints > 1;
}

/** Whether the stored dismissal still holds at `now`; anything unreadable, or dated in the future, does not. */
export function isDismissed(stored: string | null, now: number): boolean {
  if (stored === null) return false;
  const at = Number(stored);
  if (!Number.isFinite(at) || at > now) return false;
  return now - at < INSTALL_DISMISS_MS;
}
