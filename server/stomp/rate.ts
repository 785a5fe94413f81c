// The broker's fair share of SEND (architecture.md#the-brokers-fair-share): a token bucket for each connection and
// one for each user across that user's connections on this instance. A SEND takes a token from both or is refused.

import { StompProtocolError } from './frame.ts';

/** A burst taken at once, then a steady rate. */
export interface SendRate {
  burst: number;
  perSecond: number;
}

export class TokenBucket {
  private tokens: number;
  private at: number;

  /** Full at first. */
  constructor(rate: SendRate, now = Date.now()) {
    this.tokens = rate.burst;
    this.at = now;
  }

  /** Tokens now; the rate is given at each call, so that a setting changed at run time applies at once. */
  level(rate: SendRate, now: number): number {
    this.tokens = Math.min(rate.burst, this.tokens + ((now - this.at) / 1000) * rate.perSecond);
    this.at = now;
    return this.tokens;
  }

  take(): void {
    this.tokens -= 1;
  }
}

/** The settings of STOMP_SEND_BURST and STOMP_SEND_PER_MIN: a connection's share; its user's is twice that. */
export function sendShare(burst: number, perMinute: number): { send: SendRate; userSend: SendRate } {
  return {
    send: { burst, perSecond: perMinute / 60 },
    userSend: { burst: 2 * burst, perSecond: (2 * perMinute) / 60 },
  };
}

/** Milliseconds until a bucket at `level` holds a whole token again. */
const waitFor = (level: number, rate: SendRate): number =>
  level >= 1 ? 0 : rate.perSecond > 0 ? Math.ceil(((1 - level) / rate.perSecond) * 1000) : Infinity;

const perSecond = (rate: SendRate): string => `${Number(rate.perSecond.toFixed(2))} a second`;

/** The ERROR 429 of a SEND past the share, in plain words: what the share is, and how long to wait. */
export function shareExceeded(
  waitMs: number,
  rates: { connection: SendRate; user: SendRate },
  receipt: string | undefined,
): StompProtocolError {
  const wait = Number.isFinite(waitMs) ? `${Math.max(0.1, Math.ceil(waitMs / 100) / 10)} s` : 'a while';
  return new StompProtocolError(
    429,
    `Too many messages: a connection may send ${rates.connection.burst} at once and then ` +
      `${perSecond(rates.connection)} (a user's connections together ${rates.user.burst} and ` +
      `${perSecond(rates.user)}). Wait ${wait}, connect again and send the rest.`,
    receipt,
  );
}

/** Users' buckets are forgotten once full again: a sweep looks for them past this many users, once a second at most. */
const SWEEP_AT = 1000;

export class SendLimiter {
  private readonly users = new Map<string, TokenBucket>();
  private sweptAt = 0;

  /**
   * One SEND of usrId on the connection whose bucket is `conn`: 0 when both buckets had a token (each gives one),
   * else how many milliseconds to wait before a SEND would be taken (nothing is taken then).
   */
  take(
    conn: TokenBucket,
    usrId: string,
    rates: { connection: SendRate; user: SendRate },
    now = Date.now(),
  ): number {
    let user = this.users.get(usrId);
    if (!user) {
      if (this.users.size >= SWEEP_AT && now - this.sweptAt >= 1000) this.sweep(rates.user, now);
      user = new TokenBucket(rates.user, now);
      this.users.set(usrId, user);
    }
    const wait = Math.max(
      waitFor(conn.level(rates.connection, now), rates.connection),
      waitFor(user.level(rates.user, now), rates.user),
    );
    if (wait > 0) return wait;
    conn.take();
    user.take();
    return 0;
  }

  /** Milliseconds until usrId's connections together may SEND again (0: now). */
  wait(usrId: string, rate: SendRate, now = Date.now()): number {
    const user = this.users.get(usrId);
    return user ? waitFor(user.level(rate, now), rate) : 0;
  }

  /** Resolves once usrId may SEND again, after maxMs at most, or once `gone()` says the caller went. */
  async share(usrId: string, rate: SendRate, maxMs: number, gone: () => boolean): Promise<void> {
    const until = Date.now() + maxMs;
    for (
      let ms = this.wait(usrId, rate);
      ms > 0 && !gone() && Date.now() < until;
      ms = this.wait(usrId, rate)
    )
      await new Promise((resolve) => setTimeout(resolve, Math.min(ms, until - Date.now())));
  }

  /** A full bucket is the same as none: forgetting it keeps the map as small as the users sending now. */
  private sweep(rate: SendRate, now: number): void {
    this.sweptAt = now;
    for (const [usrId, bucket] of this.users)
      if (bucket.level(rate, now) >= rate.burst) this.users.delete(usrId);
  }
}
