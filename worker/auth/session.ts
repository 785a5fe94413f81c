// Sign-on state as the window sees it: start a session from the sign-on cookie, and sign out.
import type { LoggedUser } from '../../src/core/contract/common.ts';
import { requestJson } from '../http.ts';
import { checkLoggedUser, checkLogout } from './checks.ts';
import { authedJson, clearToken, refreshToken, storedToken } from './token.ts';

export type SessionStart =
  { status: 'signed-out' } | { status: 'signed-on'; token: string; user: LoggedUser };

/** The cookie decides who is signed on, so start always asks for a fresh token: a stored one may be another user's. */
export async function startSession(): Promise<SessionStart> {
  const token = await refreshToken();
  if (!token) return { status: 'signed-out' };
  const user = await authedJson('/api/v2/app/common/logged-user', checkLoggedUser);
  return { status: 'signed-on', token: (await storedToken()) ?? token, user };
}

/** Ends the session on the server; only then is the token removed (SPEC §7). */
export async function signOut(): Promise<void> {
  await requestJson('/IBP_REFRESH.do?f_cmd=11', checkLogout, { token: await storedToken() });
  await clearToken();
}
