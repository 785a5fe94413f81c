// The X-AUTH-TOKEN: kept in IndexedDB (readable by worker and service worker), cached in memory, and refreshed
// single-flight, so that twenty 401s at once cause one GET /IBP_REFRESH.do. One store per context (worker, sw).
import type { QuayDb } from '../db.ts';
import {
  AuthenticationError,
  JsonWebTokenError,
  requestJson,
  type Check,
  type RequestOptions,
} from './http.ts';
import { checkRefresh } from './checks.ts';

export class TokenStore {
  private memory: string | undefined;
  private refreshing: Promise<string | null> | undefined;

  constructor(private readonly db: QuayDb) {}

  async stored(): Promise<string | undefined> {
    this.memory ??= await this.db.getMeta('token');
    return this.memory;
  }

  async clear(): Promise<void> {
    this.memory = undefined;
    await this.db.deleteMeta('token');
  }

  /** Turns the sign-on session (cookie) into a token. Result Fail clears the token and gives null (signed out). */
  refresh(): Promise<string | null> {
    this.refreshing ??= (async () => {
      try {
        const { token } = await requestJson('/IBP_REFRESH.do', checkRefresh);
        if (!token) {
          await this.clear();
          return null;
        }
        this.memory = token;
        await this.db.setMeta('token', token);
        return token;
      } finally {
        this.refreshing = undefined;
      }
    })();
    return this.refreshing;
  }

  /** A call with the token; on 401 the token is refreshed once and the call retried (SPEC §7). */
  async json<T>(path: string, check: Check<T>, opts: RequestOptions = {}): Promise<T> {
    const token = (await this.stored()) ?? (await this.refresh());
    if (!token) throw new AuthenticationError('Authentication failed: you are not signed on.');
    try {
      return await requestJson(path, check, { ...opts, token });
    } catch (err) {
      if (!(err instanceof AuthenticationError || err instanceof JsonWebTokenError)) throw err;
      const fresh = await this.refresh();
      if (!fresh) throw err;
      try {
        return await requestJson(path, check, { ...opts, token: fresh });
      } catch (again) {
        if (again instanceof AuthenticationError) await this.clear();
        throw again;
      }
    }
  }
}
