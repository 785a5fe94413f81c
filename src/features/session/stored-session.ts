// The user and token this device stored at its last sign-on, for opening the app when the sync worker could not
// reach the server (architecture.md#the-link-it-is-built-for: the app opens and shows what it last knew with no network at all).
import type { LoggedUser } from '../../core/contract/common.ts';
import { db } from '../../platform/db.ts';

/** A failure of the link rather than of the session: no answer, a timeout, or the browser knows it is offline. */
export function isLinkFailure(err: unknown): boolean {
  if (!navigator.onLine) return true;
  if (!(err instanceof Error)) return false;
  return err.name === 'TimeoutError' || /could not be reached/i.test(err.message);
}

export async function storedSession(): Promise<{ user: LoggedUser; token: string | null } | null> {
  try {
    const [user, token] = await Promise.all([db.getMeta('user'), db.getMeta('token')]);
    return user ? { user, token: token ?? null } : null;
  } catch {
    return null;
  }
}
