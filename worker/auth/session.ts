// Sign-on state as the window sees it: start a session from the sign-on cookie, and sign out.
import type { LoggedUser } from '../../src/core/contract/common.ts';
import { requestJson } from '../../src/core/net/http.ts';
import { checkLoggedUser, checkLogout } from '../../src/core/net/checks.ts';
import { db, tokens } from '../db.ts';

export type SessionStart =
  { status: 'signed-out' } | { status: 'signed-on'; token: string; user: LoggedUser };

/** The cookie decides who is signed on, so start always asks for a fresh token: a stored one may be another user's. */
export async function startSession(): Promise<SessionStart> {
  const token = await tokens.refresh();
  if (!token) return { status: 'signed-out' };
  const user = await tokens.json('/api/v2/app/common/logged-user', checkLoggedUser);
  // The app opens with it offline next time.
  await db.setMeta('user', user);
  return { status: 'signed-on', token: (await tokens.stored()) ?? token, user };
}

/** Ends the session on the server; only then is the token removed (SPEC §7). */
export async function signOut(): Promise<void> {
  await requestJson('/IBP_REFRESH.do?f_cmd=11', checkLogout, { token: await tokens.stored() });
  await tokens.clear();
}
