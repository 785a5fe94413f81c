// The X-AUTH-TOKEN: kept in IndexedDB (readable by worker and service worker), cached in memory,
// refreshed single-flight so that many 401s at once cause one GET /IBP_REFRESH.do.
import { db } from '../db.ts';
import {
  AuthenticationError,
  JsonWebTokenError,
  requestJson,
  type Check,
  type RequestOptions,
} from '../http.ts';
import { checkRefresh } from './checks.ts';

let memory: string | undefined;
let refreshing: Promise<string | null> | undefined;

export async function storedToken(): Promise<string | undefined> {
  memory ??= await db.getMeta('token');
  return memory;
}

export async function clearToken(): Promise<void> {
  memory = undefined;
  await db.deleteMeta('token');
}

/** Turns the sign-on session (cookie) into a token. Result Fail clears the token and gives null (signed out). */
export function refreshToken(): Promise<string | null> {
  refreshing ??= (async () => {
    try {
      const { token } = await requestJson('/IBP_REFRESH.do', checkRefresh);
      if (!token) {
        await clearToken();
        return null;
      }
      memory = token;
      await db.setMeta('token', token);
      return token;
    } finally {
      refreshing = undefined;
    }
  })();
  return refreshing;
}

/** A call with the token; on 401 the token is refreshed once and the call retried (SPEC §7). */
export async function authedJson<T>(path: string, check: Check<T>, opts: RequestOptions = {}): Promise<T> {
  const token = (await storedToken()) ?? (await refreshToken());
  if (!token) throw new AuthenticationError('Authentication failed: you are not signed on.');
  try {
    return await requestJson(path, check, { ...opts, token });
  } catch (err) {
    if (!(err instanceof AuthenticationError || err instanceof JsonWebTokenError)) throw err;
    const fresh = await refreshToken();
    if (!fresh) throw err;
    try {
      return await requestJson(path, check, { ...opts, token: fresh });
    } catch (again) {
      if (again instanceof AuthenticationError) await clearToken();
      throw again;
    }
  }
}
