// The X-AUTH-TOKEN: kept in IndexedDB (readable by worker and service worker), cached in memory, and refreshed
// single-flight, so that twenty 401s at once cause one GET /IBP_REFRESH.do. One store per context (worker, sw);
// calls go through ApiClient (api-client.ts), which refreshes on 401.
import type { QuayDb } from '../db.ts';
import type { SessionLoss } from '../../core/contract/session-loss.ts';
import { requestJson } from './http.ts';
import { checkRefresh } from './checks.ts';

export class TokenStore {
  private memory: string | undefined;
  private refreshing: Promise<string | null> | undefined;
  /** Why the last refresh found no session, as the server said it (product.md#token); null while one is live. */
  lost: SessionLoss | null = null;

  constructor(private readonly db: QuayDb) {}

  async stored(): Promise<string | undefined> {
    this.memory ??= await this.db.getMeta('token');
    return this.memory;
  }

  /**
   * The stored token, renewed first when it has run out (or runs out within `marginMs`): a call made with it is
   * not answered 401 for a token the device could have known was over. Null when the session is over.
   */
  async usable(marginMs = TOKEN_MARGIN_MS, now = Date.now()): Promise<string | null> {
    const token = await this.stored();
    if (token) {
      const exp = tokenExpiry(token);
      if (exp === null || exp * 1000 - marginMs > now) return token;
    }
    return this.refresh({ sameUser: true });
  }

  /**
   * A token the server renewed on an answer (X-AUTH-TOKEN response header): kept when it names the same user as the
   * stored one, so that no answer can hand this device another user's session.
   */
  async accept(token: string): Promise<void> {
    const current = await this.stored();
    if (current === token) return;
    if (current && tokenSubject(current) !== tokenSubject(token)) return;
    this.memory = token;
    await this.db.setMeta('token', token);
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
        const { token, reason } = await requestJson('/IBP_REFRESH.do', checkRefresh);
        const user = opts.sameUser && token ? await this.db.getMeta('user') : undefined;
        this.lost = token ? null : (reason ?? 'refused');
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

/** A token renewed this close to its expiry is renewed before use: a satellite round trip spikes to 2 s. */
const TOKEN_MARGIN_MS = 10_000;

/** A token's claims, unverified: only to notice a session that changed hands, or a token that ran out. */
function tokenClaims(token: string): { sub?: unknown; exp?: unknown } | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    return JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as {
      sub?: unknown;
      exp?: unknown;
    };
  } catch {
    return null;
  }
}

/** The user a token names (its `sub`). */
function tokenSubject(token: string): string | null {
  const sub = tokenClaims(token)?.sub;
  return typeof sub === 'string' ? sub : null;
}

/** When a token runs out (seconds since epoch), or null when it does not say. */
function tokenExpiry(token: string): number | null {
  const exp = tokenClaims(token)?.exp;
  return typeof exp === 'number' ? exp : null;
}
