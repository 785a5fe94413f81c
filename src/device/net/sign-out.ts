// Telling the server of a sign-out (architecture.md#sign-out, sync.md#sign-out-at-sea): at once with the link, or
// later for one made at sea, from the worker or, with no page open, from the service worker's Background Sync.
import type { QuayDb } from '../db.ts';
import { isLinkFailure, requestJson } from './http.ts';
import { checkLogout } from './checks.ts';

/** A sign-out is one short request: on a link that does not answer, the device signs out without it. */
const SIGN_OUT_TIMEOUT_MS = 10_000;

/**
 * Ends a session on the server with its token. Told later, no cookie goes with it (another user may have signed on since, and
 * the cookie is theirs), and none comes back. A token that ran out still names its session (the server allows it
 * for sign-out only). With `notDevId`, the server drops this device's push subscription of that session's user.
 * True once the server has answered, yes or no: a refusal will not change by asking again.
 */
export async function endOnServer(
  token: string,
  notDevId: string | null,
  withCookie = false,
): Promise<boolean> {
  const device = notDevId ? `&notDevId=${encodeURIComponent(notDevId)}` : '';
  try {
    await requestJson(`/IBP_REFRESH.do?f_cmd=11${device}`, checkLogout, {
      token,
      referrerPolicy: 'same-origin',
      // The session signing out now is the cookie's too, which the answer clears.
      credentials: withCookie ? 'include' : 'omit',
      timeoutMs: SIGN_OUT_TIMEOUT_MS,
    });
    return true;
  } catch (err) {
    if (isLinkFailure(err)) return false;
    console.warn('The server refused a sign-out made at sea', err);
    return true;
  }
}

/**
 * Tells the server of the sign-outs made with no link; those it did not hear stay for the next contact, and their
 * number is returned. Told twice (worker and service worker at once), a sign-out does no harm: the session is ended
 * already, and the device is dropped only while it is still that user's. When the same user is signed on here again,
 * the device is theirs anew and is not named.
 */
export async function sendPendingSignOuts(db: QuayDb): Promise<number> {
  const [pending, device, user] = await Promise.all([
    db.getMeta('pendingSignOuts'),
    db.getMeta('clientId'),
    db.getMeta('user'),
  ]);
  if (!pending?.length) return 0;
  const told = new Set<string>();
  for (const p of pending)
    if (await endOnServer(p.token, p.usrId === user?.usrId ? null : (device ?? null))) told.add(p.token);
  if (told.size === 0) return pending.length;
  return db.transaction('rw', db.meta, async () => {
    const now = ((await db.getMeta('pendingSignOuts')) ?? []).filter((p) => !told.has(p.token));
    if (now.length > 0) await db.setMeta('pendingSignOuts', now);
    else await db.deleteMeta('pendingSignOuts');
    return now.length;
  });
}
