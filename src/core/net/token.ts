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

  /**
   * Turns the sign-on session (cookie) into a token. Result Fail clears the token and gives null (signed out).
   * sameUser: the token must be the stored user's; a session that changed hands (another user signed on in this
   * browser) counts as signed out, so that no call made for the stored user is answered with another user's data.
   */
  refresh(opts: { sameUser?: boolean } = {}): Promise<string | null> {
    this.refreshing ??= (async () => {
      try {
        const { token } = await requestJson('/IBP_REFRESH.do', checkRefresh);
        const user = opts.sameUser && token ? await this.db.getMeta('user') : undefined;
        if (!token || (user && tokenSubject(token) !== user.usrId)) {
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

/** The user a token names (its `sub`), unverified: only to notice a session that changed hands. */
function tokenSubject(token: string): string | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { sub?: unknown };
    return typeof claims.sub === 'string' ? claims.sub : null;
  } catch {
    return null;
  }
}
