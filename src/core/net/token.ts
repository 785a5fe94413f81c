// The X-AUTH-TOKEN: kept in IndexedDB (readable by worker and service worker), cached in memory, and refreshed
// single-flight, so that twenty 401s at once cause one GET /IBP_REFRESH.do. One store per context (worker, sw);
// calls go through ApiClient (api-client.ts), which refreshes on 401.
import type { QuayDb } from '../db.ts';
import { requestJson } from './http.ts';
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
}
