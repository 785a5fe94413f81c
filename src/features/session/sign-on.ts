// Where the window keeps its copy of the token (localStorage `token`, product.md#the-calls) and how it sends a visitor to sign on.
import { SIGN_ON_PATH } from '../../platform/config.ts';
import { SIGN_ON_MARK_COOKIE } from '../../core/contract/sign-on-mark.ts';
import type { SessionLoss } from '../../core/contract/session-loss.ts';

const TOKEN_KEY = 'token';

/** The worker keeps the token in IndexedDB; the window mirrors it for code that reads localStorage (product.md#the-calls). */
export function mirrorToken(token: string | null): void {
  try {
    if (token) localStorage.setItem(TOKEN_KEY, token);
    else localStorage.removeItem(TOKEN_KEY);
  } catch {
    // Storage can be blocked (private modes, quota): the worker's copy in IndexedDB is the one that counts.
  }
}

/**
 * Leaves the app for the sign-on page, which comes back to `next` (this page by default) once signed on, and says
 * `why` a session was lost (product.md#token).
 */
export function goToSignOn(
  next: string | null = location.pathname + location.search,
  why?: SessionLoss,
): void {
  const query = new URLSearchParams();
  if (next) query.set('next', next);
  if (why) query.set('why', why);
  const q = query.toString();
  location.assign(q ? `${SIGN_ON_PATH}?${q}` : SIGN_ON_PATH);
}

/** The server has said who signed on: the next opening may show the stored user at once again. */
export function clearSignOnMark(): void {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${SIGN_ON_MARK_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax${secure}`;
}
