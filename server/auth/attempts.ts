// Failed sign-on attempts, counted over a sliding window (architecture.md#sign-on-limits): an attempt with a
// device cookie for its user ID counts against that device alone; any other attempt against its user ID's count
// of untrusted clients and its address's. Past a limit, sign-on answers 429 with Retry-After until the oldest
// failure that matters leaves the window. Kept in the database, so every instance counts the same failures.
import type { Sql } from '../db/db.ts';

export interface AttemptLimits {
  /** Failures with one device cookie within the window: the owner's own typos. */
  perDevice: number;
  /** Failures of one user ID from clients without its device cookie, from anywhere. */
  perUser: number;
  /** Failures from one address without a device cookie, whatever the user IDs (a ship shares one address). */
  perAddress: number;
  windowMs: number;
}

export const DEFAULT_ATTEMPT_LIMITS: AttemptLimits = {
  perDevice: 10,
  perUser: 5,
  perAddress: 100,
  windowMs: 15 * 60_000,
};

/** Whom an attempt is judged as: a device that signed on before as this user ID, or an untrusted client. */
export type Attempter = { device: string } | { usrId: string; address: string };

export interface SignOnAttempts {
  /** Seconds to wait before another try, or 0 when one may be made now. */
  retryAfterS(who: Attempter): Promise<number>;
  failed(who: Attempter): Promise<void>;
  /** The right password: the device's own failures, or the user ID's untrusted ones, are forgotten. */
  succeeded(who: Attempter): Promise<void>;
}

/** Each count an attempter's failures fall in, with its limit. */
function countsOf(who: Attempter, limits: AttemptLimits): [key: string, limit: number][] {
  if ('device' in who) return [[`d:${who.device}`, limits.perDevice]];
  return [
    [`u:${who.usrId.trim().toLowerCase()}`, limits.perUser],
    [`a:${who.address}`, limits.perAddress],
  ];
}

/** Old failures go at most this often (per instance), on the next failure. */
const PRUNE_EVERY_MS = 60_000;

export function signOnAttempts(sql: Sql, limits: AttemptLimits = DEFAULT_ATTEMPT_LIMITS): SignOnAttempts {
  const windowS = limits.windowMs / 1000;
  /**
   * Counts this instance has seen locked, and until when (its clock): a flood against a locked count is answered
   * without asking the database. A lock ends only when its failures age out, so the note stays true until then.
   */
  const locked = new Map<string, number>();
  let prunedAt = 0;
  return {
    async retryAfterS(who) {
      const counts = countsOf(who, limits);
      const now = Date.now();
      for (const [key, until] of locked) if (until <= now) locked.delete(key);
      const known = Math.max(0, ...counts.map(([key]) => locked.get(key) ?? 0));
      if (known > now) return Math.ceil((known - now) / 1000);
      // The limit-th latest failure of each count within the window: while there is one, the count is locked until
      // it leaves the window.
      const rows = await sql.query<{ key: string; wait_s: number | null }>(
        `SELECT c.key,
                ceil(extract(epoch FROM (
                  SELECT (array_agg(f.at ORDER BY f.at DESC))[c.lim]
                    FROM sign_on_failures f
                   WHERE f.key = c.key AND f.at > now() - make_interval(secs => $3)
                ) + make_interval(secs => $3) - now()))::int AS wait_s
           FROM unnest($1::text[], $2::int[]) AS c(key, lim)`,
        [counts.map(([key]) => key), counts.map(([, limit]) => limit), windowS],
      );
      let wait = 0;
      for (const { key, wait_s } of rows) {
        if (wait_s === null || wait_s <= 0) continue;
        locked.set(key, now + wait_s * 1000);
        wait = Math.max(wait, wait_s);
      }
      return wait;
    },
    async failed(who) {
      const keys = countsOf(who, limits).map(([key]) => key);
      await sql.query('INSERT INTO sign_on_failures (key) SELECT unnest($1::text[])', [keys]);
      if (Date.now() - prunedAt < PRUNE_EVERY_MS) return;
      prunedAt = Date.now();
      await sql.query('DELETE FROM sign_on_failures WHERE at < now() - make_interval(secs => $1)', [windowS]);
    },
    async succeeded(who) {
      // The address's count stays: a right password of one crew member says nothing of another's guesses.
      const [key] = countsOf(who, limits)[0] ?? [];
      if (key) await sql.query('DELETE FROM sign_on_failures WHERE key = $1', [key]);
    },
  };
}
