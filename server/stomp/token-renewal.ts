// A connection's token, renewed on the traffic that reaches the device anyway (architecture.md#token-renewal): once
// the token the device connected with (or was last given) is past the renewal point, a new one is made ready, and the
// next MESSAGE to that connection carries it in an X-AUTH-TOKEN header. A quiet spell costs nothing; the device's
// next call after it finds a live token instead of paying a refresh round trip first.
import type { StompHooks, StompPrincipal } from './options.ts';

/** The header a MESSAGE carries a renewed token in: the same name as the calls' request and answer header. */
const RENEWED_TOKEN_HEADER = 'x-auth-token';

export class TokenRenewal<U extends StompPrincipal> {
  private ready: string | null = null;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(
    private readonly hooks: Pick<StompHooks<U>, 'renewToken'>,
    private readonly user: U,
    /** A token with this many seconds left is renewed; 0: never. */
    private readonly whenLeftS: number,
  ) {
    if (user.tokenExp !== undefined) this.arm(user.tokenExp);
  }

  /** The headers of the next MESSAGE: the ready token, once. */
  take(): [string, string][] {
    if (!this.ready) return [];
    const token = this.ready;
    this.ready = null;
    return [[RENEWED_TOKEN_HEADER, token]];
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
  }

  /** Makes a token ready at the renewal point of one that expires at `exp` (seconds since the epoch). */
  private arm(exp: number): void {
    if (this.whenLeftS <= 0 || !this.hooks.renewToken || this.stopped) return;
    const ms = Math.max(0, (exp - this.whenLeftS) * 1000 - Date.now());
    this.timer = setTimeout(() => void this.prepare(), ms);
    this.timer.unref();
  }

  private async prepare(): Promise<void> {
    // A session that ended gets none (the sweep closes its socket); a failure waits for the next call's renewal.
    const made = await this.hooks.renewToken?.(this.user).catch(() => null);
    if (!made || this.stopped) return;
    this.ready = made.token;
    // Not carried before its own renewal point (no message came): a newer one replaces it then.
    this.arm(made.exp);
  }
}
